/**
 * The old in-page checkout (card or PIX, docs/product/back-office-and-member-area.md §2): the charge and its status poll. A card arrives
 * as the provider's token (ADR 020); raw card fields only while the sandbox is the provider.
 */
import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import QRCode from 'qrcode';
import {
  cardExpired,
  CHECKOUT_MSG,
  parseCardExpiry,
  type PaymentStatusResponse,
  type ProcessPaymentData,
  type ProcessPaymentResponse,
} from '../../shared/checkout-schemas';
import { PIX_TTL_MINUTES } from '../../shared/plans';
import { payments, subscribers, type Payment } from '../db/schema';
import { AppError } from '../errors';
import { newId } from '../ids';
import { isSandbox } from '../providers/payment';
import { ProviderError, type ChargeResult, type PaymentProvider } from '../providers/payment/types';
import type { ServiceDeps } from './deps';
import { PAYMENT_MSG } from './payment-messages';
import type { PaymentConfirmation } from './payment-confirmation';
import { customerOf, LINK_PIX_GRACE_MS, PROVIDER_CHECK_INTERVAL_MS } from './payment-links';
import { createPaymentVerification } from './payment-verification';
import { planDescription, planForAmount } from './pricing';
import type { SettingsService } from './settings';
import { billingDataOf, type SubscribersService } from './subscribers';

const CHECKOUT_STATUS: Record<Payment['status'], PaymentStatusResponse['status']> = {
  paid: 'completed',
  pending: 'pending',
  failed: 'failed',
  cancelled: 'cancelled',
  refunded: 'refunded',
};

export async function qrImage(text: string): Promise<string> {
  return QRCode.toDataURL(text, { errorCorrectionLevel: 'M', margin: 2, width: 280 });
}

/** What the in-page checkout is built from, by name. */
export interface InPageChargesDeps extends ServiceDeps {
  provider: PaymentProvider;
  settings: SettingsService;
  subscribers: SubscribersService;
  confirmation: PaymentConfirmation;
  getById: (id: string) => Payment | undefined;
}

export function createInPageCharges(deps: InPageChargesDeps) {
  const { db, clock, log, provider, settings, subscribers: subscribersService, confirmation, getById } = deps;
  const verification = createPaymentVerification(deps);
  const { history } = confirmation;

  const statusQuery = db
    .select({
      id: payments.id,
      status: payments.status,
      verifyingSince: payments.verifyingSince,
      checkedAt: payments.checkedAt,
      amount: payments.amount,
      method: payments.method,
      paidAt: payments.paidAt,
      pixExpiresAt: payments.pixExpiresAt,
      subscriptionEndDate: subscribers.subscriptionEndDate,
    })
    .from(payments)
    .innerJoin(subscribers, eq(subscribers.id, payments.subscriberId))
    .where(eq(payments.id, sql.placeholder('id')))
    .prepare();

  /**
   * Takes an earlier attempt back for a new charge, atomically: only a `failed` or `cancelled` row
   * becomes `pending` again (a PIX past its time is cancelled first), as the next attempt (a new
   * idempotency key). An attempt in flight, paid or refunded is never reused: two submits of one
   * attempt cannot both reach the provider.
   */
  function claimAttempt(previous: Payment, values: Partial<typeof payments.$inferInsert>) {
    if (previous.status === 'pending' && previous.pixExpiresAt && previous.pixExpiresAt <= clock.now()) {
      confirmation.cancelPayment(previous.id);
    }
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

  /** The answer of an attempt the provider approved. */
  function completed(paymentId: string): ProcessPaymentResponse {
    return {
      success: true,
      paymentId,
      message: CHECKOUT_MSG.paymentApproved,
      status: 'completed',
      subscriptionEndDate: status(paymentId).subscriptionEndDate,
    };
  }

  /**
   * The provider's answer was lost: the attempt stays pending, "em verificação", and the customer
   * is told not to pay again (ADR 030). Reconciliation, the status poll or a retry of this same
   * payment look its order up by our code.
   */
  function verifying(paymentId: string): ProcessPaymentResponse {
    const marked = db
      .update(payments)
      .set({
        verifyingSince: sql`coalesce(${payments.verifyingSince}, ${clock.now().getTime()})`,
        // The adapter has just retried: the status page asks again in a minute, not at once.
        checkedAt: clock.now(),
        updatedAt: clock.now(),
      })
      .where(and(eq(payments.id, paymentId), eq(payments.status, 'pending')))
      .run();
    if (marked.changes > 0) history.record({ paymentId, source: 'checkout', kind: 'answer_lost' });
    const current = getById(paymentId);
    if (current?.status === 'paid') return completed(paymentId);
    return { success: true, paymentId, message: PAYMENT_MSG.verifying, status: 'pending', verifying: true };
  }

  /** POST /payments/process: charges a card or opens a PIX for the annual (or renewal) price. */
  async function process(input: ProcessPaymentData): Promise<ProcessPaymentResponse> {
    const { customerData, paymentData, paymentMethod } = input;
    const currentSettings = settings.get();
    const existing = subscribersService.findByEmail(customerData.email);
    const planType = planForAmount(paymentData.amount, currentSettings, existing);
    const amount = paymentData.amount;

    let card;
    let cardToken: string | undefined;
    if (paymentMethod === 'credit_card' && paymentData.cardToken) {
      cardToken = paymentData.cardToken;
    } else if (paymentMethod === 'credit_card') {
      if (!paymentData.cardData) throw new AppError('BAD_REQUEST', CHECKOUT_MSG.cardDataRequired);
      // Raw card data reaches a server only in the sandbox: with a real provider the browser sends
      // the card to the provider and us the token (PCI scope stays with the provider).
      if (!isSandbox(provider)) throw new AppError('BAD_REQUEST', CHECKOUT_MSG.cardDataNotAccepted);
      const expiry = parseCardExpiry(paymentData.cardData.expiryDate);
      // The form's own rule (shared), with the server's clock.
      if (!expiry || cardExpired(paymentData.cardData.expiryDate, clock.now())) {
        throw new AppError('BAD_REQUEST', CHECKOUT_MSG.cardExpired);
      }
      card = {
        number: paymentData.cardData.cardNumber,
        holderName: paymentData.cardData.cardHolderName,
        expMonth: expiry.month,
        expYear: expiry.year,
        cvv: paymentData.cardData.cvv,
      };
    }

    const profile = {
      name: customerData.name,
      email: customerData.email,
      phone: customerData.phone,
      cpf: customerData.cpf,
      ...customerData.address,
    };
    const { subscriber } = subscribersService.upsertForCheckout(profile, amount);
    const billing = { ...billingDataOf(profile), email: subscriber.email };
    const description = planDescription(planType, currentSettings);
    const now = clock.now();

    // The page may carry the id of an earlier attempt of the same customer: keep one record.
    const previous = input.paymentId ? getById(input.paymentId) : undefined;
    const reuse =
      previous && previous.subscriberId === subscriber.id && !previous.paymentLinkId ? previous : undefined;
    const paymentId = reuse?.id ?? newId();
    const values = {
      subscriberId: subscriber.id,
      planType,
      amount,
      status: 'pending' as const,
      method: paymentMethod,
      provider: provider.name,
      description,
      billingData: billing,
      failureReason: null,
      cardBrand: null,
      cardLast4: null,
      pixCode: null,
      pixExpiresAt: null,
      updatedAt: now,
    };
    // The same payment while its last answer was lost: that attempt is looked up first, and sent
    // again with its own key when nothing is found (the provider answers it without charging twice).
    let resend = false;
    if (reuse?.status === 'pending' && reuse.verifyingSince) {
      await verification.lookUp(reuse.id, 'checkout');
      const current = getById(reuse.id) as Payment;
      if (current.status === 'paid') return completed(current.id);
      resend = current.status === 'pending' && current.verifyingSince !== null;
      if (!resend) claimAttempt(current, values);
    } else if (reuse) claimAttempt(reuse, values);
    else
      db.insert(payments)
        .values({ ...values, attempt: 1, id: paymentId, createdAt: now })
        .run();
    const attempt = (getById(paymentId) as Payment).attempt;
    history.record({
      paymentId,
      source: 'checkout',
      kind: resend ? 'attempt_resent' : 'attempt_sent',
      details: { attempt, method: paymentMethod },
    });

    let charge: ChargeResult;
    try {
      charge = await provider.createCharge({
        paymentId,
        amount,
        description,
        method: paymentMethod,
        customer: customerOf(subscriber.id, billing),
        card,
        cardToken,
        pixExpiresInSeconds: PIX_TTL_MINUTES * 60,
        attempt,
      });
    } catch (error) {
      log.warn({ paymentId, attempt, err: (error as Error).message }, 'charge creation failed');
      // No answer, or a refusal of an attempt that may already exist: never "failed", never a second charge.
      if ((error instanceof ProviderError && error.outcomeUnknown) || resend) return verifying(paymentId);
      const reason = error instanceof ProviderError ? error.message : CHECKOUT_MSG.paymentFailed;
      confirmation.failPayment(paymentId, null, reason);
      history.record({
        paymentId,
        source: 'checkout',
        kind: 'attempt_answer',
        details: { attempt, outcome: 'failed', amount, reason },
      });
      throw new AppError('BAD_GATEWAY', reason);
    }
    history.record({
      paymentId,
      source: 'checkout',
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
    db.update(payments)
      .set({
        transactionId: charge.providerChargeId,
        providerChargeId: charge.providerChargeId,
        providerOrderId: charge.providerOrderId,
        cardBrand: charge.cardBrand,
        cardLast4: charge.cardLast4,
      })
      .where(and(eq(payments.id, paymentId), eq(payments.status, 'pending')))
      .run();
    const payment = getById(paymentId) as Payment;

    if (charge.status === 'paid') {
      confirmation.confirmPayment(payment, charge);
      return completed(paymentId);
    }
    if (charge.status === 'failed' || charge.status === 'refunded' || charge.status === 'cancelled') {
      const reason = charge.failureReason ?? CHECKOUT_MSG.paymentFailed;
      confirmation.failPayment(paymentId, charge, reason);
      throw new AppError('UNPROCESSABLE_CONTENT', reason);
    }
    if (paymentMethod === 'pix' && charge.pix) {
      db.update(payments)
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

  /** GET /payments/status/:id: polled every 5 s by the PIX screen. An unpaid PIX past its time is cancelled. */
  function status(id: string): PaymentStatusResponse {
    const row = statusQuery.get({ id });
    if (!row) throw new AppError('NOT_FOUND', CHECKOUT_MSG.paymentNotFound);
    let current = row.status;
    const now = clock.now().getTime();
    if (current === 'pending' && row.pixExpiresAt && row.pixExpiresAt.getTime() <= now) {
      confirmation.cancelPayment(id);
      current = 'cancelled';
    }
    if (
      current === 'pending' &&
      row.verifyingSince &&
      (!row.checkedAt || now - row.checkedAt.getTime() > PROVIDER_CHECK_INTERVAL_MS)
    ) {
      // In verification: ask the provider at most once a minute, in the background (the next poll sees it).
      verification.lookUp(id, 'tracking').catch((error: unknown) => {
        log.warn({ paymentId: id, err: (error as Error).message }, 'payment lookup failed');
      });
    }
    return {
      status: CHECKOUT_STATUS[current],
      paymentId: row.id,
      amount: row.amount,
      method: row.method,
      paidAt: row.paidAt ? row.paidAt.toISOString() : null,
      subscriptionEndDate:
        current === 'paid' && row.subscriptionEndDate ? row.subscriptionEndDate.toISOString() : null,
    };
  }

  /**
   * Hourly (ADR 036): in-page PIX attempts an hour past their deadline are cancelled, as the PIX
   * screen's poll does the moment it sees one, so attempts nobody polls again stop counting as
   * pending. The hour leaves the reconciliation its last looks at a PIX paid at the deadline. Read
   * through the (status, pix_expires_at) index: only the rows it cancels, a batch at a time.
   */
  function cancelOverduePix(batch = 500): number {
    const due = db
      .select({ id: payments.id })
      .from(payments)
      .where(
        and(
          eq(payments.status, 'pending'),
          lte(payments.pixExpiresAt, new Date(clock.now().getTime() - LINK_PIX_GRACE_MS)),
        ),
      )
      .limit(batch)
      .all();
    return db.transaction(() => due.filter(({ id }) => confirmation.cancelPayment(id)).length);
  }

  return { process, status, cancelOverduePix };
}
