/**
 * Provider checks as they may be shown (the public /test-api panel and the back office): which
 * provider is configured and whether it answers, never a key or token. Provider texts are already
 * scrubbed by the providers; the configured secrets are scrubbed once more here, because a leak on
 * a public page would be the costly kind. Every caller goes through this service, so no transport
 * can forget the second scrub.
 */
import type { Env } from '../env';
import { providerText, type ProviderStatus } from '../lib/provider-status';
import type { ServiceDeps } from '../lib/deps';
import type { createMessagingService } from '../messaging/messaging';
import type { createPaymentsService } from '../payments/payments';

function safeUrlPassword(url: string): string | undefined {
  try {
    return decodeURIComponent(new URL(url).password) || undefined;
  } catch {
    return undefined;
  }
}

function secretsOf(env: Env): (string | undefined)[] {
  return [
    env.PAGARME_SECRET_KEY,
    env.PAGARME_WEBHOOK_PASSWORD,
    env.SANDBOX_WEBHOOK_SECRET,
    env.WHATSAPP_TOKEN,
    env.SMTP_URL,
    env.SMTP_URL ? safeUrlPassword(env.SMTP_URL) : undefined,
    env.SMTP_PASSWORD,
  ];
}

export function createDiagnosticsService({
  env,
  clock,
  payments,
  messaging,
}: ServiceDeps & {
  payments: Pick<ReturnType<typeof createPaymentsService>, 'providerStatus'>;
  messaging: ReturnType<typeof createMessagingService>;
}) {
  const secrets = secretsOf(env);
  const scrub = <P extends string>(status: ProviderStatus<P>): ProviderStatus<P> =>
    status.detail === undefined ? status : { ...status, detail: providerText(status.detail, secrets) };

  return {
    /** The payment provider (sandbox or Pagar.me) and whether it answers. */
    async paymentProvider() {
      const status = scrub(await payments.providerStatus());
      return { ...status, checkedAt: clock.now().toISOString() };
    },

    /** The WhatsApp and e-mail transports and whether they answer. */
    async messaging() {
      const status = await messaging.status();
      return {
        whatsapp: scrub(status.whatsapp),
        email: scrub(status.email),
        checkedAt: clock.now().toISOString(),
      };
    },
  };
}
