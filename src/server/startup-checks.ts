/**
 * Checks a configuration must pass before `npm start` serves anyone (issue 8 §2). The sandbox
 * payment provider is right for `npm install && npm start` on a laptop, and wrong for a real
 * deployment whose owner forgot the Pagar.me key: anyone would "pay" with a test card, and the PIX
 * codes would carry the club's real key for payments no one will ever match.
 */
import type { Env } from './env';

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '::1', '[::1]']);

/** Whether a URL points at this machine only (a developer's or a test's server). */
export function isLoopbackUrl(url: string): boolean {
  const { hostname } = new URL(url);
  return (
    LOOPBACK_HOSTS.has(hostname) || hostname.endsWith('.localhost') || /^127\.\d+\.\d+\.\d+$/.test(hostname)
  );
}

/** One line saying what to set, or null when the configuration may serve. */
export function startupRefusal(env: Env): string | null {
  if (
    env.paymentProvider === 'sandbox' &&
    env.PAYMENT_PROVIDER !== 'sandbox' &&
    !isLoopbackUrl(env.publicUrl)
  ) {
    return (
      `PUBLIC_URL (${env.publicUrl}) é um endereço público, mas nenhum provedor de pagamento real está ` +
      'configurado: defina PAGARME_SECRET_KEY, ou PAYMENT_PROVIDER=sandbox para manter o sandbox de propósito.'
    );
  }
  return null;
}
