/** POST /payments/process: charges a card or opens a PIX for the annual (or renewal) price. */
import { and, eq } from 'drizzle-orm';
import {
  CHECKOUT_MSG,
  type ProcessPaymentData,
  type ProcessPaymentResponse,
} from '../../../shared/checkout-schemas';
import { PIX_TTL_MINUTES } from '../../../shared/plans';
import { payments, type Payment } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { ProviderError, type ChargeResult, type CreateChargeInput } from '../providers/types';
import { PAYMENT_MSG } from '../messages';
import { planDescription, planForAmount } from '../pricing';
import { billingDataOf } from '../../membership/subscribers/subscribers';
import { attemptValues, cardOf, openAttempt } from './attempts';
import type { InPageContext } from './context';
import { completed, verifying } from './status';
import { heldBack, unsettledAttemptOf, unsettledLinkOf } from '../unsettled-attempts';
import { qrImage } from './qr-image';
import { failPayment, confirmPayment } from '../confirmation/confirm-payment';
import { customerOf } from '../links/link-details';

/** Sends the attempt to the provider; a refusal fails it, an unknown outcome leaves it "em verificação". */
async function sendCharge(
  ctx: InPageContext,
  charge: CreateChargeInput,
): Promise<ChargeResult | ProcessPaymentResponse> {
  const { paymentId, attempt, amount } = charge;
  try {
    return await ctx.provider.createCharge(charge);
  } catch (error) {
    ctx.log.warn({ paymentId, attempt, err: (error as Error).message }, 'charge creation failed');
    // No answer: never "failed", never a second charge.
    if (error instanceof ProviderError && error.outcomeUnknown) return verifying(ctx, paymentId);
    const reason = error instanceof ProviderError ? error.message : CHECKOUT_MSG.paymentFailed;
    failPayment(ctx.confirmation, paymentId, null, reason);
    ctx.history.record({
      paymentId,
      source: 'checkout',
      kind: 'attempt_answer',
      details: { attempt, outcome: 'failed', amount, reason },
    });
    throw new AppError('BAD_GATEWAY', reason);
  }
}

/**
 * What the provider answered, on the attempt's row (only while still ours) and in its history.
 * Shared with the automatic renewal's charges (`source: 'renewal'`).
 */
export function recordAnswer(
  ctx: Pick<InPageContext, 'db' | 'history'>,
  paymentId: string,
  attempt: number,
  charge: ChargeResult,
  source: 'checkout' | 'renewal' = 'checkout',
) {
  ctx.history.record({
    paymentId,
    source,
    kind: 'attempt_answer',
    details: {
      attempt,
      outcome: charge.status,
      orderId: charge.providerOrderId,
      chargeId: charge.providerChargeId,
      amount: charge.amount,
      reason: charge.failureReason,
    },
  });
  // Only while still ours: a webhook may already have settled the attempt.
  ctx.db
    .update(payments)
    .set({
      transactionId: charge.providerChargeId,
      providerChargeId: charge.providerChargeId,
      providerOrderId: charge.providerOrderId,
      cardBrand: charge.cardBrand,
      cardLast4: charge.cardLast4,
    })
    .where(and(eq(payments.id, paymentId), eq(payments.status, 'pending')))
    .run();
}

/** The customer's answer: approved, refused, a PIX to pay, or still processing. */
async function answerOf(
  ctx: InPageContext,
  paymentId: string,
  method: ProcessPaymentData['paymentMethod'],
  charge: ChargeResult,
): Promise<ProcessPaymentResponse> {
  const payment = ctx.getById(paymentId) as Payment;
  if (charge.status === 'paid') {
    // Confirming keeps the card's reference for automatic renewal (ADR 052), as for any paid card.
    confirmPayment(ctx.confirmation, payment, charge);
    return completed(ctx, paymentId);
  }
  if (charge.status === 'failed' || charge.status === 'refunded' || charge.status === 'cancelled') {
    const reason = charge.failureReason ?? CHECKOUT_MSG.paymentFailed;
    failPayment(ctx.confirmation, paymentId, charge, reason);
    throw new AppError('UNPROCESSABLE_CONTENT', reason);
  }
  if (method === 'pix' && charge.pix) {
    ctx.db
      .update(payments)
      .set({ pixCode: charge.pix.qrCodeText, pixExpiresAt: charge.pix.expiresAt })
      .where(eq(payments.id, paymentId))
      .run();
    return {
      success: true,
      paymentId,
      message: CHECKOUT_MSG.pixCreated,
      status: 'pending',
      pixData: {
        qrCode: await qrImage(charge.pix.qrCodeText),
        qrCodeText: charge.pix.qrCodeText,
        expiresAt: charge.pix.expiresAt.toISOString(),
      },
    };
  }
  return { success: true, paymentId, message: PAYMENT_MSG.processing, status: 'pending' };
}

export async function process(
  ctx: InPageContext,
  input: ProcessPaymentData,
): Promise<ProcessPaymentResponse> {
  const { customerData, paymentData, paymentMethod } = input;
  const currentSettings = ctx.settings.get();
  // Anonymous: priced as a stranger whatever the e-mail (the renewal price is offered signed in).
  const planType = planForAmount(paymentData.amount, currentSettings, null);
  const amount = paymentData.amount;
  const card = cardOf(ctx, input);
  // One person, one charge while an attempt's outcome is unknown: nothing is written or sent.
  const unsettled = unsettledAttemptOf(ctx, customerData);
  if (unsettled && unsettled.id !== input.paymentId) return heldBack(ctx, unsettled, customerData);
  // A link past its deadline, the provider's answer awaited: this page follows payments, not links,
  // so everyone (its own person too) is told a payment is in verification, and nothing is charged.
  if (unsettledLinkOf(ctx, customerData)) throw new AppError('CONFLICT', PAYMENT_MSG.verifyingForPerson);
  const profile = {
    name: customerData.name,
    email: customerData.email,
    phone: customerData.phone,
    cpf: customerData.cpf,
    ...customerData.address,
  };
  const { subscriber } = ctx.subscribers.upsertForCheckout(profile, amount);
  const billing = { ...billingDataOf(profile), email: subscriber.email };
  const description = planDescription(planType, currentSettings);
  // The page may carry the id of an earlier attempt of the same customer: keep one record.
  const previous = input.paymentId ? ctx.getById(input.paymentId) : undefined;
  const reuse =
    previous && previous.subscriberId === subscriber.id && !previous.paymentLinkId ? previous : undefined;
  const paymentId = reuse?.id ?? newId();
  const values = attemptValues(ctx, {
    subscriberId: subscriber.id,
    planType,
    amount,
    method: paymentMethod,
    description,
    billingData: billing,
  });
  const opened = await openAttempt(ctx, paymentId, reuse, values);
  if ('answer' in opened) return opened.answer;
  const { attempt } = opened;
  ctx.history.record({
    paymentId,
    source: 'checkout',
    kind: 'attempt_sent',
    details: { attempt, method: paymentMethod },
  });
  const charge = await sendCharge(ctx, {
    paymentId,
    amount,
    description,
    method: paymentMethod,
    customer: customerOf(subscriber.id, billing),
    ...card,
    pixExpiresInSeconds: PIX_TTL_MINUTES * 60,
    ...(paymentMethod === 'credit_card'
      ? { statementDescriptor: ctx.settings.get().statementDescriptor }
      : {}),
    attempt,
  });
  if ('success' in charge) return charge;
  recordAnswer(ctx, paymentId, attempt, charge);
  return answerOf(ctx, paymentId, paymentMethod, charge);
}
