/**
 * Provider webhooks: verified, deduplicated on the hook id, then applied through
 * payment-confirmation. Answers are domain results (`received` or `refused` with a reason); the
 * webhook operation turns a refusal into its HTTP status.
 */
import { and, eq, sql } from 'drizzle-orm';
import { CHECKOUT_MSG } from '../../shared/checkout-schemas';
import { payments, paymentLinks, webhookEvents, type Payment, type PaymentLink } from '../db/schema';
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
import type { PaymentConfirmation } from './payment-confirmation';
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

  /**
   * The payment a refund is about: by its charge, by its order (the paid row of it), by our own
   * reference, or as the payment recorded for the link the event names.
   */
  function findRefundedPayment(event: PaymentEvent): Payment | undefined {
    const byCharge = confirmation.paymentByCharge(provider.name, event.charge?.providerChargeId);
    if (byCharge) return byCharge;
    const orderId = event.charge?.providerOrderId;
    const byOrder = orderId
      ? db
          .select()
          .from(payments)
          .where(
            and(
              eq(payments.provider, provider.name),
              eq(payments.providerOrderId, orderId),
              eq(payments.status, 'paid'),
            ),
          )
          .get()
      : undefined;
    if (byOrder) return byOrder;
    const byReference = findPayment(event);
    if (byReference) return byReference;
    const linkPaymentId = findLink(event)?.paymentId;
    return linkPaymentId ? getById(linkPaymentId) : undefined;
  }

  /** Applies a verified event. 'not_found' when it names nothing of ours. */
  function applyEvent(event: PaymentEvent): 'processed' | 'ignored' | 'not_found' {
    if (event.outcome === 'ignored') return 'ignored';
    if (event.outcome === 'refunded') {
      const payment = findRefundedPayment(event);
      if (!payment) return 'not_found';
      confirmation.markRefunded(payment, PAYMENT_MSG.refundedByProvider, PROVIDER);
      return 'processed';
    }
    const link = findLink(event);
    if (link) {
      if (event.outcome === 'paid') confirmation.confirmLink(link, event.charge);
      else if (event.outcome === 'failed') confirmation.recordLinkFailure(link, event.charge);
      else confirmation.expireLink(link.id);
      return 'processed';
    }
    const payment = findPayment(event);
    if (payment) {
      if (event.outcome === 'paid') confirmation.confirmPayment(payment, event.charge);
      else if (event.outcome === 'failed') confirmation.failPayment(payment.id, event.charge);
      else confirmation.cancelPayment(payment.id);
      return 'processed';
    }
    return 'not_found';
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
        const claimed = db
          .insert(webhookEvents)
          .values({ id: claimId, provider: source, hookId, type, receivedAt: clock.now() })
          .onConflictDoNothing()
          .run();
        if (claimed.changes === 0) return 'duplicate' as const;
        const applied = applyEvent(event);
        // Nothing of ours: no claim either, so a later delivery is examined again.
        if (applied === 'not_found') db.delete(webhookEvents).where(eq(webhookEvents.id, claimId)).run();
        else db.update(webhookEvents).set({ result: applied }).where(eq(webhookEvents.id, claimId)).run();
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
