/**
 * The /test-api panel's provider checks (spec 01 §2, §7). Public, like the panel: they say which
 * provider is configured and whether it answers, never a key or token. Provider texts are already
 * scrubbed by the providers; the configured secrets are scrubbed once more here, because a leak on
 * a public page would be the costly kind. Rate-limited: each call may reach the real providers.
 */
import { z } from 'zod';
import type { Env } from '../../env';
import { providerText } from '../../providers/provider-status';
import { defineRoute } from '../route';

const providerStatus = <P extends [string, ...string[]]>(providers: P) =>
  z.object({
    provider: z.enum(providers),
    configured: z.boolean().describe('O provedor real está configurado (senão: sandbox / registro em log)'),
    ok: z.boolean().describe('O provedor respondeu à verificação'),
    detail: z.string().optional(),
  });

function secretsOf(env: Env): (string | undefined)[] {
  return [
    env.PAGARME_SECRET_KEY,
    env.PAGARME_WEBHOOK_PASSWORD,
    env.SANDBOX_WEBHOOK_SECRET,
    env.WHATSAPP_TOKEN,
    env.SMTP_URL,
    env.SMTP_URL ? safeUrlPassword(env.SMTP_URL) : undefined,
  ];
}

function safeUrlPassword(url: string): string | undefined {
  try {
    return decodeURIComponent(new URL(url).password) || undefined;
  } catch {
    return undefined;
  }
}

function scrub<T extends { detail?: string }>(status: T, env: Env): T {
  return status.detail === undefined
    ? status
    : { ...status, detail: providerText(status.detail, secretsOf(env)) };
}

export const diagnosticsRoutes = [
  defineRoute({
    method: 'GET',
    path: '/test/pagarme',
    access: 'public',
    tag: 'sistema',
    summary: 'Teste do provedor de pagamentos (cartão/PIX): qual está configurado e se responde',
    response: providerStatus(['sandbox', 'pagarme']).extend({ checkedAt: z.string() }),
    errors: { 429: 'Muitas verificações em pouco tempo' },
    rateLimit: 'diagnostics',
    async handler({ services }) {
      const status = scrub(await services.payments.providerStatus(), services.env);
      return { ...status, checkedAt: services.clock.now().toISOString() };
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/test/whatsapp',
    access: 'public',
    tag: 'sistema',
    summary: 'Teste da mensageria (WhatsApp e e-mail): quais provedores estão configurados e se respondem',
    response: z.object({
      whatsapp: providerStatus(['log', 'cloud-api']),
      email: providerStatus(['log', 'smtp']),
      checkedAt: z.string(),
    }),
    errors: { 429: 'Muitas verificações em pouco tempo' },
    rateLimit: 'diagnostics',
    async handler({ services }) {
      const status = await services.messaging.status();
      return {
        whatsapp: scrub(status.whatsapp, services.env),
        email: scrub(status.email, services.env),
        checkedAt: services.clock.now().toISOString(),
      };
    },
  }),
];
