/**
 * POST /webhooks/:provider. Refused (`unauthorized`) when the webhook is not authentic (nothing changes); a replay of
 * a hook id already processed is acknowledged without effect; anything we cannot process now is
 * answered non-2xx so the provider retries.
 *
 * The provider is asked first (the re-fetch may take seconds or fail); only then is the hook id
 * claimed and the event applied, in one synchronous transaction. A failure or a crash at any
 * point leaves either nothing or everything, never a claim without its effect that would make
 * every retry a "duplicate".
 */
import { eq } from 'drizzle-orm';
import { CHECKOUT_MSG } from '../../../shared/checkout-schemas';
import { webhookEvents } from '../../db/schema';
import { isOutOfSpace } from '../../db/write-failures';
import { newId } from '../../lib/ids';
import {
  ProviderError,
  type PaymentEvent,
  type PaymentProviderName,
  type WebhookRequest,
} from '../providers/types';
import { PAYMENT_MSG } from '../messages';
import { applyEvent } from './apply-event';
import type { WebhooksContext } from './context';
import { refused, type WebhookResult } from './result';

type Hook = { source: PaymentProviderName; hookId: string; type: string };

/** The hook's id and type, read before anything else; null when the body is not a webhook. */
function envelopeOf(rawBody: string): { hookId: string; type: string } | null {
  try {
    const envelope = JSON.parse(rawBody) as { id?: unknown; type?: unknown };
    if (typeof envelope.id !== 'string' || !envelope.id || typeof envelope.type !== 'string') return null;
    return { hookId: envelope.id, type: envelope.type };
  } catch {
    return null;
  }
}

function failed({ log }: WebhooksContext, hook: Hook, error: unknown): WebhookResult {
  // A full disk is the operation's 503 (logged once, seen by the health check); the provider retries.
  if (isOutOfSpace(error)) throw error;
  log.error(
    { provider: hook.source, hookId: hook.hookId, type: hook.type, err: (error as Error).message },
    'webhook processing failed',
  );
  return refused(error instanceof ProviderError ? 'provider_failed' : 'failed', PAYMENT_MSG.webhookFailed);
}

/** Claims the hook id and applies the event, in one transaction; 'duplicate' when another got there first. */
function claimAndApply(ctx: WebhooksContext, hook: Hook, event: PaymentEvent) {
  const { db, clock } = ctx;
  return db.transaction(() => {
    const claimId = newId();
    const claimed = ctx.claimHook.run({
      id: claimId,
      provider: hook.source,
      hookId: hook.hookId,
      type: hook.type,
      receivedAt: clock.now(),
    });
    if (claimed.changes === 0) return 'duplicate' as const;
    const applied = applyEvent(ctx, event);
    // Nothing of ours: no claim either, so a later delivery is examined again. The claim was
    // written 'processed' (the column's default), so only another outcome is written again.
    if (applied === 'not_found') db.delete(webhookEvents).where(eq(webhookEvents.id, claimId)).run();
    else if (applied !== 'processed')
      db.update(webhookEvents).set({ result: applied }).where(eq(webhookEvents.id, claimId)).run();
    return applied;
  });
}

export async function handleWebhook(
  ctx: WebhooksContext,
  source: PaymentProviderName,
  request: WebhookRequest,
): Promise<WebhookResult> {
  const { provider, log } = ctx;
  if (provider.name !== source) return refused('not_configured', PAYMENT_MSG.webhookNotConfigured);
  if (!provider.verifyWebhook(request)) {
    log.warn({ provider: source }, 'webhook refused: bad signature or credentials');
    return refused('unauthorized', PAYMENT_MSG.webhookUnauthorized);
  }
  const envelope = envelopeOf(request.rawBody);
  if (!envelope) return refused('invalid', PAYMENT_MSG.webhookInvalid);
  const hook: Hook = { source, ...envelope };
  const duplicate: WebhookResult = { kind: 'received', duplicate: true };
  // A replay of a processed hook is answered without asking the provider again.
  if (ctx.hookSeen.get({ provider: source, hookId: hook.hookId })) return duplicate;
  let event: PaymentEvent;
  try {
    event = await provider.parseWebhook(request.rawBody);
  } catch (error) {
    return failed(ctx, hook, error);
  }
  // Money is confirmed only with its amount: a paid event that does not say how much is asked
  // about again (the provider redelivers; reconciliation re-reads), never taken as paid.
  if (event.retryLater || (event.outcome === 'paid' && (event.charge?.amount ?? null) === null)) {
    log.warn(
      { provider: source, hookId: hook.hookId, type: hook.type },
      'webhook announces a state the provider does not show yet',
    );
    return refused('not_yet', PAYMENT_MSG.webhookNotYet);
  }
  let result: ReturnType<typeof claimAndApply>;
  try {
    result = claimAndApply(ctx, hook, event);
  } catch (error) {
    return failed(ctx, hook, error);
  }
  if (result === 'duplicate') return duplicate;
  if (result === 'not_found') {
    log.warn(
      { provider: source, hookId: hook.hookId, type: hook.type, reference: event.reference },
      'webhook for an unknown link or payment',
    );
    return refused('not_found', CHECKOUT_MSG.paymentNotFound);
  }
  return result === 'ignored' ? { kind: 'received', ignored: true } : { kind: 'received' };
}
