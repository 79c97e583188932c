/**
 * In-page attempts whose provider answer was lost (issue 22; docs/decisions/030-payment-attempts-and-history.md).
 * The attempt stays `pending` and "em verificação" until its order is found by our code
 * (`GET /orders?code=` at Pagar.me): paid → confirmed (and any other paid order under that code is a
 * "cobrança duplicada"); refused → failed, so the customer may try again; still waiting (a PIX) →
 * an ordinary pending charge. With no order under our code an hour after the answer was lost,
 * nothing was created: the attempt fails and the next one gets a new idempotency key.
 * Called by reconciliation, by the status page's poll (at most once a minute) and by the
 * customer's retry of the same payment.
 */
import { and, eq, isNotNull } from 'drizzle-orm';
import { payments, type Payment, type PaymentHistorySource } from '../db/schema';
import type { FoundOrder, PaymentProvider } from '../providers/payment/types';
import type { ServiceDeps } from './deps';
import type { PaymentConfirmation } from './payment-confirmation';
import { PAYMENT_MSG } from './payment-messages';

/** Without an order under our code this long after the answer was lost, none was created. */
export const VERIFY_GIVE_UP_MS = 60 * 60 * 1000;

export type LookupOutcome = 'paid' | 'failed' | 'pending' | 'none' | 'gave_up' | 'settled';

/** What the verification of lost answers is built from, by name. */
export interface PaymentVerificationDeps extends ServiceDeps {
  provider: PaymentProvider;
  confirmation: PaymentConfirmation;
}

export function createPaymentVerification({
  db,
  clock,
  log,
  provider,
  confirmation,
}: PaymentVerificationDeps) {
  const reread = (id: string) => db.select().from(payments).where(eq(payments.id, id)).get();

  /** This attempt's orders (an order that does not say its attempt counts: the sandbox's). */
  const ofAttempt = (orders: FoundOrder[], attempt: number) =>
    orders.filter((order) => order.attempt === null || order.attempt === attempt);

  /** A PIX order found waiting: the attempt becomes an ordinary pending charge with its code. */
  function waiting(payment: Payment, order: FoundOrder) {
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

  function settle(payment: Payment, orders: FoundOrder[]): { outcome: LookupOutcome; order?: FoundOrder } {
    // Every paid order under our code is money for this payment: the first confirms it, any other
    // is recorded as a duplicate charge by the same confirmation.
    const paid = orders.filter((order) => order.charge.status === 'paid');
    for (const order of paid) confirmation.confirmPayment(reread(payment.id) ?? payment, order.charge);
    if (paid[0]) return { outcome: 'paid', order: paid[0] };
    const mine = ofAttempt(orders, payment.attempt);
    const failed = mine.find((order) => order.charge.status === 'failed');
    if (failed) {
      confirmation.failPayment(payment.id, failed.charge);
      return { outcome: 'failed', order: failed };
    }
    const pending = mine.find((order) => order.charge.status === 'pending');
    if (pending) {
      waiting(payment, pending);
      return { outcome: 'pending', order: pending };
    }
    const since = payment.verifyingSince?.getTime() ?? clock.now().getTime();
    if (clock.now().getTime() - since >= VERIFY_GIVE_UP_MS) {
      confirmation.failPayment(payment.id, null, PAYMENT_MSG.verifyingGaveUp);
      return { outcome: 'gave_up' };
    }
    return { outcome: 'none' };
  }

  return {
    /**
     * Looks the attempt up by our code and settles it. `settled` when it was no longer in
     * verification; provider failures are logged and leave it as it was (`none`).
     */
    async lookUp(paymentId: string, source: PaymentHistorySource): Promise<LookupOutcome> {
      const payment = reread(paymentId);
      if (!payment || payment.status !== 'pending' || !payment.verifyingSince) return 'settled';
      db.update(payments)
        .set({ checkedAt: clock.now() })
        .where(and(eq(payments.id, paymentId), isNotNull(payments.verifyingSince)))
        .run();
      let orders: FoundOrder[];
      try {
        orders = await provider.findOrders({ reference: paymentId });
      } catch (error) {
        log.warn({ paymentId, err: (error as Error).message }, 'lookup of a payment in verification failed');
        return 'none';
      }
      // Settled meanwhile (a webhook): nothing to do.
      const current = reread(paymentId);
      if (!current || current.status !== 'pending' || !current.verifyingSince) return 'settled';
      const { outcome, order } = settle(current, orders);
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
    },
  };
}

export type PaymentVerification = ReturnType<typeof createPaymentVerification>;
