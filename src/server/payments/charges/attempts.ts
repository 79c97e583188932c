/** An in-page attempt: the card it carries, and the payment row it is recorded on (new or taken back). */
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  cardExpired,
  CHECKOUT_MSG,
  parseCardExpiry,
  type ProcessPaymentData,
  type ProcessPaymentResponse,
} from '../../../shared/checkout-schemas';
import { payments, type Payment } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { isSandbox } from '../providers';
import type { CardInput } from '../providers/types';
import { PAYMENT_MSG } from '../messages';
import type { InPageContext } from './context';
import { pastDeadline } from '../verification';
import { completed, verifying } from './status';

/** A card by the provider's token, or (the sandbox only) as typed. */
export function cardOf(
  { provider, clock }: InPageContext,
  input: ProcessPaymentData,
): { card?: CardInput; cardToken?: string } {
  const { paymentData, paymentMethod } = input;
  if (paymentMethod !== 'credit_card') return {};
  if (paymentData.cardToken) return { cardToken: paymentData.cardToken };
  if (!paymentData.cardData) throw new AppError('BAD_REQUEST', CHECKOUT_MSG.cardDataRequired);
  // Raw card data reaches a server only in the sandbox: with a real provider the browser sends
  // the card to the provider and us the token (PCI scope stays with the provider).
  if (!isSandbox(provider)) throw new AppError('BAD_REQUEST', CHECKOUT_MSG.cardDataNotAccepted);
  const expiry = parseCardExpiry(paymentData.cardData.expiryDate);
  // The form's own rule (shared), with the server's clock.
  if (!expiry || cardExpired(paymentData.cardData.expiryDate, clock.now())) {
    throw new AppError('BAD_REQUEST', CHECKOUT_MSG.cardExpired);
  }
  return {
    card: {
      number: paymentData.cardData.cardNumber,
      holderName: paymentData.cardData.cardHolderName,
      expMonth: expiry.month,
      expYear: expiry.year,
      cvv: paymentData.cardData.cvv,
    },
  };
}

/** The columns a new attempt writes, on a new row or on the earlier attempt taken back. */
export function attemptValues(
  ctx: InPageContext,
  attempt: {
    subscriberId: string;
    planType: Payment['planType'];
    amount: number;
    method: ProcessPaymentData['paymentMethod'];
    description: string;
    billingData: NonNullable<Payment['billingData']>;
  },
) {
  return {
    ...attempt,
    status: 'pending' as const,
    provider: ctx.provider.name,
    failureReason: null,
    cardBrand: null,
    cardLast4: null,
    pixCode: null,
    pixExpiresAt: null,
    // A new attempt starts with no charge of its own: a late event of an earlier attempt's charge
    // then finds nothing to change here (its entries stay in the payment's history).
    providerChargeId: null,
    providerOrderId: null,
    transactionId: null,
    deadlineCancelledAt: null,
    attemptStartedAt: ctx.clock.now(),
    updatedAt: ctx.clock.now(),
  };
}

export type AttemptValues = ReturnType<typeof attemptValues>;

/**
 * Takes an earlier attempt back for a new charge, atomically: only a `failed` or `cancelled` row
 * becomes `pending` again, as the next attempt (a new idempotency key). An attempt in flight, in
 * verification, paid or refunded is never reused: two submits of one attempt cannot both reach
 * the provider.
 */
function claimAttempt({ db, getById }: InPageContext, previous: Payment, values: AttemptValues) {
  const claimed = db
    .update(payments)
    .set({ ...values, attempt: sql`${payments.attempt} + 1`, verifyingSince: null })
    .where(and(eq(payments.id, previous.id), inArray(payments.status, ['failed', 'cancelled'])))
    .run();
  if (claimed.changes > 0) return;
  const current = getById(previous.id)?.status;
  throw new AppError(
    'CONFLICT',
    current === 'paid'
      ? CHECKOUT_MSG.paymentAlreadyPaid
      : current === 'refunded'
        ? PAYMENT_MSG.attemptRefunded
        : PAYMENT_MSG.attemptInProgress,
  );
}

export type OpenedAttempt = { attempt: number } | { answer: ProcessPaymentResponse };

/**
 * Records the attempt on its row: a new one, or the customer's earlier one taken back. The same
 * payment while its outcome is unknown (its answer lost, or its PIX past the deadline) is asked
 * about first: paid → the customer sees it paid; still unknown → "em verificação", and nothing is
 * sent (a retry never sends that attempt again with another body under its key).
 */
export async function openAttempt(
  ctx: InPageContext,
  paymentId: string,
  reuse: Payment | undefined,
  values: AttemptValues,
): Promise<OpenedAttempt> {
  const { db, getById, clock } = ctx;
  if (reuse?.status === 'pending' && (reuse.verifyingSince || pastDeadline(reuse, clock.now()))) {
    await ctx.verification.check(reuse.id, 'checkout');
    const current = getById(reuse.id) as Payment;
    if (current.status === 'paid') return { answer: completed(ctx, current.id) };
    if (current.status === 'pending' && current.verifyingSince) return { answer: verifying(ctx, current.id) };
    // Settled by the provider's answer (failed, or cancelled as unpaid) is taken back; a PIX the
    // provider says is still payable is an attempt in progress (refused by the claim).
    claimAttempt(ctx, current, values);
  } else if (reuse) claimAttempt(ctx, reuse, values);
  else
    db.insert(payments)
      .values({ ...values, attempt: 1, id: paymentId, createdAt: values.updatedAt })
      .run();
  return { attempt: (getById(paymentId) as Payment).attempt };
}
