/**
 * Provider webhooks: verified, deduplicated on the hook id, then applied through
 * payment-confirmation. Answers are domain results (`received` or `refused` with a reason); the
 * webhook operation turns a refusal into its HTTP status.
 */
import { and, eq, sql } from 'drizzle-orm';
import { CHECKOUT_MSG } from '../../shared/checkout-schemas';
import { paymentLinks, webhookEvents, type Payment, type PaymentLink } from '../db/schema';
import { newId } from '../ids';
import {
  ProviderError,
  type PaymentEvent,
  type PaymentProvider,
  type PaymentProviderName,
  type WebhookRequest,
} from '../providers/payment/types';
import type { ServiceDeps } from './deps';
import { PAYMENT_MSG } from './payment-messages';
import type { ConfirmResult, PaymentConfirmation } from './payment-confirmation';
import type { PaymentLinksService } from './payment-links';
import { PROVIDER } from './subscriber-lifecycle';

/** Why a webhook was not taken; the provider retries everything but `unauthorized`/`invalid`. */
export type WebhookRefusal =
  'not_configured' | 'unauthorized' | 'invalid' | 'not_yet' | 'not_found' | 'provider_failed' | 'failed';

export type WebhookResult =
  | { kind: 'received'; duplicate?: true; ignored?: true }
  | { kind: 'refused'; reason: WebhookRefusal; message: string };

const refused = (reason: WebhookRefusal, message: string): WebhookResult => ({
  kind: 'refused',
  reason,
  message,
});

export function createPaymentWebhooks(
  deps: ServiceDeps,
  provider: PaymentProvider,
  paymentLinks_: PaymentLinksService,
  confirmation: PaymentConfirmation,
  getById: (id: string) => Payment | undefined,
) {
  const { db, clock, log } = deps;

  const hookSeen = db
    .select({ id: webhookEvents.id })
    .from(webhookEvents)
    .where(
      and(
        eq(webhookEvents.provider, sql.placeholder('provider')),
        eq(webhookEvents.hookId, sql.placeholder('hookId')),
      ),
    )
    .prepare();

  // Prepared once: the claim runs for every webhook (ADR 043).
  const claimHook = db
    .insert(webhookEvents)
    .values({
      id: sql.placeholder('id'),
      provider: sql.placeholder('provider'),
      hookId: sql.placeholder('hookId'),
      type: sql.placeholder('type'),
      receivedAt: sql.placeholder('receivedAt'),
    })
    .onConflictDoNothing()
    .prepare();

  /** Every reference the event may carry (ADR 020: the provider's field for it is not fixed). */
  const referencesOf = (event: PaymentEvent) =>
    [...new Set([event.reference, ...(event.references ?? [])])].filter((value): value is string =>
      Boolean(value),
    );

  function findLink(event: PaymentEvent): PaymentLink | undefined {
    const references = referencesOf(event);
    for (const reference of references) {
      const byId = paymentLinks_.getById(reference);
      if (byId) return byId;
    }
    const providerLinkIds = new Set(
      [
        event.providerLinkId,
        ...(event.providerLinkIds ?? []),
        ...references.filter((r) => r.startsWith('pl_')),
      ].filter((value): value is string => Boolean(value)),
    );
    for (const providerLinkId of providerLinkIds) {
      const byProviderId = db
        .select()
        .from(paymentLinks)
        .where(and(eq(paymentLinks.provider, provider.name), eq(paymentLinks.providerLinkId, providerLinkId)))
        .get();
      if (byProviderId) return byProviderId;
    }
    return undefined;
  }

  function findPayment(event: PaymentEvent): Payment | undefined {
    for (const reference of referencesOf(event)) {
      const byId = getById(reference);
      if (byId) return byId;
    }
    return confirmation.paymentByCharge(provider.name, event.charge?.providerChargeId);
  }

  /** What applying an event did, for the answer and for the payment's history. */
  interface Applied {
    result: 'processed' | 'ignored' | 'not_found';
    paymentId?: string | null;
    linkId?: string | null;
    change: string;
  }

  const changeOf = (result: ConfirmResult) => (result.confirmed ? 'confirmed' : result.reason);

  /**
   * `refunded` (cancelled, voided, charged back) is about one charge: only the paid payment holding
   * that very charge is refunded; a pending attempt holding it (a PIX that expired) is cancelled,
   * itself only. Never by our reference or link: a stale attempt's cancel must not touch the
   * payment that did go through (ADR 030).
   */
  function applyRefunded(event: PaymentEvent): Applied {
    const payment = confirmation.paymentByCharge(provider.name, event.charge?.providerChargeId);
    if (!payment) {
      // A charge we never recorded (a link's abandoned PIX): ours to acknowledge when the provider's
      // own answer names a link or payment of ours; otherwise unknown.
      const link = findLink(event);
      const named = link ?? findPayment(event);
      if (!named) return { result: 'not_found', change: 'none' };
      return {
        result: 'processed',
        linkId: link?.id ?? null,
        paymentId: link ? null : named.id,
        change: 'none',
      };
    }
    const base = { result: 'processed' as const, paymentId: payment.id, linkId: payment.paymentLinkId };
    if (payment.status === 'paid') {
      const done = confirmation.markRefunded(payment, PAYMENT_MSG.refundedByProvider, PROVIDER);
      return { ...base, change: done ? 'refunded' : 'none' };
    }
    if (payment.status === 'pending') {
      return { ...base, change: confirmation.cancelPayment(payment.id) ? 'cancelled' : 'none' };
    }
    return { ...base, change: 'none' };
  }

  /** Applies a verified event. 'not_found' when it names nothing of ours. */
  function apply(event: PaymentEvent): Applied {
    if (event.outcome === 'ignored') return { result: 'ignored', change: 'none' };
    if (event.outcome === 'refunded') return applyRefunded(event);
    if (event.outcome === 'paid') {
      // The charge paid again while its refund was in progress: the refund did not go through.
      const held = confirmation.paymentByCharge(provider.name, event.charge?.providerChargeId);
      if (held?.refundStatus === 'processing' && confirmation.refundReverted(held.id)) {
        return {
          result: 'processed',
          paymentId: held.id,
          linkId: held.paymentLinkId,
          change: 'refund_reverted',
        };
      }
    }
    const link = findLink(event);
    if (link) {
      if (event.outcome === 'paid') {
        const confirmed = confirmation.confirmLink(link, event.charge);
        const paymentId =
          confirmed.confirmed || 'paymentId' in confirmed ? confirmed.paymentId : link.paymentId;
        return { result: 'processed', linkId: link.id, paymentId, change: changeOf(confirmed) };
      }
      if (event.outcome === 'failed') {
        confirmation.recordLinkFailure(link, event.charge);
        return { result: 'processed', linkId: link.id, change: 'failed' };
      }
      return {
        result: 'processed',
        linkId: link.id,
        change: confirmation.expireLink(link.id) ? 'expired' : 'none',
      };
    }
    const payment = findPayment(event);
    if (!payment) return { result: 'not_found', change: 'none' };
    const base = { result: 'processed' as const, paymentId: payment.id, linkId: payment.paymentLinkId };
    if (event.outcome === 'paid') {
      return { ...base, change: changeOf(confirmation.confirmPayment(payment, event.charge)) };
    }
    if (event.outcome === 'failed') {
      return { ...base, change: confirmation.failPayment(payment.id, event.charge) ? 'failed' : 'none' };
    }
    return { ...base, change: confirmation.cancelPayment(payment.id) ? 'cancelled' : 'none' };
  }

  /** Applies a verified event and writes what it changed to the payment's (or link's) history. */
  function applyEvent(event: PaymentEvent): Applied['result'] {
    const applied = apply(event);
    if (applied.result === 'processed') {
      confirmation.history.record({
        paymentId: applied.paymentId,
        linkId: applied.linkId,
        source: 'webhook',
        kind: 'webhook',
        details: {
          type: event.type,
          outcome: event.outcome,
          change: applied.change,
          orderId: event.charge?.providerOrderId ?? null,
          chargeId: event.charge?.providerChargeId ?? null,
        },
      });
    }
    return applied.result;
  }

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
  async function handleWebhook(source: PaymentProviderName, request: WebhookRequest): Promise<WebhookResult> {
    if (provider.name !== source) return refused('not_configured', PAYMENT_MSG.webhookNotConfigured);
    if (!provider.verifyWebhook(request)) {
      log.warn({ provider: source }, 'webhook refused: bad signature or credentials');
      return refused('unauthorized', PAYMENT_MSG.webhookUnauthorized);
    }
    let hookId: string;
    let type: string;
    try {
      const envelope = JSON.parse(request.rawBody) as { id?: unknown; type?: unknown };
      if (typeof envelope.id !== 'string' || !envelope.id || typeof envelope.type !== 'string')
        throw new Error('envelope');
      hookId = envelope.id;
      type = envelope.type;
    } catch {
      return refused('invalid', PAYMENT_MSG.webhookInvalid);
    }
    const duplicate: WebhookResult = { kind: 'received', duplicate: true };
    // A replay of a processed hook is answered without asking the provider again.
    if (hookSeen.get({ provider: source, hookId })) return duplicate;

    const failed = (error: unknown): WebhookResult => {
      log.error(
        { provider: source, hookId, type, err: (error as Error).message },
        'webhook processing failed',
      );
      return refused(
        error instanceof ProviderError ? 'provider_failed' : 'failed',
        PAYMENT_MSG.webhookFailed,
      );
    };
    let event: PaymentEvent;
    try {
      event = await provider.parseWebhook(request.rawBody);
    } catch (error) {
      return failed(error);
    }
    // Money is confirmed only with its amount: a paid event that does not say how much is asked
    // about again (the provider redelivers; reconciliation re-reads), never taken as paid.
    if (event.retryLater || (event.outcome === 'paid' && (event.charge?.amount ?? null) === null)) {
      log.warn(
        { provider: source, hookId, type },
        'webhook announces a state the provider does not show yet',
      );
      return refused('not_yet', PAYMENT_MSG.webhookNotYet);
    }

    let result: ReturnType<typeof applyEvent> | 'duplicate';
    try {
      result = db.transaction(() => {
        const claimId = newId();
        const claimed = claimHook.run({
          id: claimId,
          provider: source,
          hookId,
          type,
          receivedAt: clock.now(),
        });
        if (claimed.changes === 0) return 'duplicate' as const;
        const applied = applyEvent(event);
        // Nothing of ours: no claim either, so a later delivery is examined again. The claim was
        // written 'processed' (the column's default), so only another outcome is written again.
        if (applied === 'not_found') db.delete(webhookEvents).where(eq(webhookEvents.id, claimId)).run();
        else if (applied !== 'processed')
          db.update(webhookEvents).set({ result: applied }).where(eq(webhookEvents.id, claimId)).run();
        return applied;
      });
    } catch (error) {
      return failed(error);
    }
    if (result === 'duplicate') return duplicate;
    if (result === 'not_found') {
      log.warn(
        { provider: source, hookId, type, reference: event.reference },
        'webhook for an unknown link or payment',
      );
      return refused('not_found', CHECKOUT_MSG.paymentNotFound);
    }
    return result === 'ignored' ? { kind: 'received', ignored: true } : { kind: 'received' };
  }

  return { handleWebhook, applyEvent };
}
