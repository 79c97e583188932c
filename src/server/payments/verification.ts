/**
 * Asking the provider before anything is decided about an in-page attempt
 * (docs/decisions/030-payment-attempts-and-history.md).
 *
 * - An attempt whose answer was lost stays `pending` and "em verificação" until its order is found
 *   by our code (`GET /orders?code=` at Pagar.me): paid → confirmed (and any other paid order under
 *   that code is a "cobrança duplicada"); refused → failed, so the customer may try again; still
 *   waiting (a PIX) → an ordinary pending charge. With no order under our code an hour after the
 *   answer was lost, nothing was created: the attempt fails and the next one gets a new key.
 * - An attempt with its charge on file is read back by that charge. Past its deadline (a PIX code
 *   that expired) it is cancelled only once the provider says it is unpaid; when the provider
 *   cannot be asked, it stays pending, "em verificação", and is asked again later. A row cancelled
 *   at its deadline is asked about once more by reconciliation (a PIX paid at the last second).
 * Called by reconciliation, by the status page's poll (at most once a minute) and by the
 * customer's retry of the same payment.
 */
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { HOUR_MS } from '../../shared/sao-paulo-time';
import { payments, type Payment, type PaymentHistorySource } from '../db/schema';
import type { FoundOrder, PaymentProvider } from './providers/types';
import type { ServiceDeps } from '../lib/deps';
import { PAYMENT_MSG } from './messages';
import type { ConfirmationContext } from './confirmation/context';
import { confirmPayment, failPayment, cancelPayment } from './confirmation/confirm-payment';

/** Without an order under our code this long after the answer was lost, none was created. */
export const VERIFY_GIVE_UP_MS = HOUR_MS;

export type LookupOutcome =
  'paid' | 'failed' | 'pending' | 'cancelled' | 'none' | 'gave_up' | 'settled' | 'unknown';

/** What the verification of lost answers is built from, by name. */
export interface PaymentVerificationDeps extends ServiceDeps {
  provider: PaymentProvider;
  confirmation: ConfirmationContext;
}

const reread = ({ db }: PaymentVerificationDeps, id: string) =>
  db.select().from(payments).where(eq(payments.id, id)).get();

/** This attempt's orders (an order that does not say its attempt counts: the sandbox's). */
const ofAttempt = (orders: FoundOrder[], attempt: number) =>
  orders.filter((order) => order.attempt === null || order.attempt === attempt);

/** A PIX order found waiting: the attempt becomes an ordinary pending charge with its code. */
function waiting({ db, clock }: PaymentVerificationDeps, payment: Payment, order: FoundOrder) {
  const { charge } = order;
  db.update(payments)
    .set({
      verifyingSince: null,
      providerOrderId: charge.providerOrderId,
      providerChargeId: charge.providerChargeId,
      transactionId: charge.providerChargeId,
      pixCode: charge.pix?.qrCodeText ?? null,
      pixExpiresAt: charge.pix?.expiresAt ?? null,
      updatedAt: clock.now(),
    })
    .where(and(eq(payments.id, payment.id), eq(payments.status, 'pending')))
    .run();
}

function settle(
  deps: PaymentVerificationDeps,
  payment: Payment,
  orders: FoundOrder[],
): { outcome: LookupOutcome; order?: FoundOrder } {
  const { clock, confirmation } = deps;
  // Every paid order under our code is money for this payment: the first confirms it, any other
  // is recorded as a duplicate charge by the same confirmation.
  const paid = orders.filter((order) => order.charge.status === 'paid');
  for (const order of paid) confirmPayment(confirmation, reread(deps, payment.id) ?? payment, order.charge);
  if (paid[0]) return { outcome: 'paid', order: paid[0] };
  const mine = ofAttempt(orders, payment.attempt);
  const failed = mine.find((order) => order.charge.status === 'failed');
  if (failed) {
    failPayment(confirmation, payment.id, failed.charge);
    return { outcome: 'failed', order: failed };
  }
  const pending = mine.find((order) => order.charge.status === 'pending');
  if (pending) {
    waiting(deps, payment, pending);
    return { outcome: 'pending', order: pending };
  }
  const since = payment.verifyingSince?.getTime() ?? clock.now().getTime();
  if (clock.now().getTime() - since >= VERIFY_GIVE_UP_MS) {
    failPayment(confirmation, payment.id, null, PAYMENT_MSG.verifyingGaveUp);
    return { outcome: 'gave_up' };
  }
  return { outcome: 'none' };
}

const inVerification = (payment: Payment | undefined): payment is Payment =>
  payment !== undefined && payment.status === 'pending' && payment.verifyingSince !== null;

/** The orders under our code, or null (logged) when the provider could not be asked. */
async function findOrders(
  { provider, log }: PaymentVerificationDeps,
  paymentId: string,
): Promise<FoundOrder[] | null> {
  try {
    return await provider.findOrders({ reference: paymentId });
  } catch (error) {
    log.warn({ paymentId, err: (error as Error).message }, 'lookup of a payment in verification failed');
    return null;
  }
}

/**
 * Looks the attempt up by our code and settles it. `settled` when it was no longer in
 * verification; provider failures are logged and leave it as it was (`none`).
 */
async function lookUp(
  deps: PaymentVerificationDeps,
  paymentId: string,
  source: PaymentHistorySource,
): Promise<LookupOutcome> {
  const { db, clock, confirmation } = deps;
  if (!inVerification(reread(deps, paymentId))) return 'settled';
  db.update(payments)
    .set({ checkedAt: clock.now() })
    .where(and(eq(payments.id, paymentId), isNotNull(payments.verifyingSince)))
    .run();
  const orders = await findOrders(deps, paymentId);
  if (!orders) return 'none';
  // Settled meanwhile (a webhook): nothing to do.
  const current = reread(deps, paymentId);
  if (!inVerification(current)) return 'settled';
  const { outcome, order } = settle(deps, current, orders);
  // "Nothing yet" is not news; everything else goes to the payment's history.
  if (outcome !== 'none') {
    confirmation.history.record({
      paymentId,
      source,
      kind: 'lookup',
      details: {
        outcome,
        orderId: order?.charge.providerOrderId ?? null,
        amount: order?.charge.amount ?? null,
      },
    });
  }
  return outcome;
}

/** An in-page PIX whose code can no longer be paid. */
export const pastDeadline = (payment: Pick<Payment, 'pixExpiresAt'>, now: Date): boolean =>
  payment.pixExpiresAt !== null && payment.pixExpiresAt.getTime() <= now.getTime();

/** The provider could not be asked about an attempt past its deadline: "em verificação", not cancelled. */
function markVerifying(
  { db, clock, confirmation }: PaymentVerificationDeps,
  paymentId: string,
  source: PaymentHistorySource,
) {
  const marked = db
    .update(payments)
    .set({ verifyingSince: sql`coalesce(${payments.verifyingSince}, ${clock.now().getTime()})` })
    .where(and(eq(payments.id, paymentId), eq(payments.status, 'pending')))
    .run();
  if (marked.changes > 0) {
    confirmation.history.record({
      paymentId,
      source,
      kind: 'charge_check',
      details: { change: 'verifying' },
    });
  }
}

/** What the provider's answer about the attempt's own charge changes (null: nothing). */
function applyCharge(
  deps: PaymentVerificationDeps,
  payment: Payment,
  charge: Awaited<ReturnType<PaymentProvider['getCharge']>>,
): { outcome: LookupOutcome; change: string | null } {
  const { db, clock, confirmation } = deps;
  if (charge?.status === 'paid') {
    const result = confirmPayment(confirmation, payment, charge);
    return {
      outcome: 'paid',
      change: result.confirmed ? 'confirmed' : result.reason === 'already' ? null : result.reason,
    };
  }
  if (charge?.status === 'failed') {
    return { outcome: 'failed', change: failPayment(confirmation, payment.id, charge) ? 'failed' : null };
  }
  if (charge?.status === 'refunded' || charge?.status === 'cancelled') {
    // Cancelled before it was paid (a PIX that expired): this attempt only.
    return { outcome: 'cancelled', change: cancelPayment(confirmation, payment.id) ? 'cancelled' : null };
  }
  // Unpaid, as the provider says now (no charge known to it is no payment either): past its
  // deadline it is over; before it, it is waiting.
  if (pastDeadline(payment, clock.now())) {
    const cancelled = cancelPayment(confirmation, payment.id, { atDeadline: true });
    return { outcome: 'cancelled', change: cancelled ? 'deadline' : null };
  }
  if (payment.verifyingSince) {
    db.update(payments)
      .set({ verifyingSince: null })
      .where(and(eq(payments.id, payment.id), eq(payments.status, 'pending')))
      .run();
  }
  return { outcome: 'pending', change: null };
}

/** Reads the attempt's own charge back and settles it; an unreachable provider decides nothing. */
async function checkCharge(
  deps: PaymentVerificationDeps,
  payment: Payment,
  source: PaymentHistorySource,
): Promise<LookupOutcome> {
  const { db, clock, provider, log, confirmation } = deps;
  db.update(payments).set({ checkedAt: clock.now() }).where(eq(payments.id, payment.id)).run();
  let charge: Awaited<ReturnType<PaymentProvider['getCharge']>>;
  try {
    charge = await provider.getCharge({ paymentId: payment.id, providerChargeId: payment.providerChargeId });
  } catch (error) {
    log.warn({ paymentId: payment.id, err: (error as Error).message }, 'charge check failed');
    if (pastDeadline(payment, clock.now())) markVerifying(deps, payment.id, source);
    return 'unknown';
  }
  const current = reread(deps, payment.id);
  if (current?.status !== 'pending') return 'settled';
  const { outcome, change } = applyCharge(deps, current, charge);
  if (change) {
    confirmation.history.record({
      paymentId: payment.id,
      source,
      kind: 'charge_check',
      details: {
        outcome: charge?.status ?? 'pending',
        change,
        chargeId: charge?.providerChargeId ?? payment.providerChargeId,
      },
    });
  }
  return outcome;
}

/**
 * Asks the provider about a pending attempt: by its charge when it has one, by our code when its
 * answer was lost. `settled` when it was no longer pending; `none` when there is nothing to ask.
 */
async function check(
  deps: PaymentVerificationDeps,
  paymentId: string,
  source: PaymentHistorySource,
): Promise<LookupOutcome> {
  const payment = reread(deps, paymentId);
  if (payment?.status !== 'pending') return 'settled';
  if (payment.providerChargeId) return checkCharge(deps, payment, source);
  if (payment.verifyingSince) return lookUp(deps, paymentId, source);
  return 'none';
}

/**
 * An attempt cancelled at its deadline, asked about once more: paid after all → confirmed (or a
 * "cobrança duplicada"); any other answer closes the second look. Unreachable: asked next time.
 */
async function recheckCancelled(deps: PaymentVerificationDeps, payment: Payment): Promise<boolean> {
  const { db, provider, confirmation } = deps;
  const charge = await provider.getCharge({
    paymentId: payment.id,
    providerChargeId: payment.providerChargeId,
  });
  let change: string | null = null;
  if (charge?.status === 'paid') {
    const result = confirmPayment(confirmation, payment, charge);
    change = result.confirmed ? 'confirmed' : result.reason === 'already' ? null : result.reason;
  }
  db.update(payments).set({ deadlineCancelledAt: null }).where(eq(payments.id, payment.id)).run();
  if (change) {
    confirmation.history.record({
      paymentId: payment.id,
      source: 'reconciliation',
      kind: 'charge_check',
      details: { outcome: charge?.status ?? null, change, chargeId: charge?.providerChargeId ?? null },
    });
  }
  return change === 'confirmed';
}

export function createPaymentVerification(deps: PaymentVerificationDeps) {
  return {
    lookUp: (paymentId: string, source: PaymentHistorySource): Promise<LookupOutcome> =>
      lookUp(deps, paymentId, source),
    check: (paymentId: string, source: PaymentHistorySource): Promise<LookupOutcome> =>
      check(deps, paymentId, source),
    recheckCancelled: (payment: Payment): Promise<boolean> => recheckCancelled(deps, payment),
  };
}
