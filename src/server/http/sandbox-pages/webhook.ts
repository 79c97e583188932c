/** How the sandbox tells us what happened: a signed webhook through our own route, now or on a timer. */
import type { PaymentMethod } from '../../../shared/plans';
import type { Services } from '../../services';
import type { SandboxPagesContext } from './context';

type WebhookDetails = Parameters<Services['payments']['sandboxWebhook']>[3];

/**
 * What the provider does once the customer acted: its webhook reaches our own webhook route, the
 * path a real provider's takes. False when our route did not accept it.
 */
export async function deliver(
  ctx: SandboxPagesContext,
  id: string,
  outcome: 'paid' | 'failed' | 'expired',
  method: PaymentMethod,
  details: WebhookDetails = {},
) {
  const webhook = ctx.payments.sandboxWebhook(id, outcome, method, details);
  const delivered = await ctx.app.inject({
    method: 'POST',
    url: '/api/webhooks/sandbox',
    headers: webhook.headers,
    payload: webhook.rawBody,
  });
  if (delivered.statusCode >= 300) {
    ctx.app.log.error({ status: delivered.statusCode }, 'sandbox webhook was not accepted');
    return { ok: false as const, linkId: webhook.linkId };
  }
  return { ok: true as const, linkId: webhook.linkId };
}

/** Confirms a shown PIX after SANDBOX_PIX_CONFIRM_SECONDS, once per order. */
export function scheduleAutoConfirm(ctx: SandboxPagesContext, id: string) {
  if (ctx.autoConfirmSeconds <= 0 || ctx.autoConfirm.has(id)) return;
  const timer = setTimeout(() => {
    ctx.autoConfirm.delete(id);
    deliver(ctx, id, 'paid', 'pix').catch((error: unknown) => {
      // Already paid or expired meanwhile: nothing to confirm.
      ctx.app.log.info({ id, err: (error as Error).message }, 'sandbox automatic PIX confirmation skipped');
    });
  }, ctx.autoConfirmSeconds * 1000);
  timer.unref();
  ctx.autoConfirm.set(id, timer);
}

/** The app is closing: no timer may outlive it. */
export function cancelAutoConfirms(ctx: SandboxPagesContext) {
  for (const timer of ctx.autoConfirm.values()) clearTimeout(timer);
  ctx.autoConfirm.clear();
}
