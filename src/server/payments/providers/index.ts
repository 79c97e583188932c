/**
 * Chooses the payment provider once from the configuration (`env.paymentProvider`: Pagar.me v5
 * when `PAGARME_SECRET_KEY` is set or PAYMENT_PROVIDER says so, otherwise the built-in sandbox;
 * docs/product/decisions.md §6).
 */
import type { Logger } from 'pino';
import type { Settings } from '../../../shared/content/settings-defaults';
import type { Env } from '../../env';
import { createPagarmeProvider } from './pagarme';
import { pixReceiver } from './pix-receiver';
import { createSandboxProvider, type SandboxProvider } from './sandbox';
import type { PaymentProvider } from './types';

export type { PaymentProvider } from './types';

/** What the provider is chosen and built from, by name. */
export interface PaymentProviderDeps {
  env: Env;
  log: Logger;
  settings: () => Settings;
  now: () => Date;
}

export function createPaymentProvider({ env, log, ...deps }: PaymentProviderDeps): PaymentProvider {
  if (env.paymentProvider === 'pagarme' && env.PAGARME_SECRET_KEY) {
    if (!env.PAGARME_WEBHOOK_USER || !env.PAGARME_WEBHOOK_PASSWORD) {
      log.warn(
        'PAGARME_WEBHOOK_USER/PAGARME_WEBHOOK_PASSWORD não definidos: os webhooks do Pagar.me serão recusados',
      );
    }
    if (!env.PAGARME_PUBLIC_KEY) {
      log.warn('PAGARME_PUBLIC_KEY não definida: pagamentos com cartão no checkout ficam indisponíveis');
    }
    return createPagarmeProvider({
      apiUrl: env.PAGARME_API_URL,
      secretKey: env.PAGARME_SECRET_KEY,
      publicKey: env.PAGARME_PUBLIC_KEY,
      webhookUser: env.PAGARME_WEBHOOK_USER,
      webhookPassword: env.PAGARME_WEBHOOK_PASSWORD,
    });
  }
  return createSandboxProvider({
    // Read at call time: e2e learns its port only after the server listens.
    publicUrl: () => env.publicUrl,
    pix: () => pixReceiver(deps.settings()),
    now: deps.now,
    secret: env.SANDBOX_WEBHOOK_SECRET,
  });
}

export function isSandbox(provider: PaymentProvider): provider is SandboxProvider {
  return provider.name === 'sandbox';
}
