/**
 * Payments: the old in-page checkout (card or PIX, spec 02), its status poll, the provider
 * webhooks (verified, deduplicated on the hook id, then applied through payment-confirmation),
 * refunds, the e-mails a payment's own customer may ask for again, and the sandbox's simulator.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import QRCode from 'qrcode';
import {
  CHECKOUT_MSG,
  parseCardExpiry,
  type PaymentStatusResponse,
  type ProcessPaymentData,
  type ProcessPaymentResponse,
} from '../../shared/checkout-schemas';
import { PIX_TTL_MINUTES, type PaymentMethod } from '../../shared/plans';
import {
  payments,
  paymentLinks,
  subscribers,
  webhookEvents,
  type Payment,
  type PaymentLink,
} from '../db/schema';
import { AppError } from '../errors';
import { newId } from '../ids';
import { isSandbox } from '../providers/payment';
import { cardBrand, cardLast4 } from '../providers/payment/card';
import {
  ProviderError,
  type ChargeResult,
  type PaymentEvent,
  type PaymentProvider,
  type PaymentProviderName,
  type WebhookRequest,
} from '../providers/payment/types';
import type { AccountsService } from './accounts';
import { PROVIDER } from './subscriber-lifecycle';
import type { ServiceDeps } from './deps';
import type { OutboxService } from './outbox';
import type { PaymentConfirmation } from './payment-confirmation';
import { customerOf, effectiveLinkStatus, type PaymentLinksService } from './payment-links';
import { planDescription, planForAmount } from './pricing';
import type { SettingsService } from './settings';
import { billingDataOf, type SubscribersService } from './subscribers';

export const PAYMENT_MSG = {
  webhookUnauthorized: 'Webhook não autorizado',
  webhookNotConfigured: 'Webhook não configurado para este provedor',
  webhookInvalid: 'Webhook inválido',
  webhookFailed: 'Não foi possível processar o webhook. Tente novamente.',
  webhookNotYet: 'O provedor ainda não confirma este evento. Tente novamente mais tarde.',
  notPaidYet: 'Pagamento ainda não confirmado',
  refundOnlyPaid: 'Apenas pagamentos pagos podem ser reembolsados',
  refundFailed: 'Erro ao processar reembolso',
  refundReasonRequired: 'Motivo do reembolso é obrigatório',
  refundedByProvider: 'Reembolso registrado pelo provedor de pagamento',
  refundInProgress: 'O reembolso deste pagamento já está em processamento.',
  sandboxOnly: 'Disponível apenas no ambiente de testes',
  processing: 'Pagamento em processamento',
  attemptInProgress: 'Este pagamento já está em processamento. Aguarde a confirmação.',
  attemptRefunded: 'Este pagamento foi reembolsado. Inicie um novo pagamento.',
  welcomeAfterApproval:
    'Cadastro aguardando aprovação: as credenciais de acesso serão enviadas por email após a aprovação.',
  welcomeNoAccount: 'Assinante sem conta de acesso: as credenciais serão enviadas na aprovação.',
  welcomeLinkPending:
    'As credenciais de acesso já foram enviadas por email: use o link recebido para definir sua senha.',
} as const;

/** What a webhook route answers. */
export interface WebhookAnswer {
  statusCode: number;
  body: { received: true; duplicate?: true; ignored?: true } | { error: string };
}

const CHECKOUT_STATUS: Record<Payment['status'], PaymentStatusResponse['status']> = {
  paid: 'completed',
  pending: 'pending',
  failed: 'failed',
  cancelled: 'cancelled',
  refunded: 'refunded',
};

export function createPaymentsService(
  deps: ServiceDeps,
  provider: PaymentProvider,
  settings: SettingsService,
  outbox: OutboxService,
  accounts: AccountsService,
  subscribersService: SubscribersService,
  paymentLinks_: PaymentLinksService,
  confirmation: PaymentConfirmation,
) {
  const { db, clock, log } = deps;

  const statusQuery = db
    .select({
      id: payments.id,
      status: payments.status,
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

  function getById(id: string): Payment | undefined {
    return db.select().from(payments).where(eq(payments.id, id)).get();
  }

  // ---------------------------------------------------------------- webhooks

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
   * POST /webhooks/:provider. 401 when the webhook is not authentic (nothing changes); a replay of
   * a hook id already processed is acknowledged without effect; anything we cannot process now is
   * answered non-2xx so the provider retries.
   *
   * The provider is asked first (the re-fetch may take seconds or fail); only then is the hook id
   * claimed and the event applied, in one synchronous transaction. A failure or a crash at any
   * point leaves either nothing or everything, never a claim without its effect that would make
   * every retry a "duplicate".
   */
  async function handleWebhook(source: PaymentProviderName, request: WebhookRequest): Promise<WebhookAnswer> {
    if (provider.name !== source)
      return { statusCode: 404, body: { error: PAYMENT_MSG.webhookNotConfigured } };
    if (!provider.verifyWebhook(request)) {
      log.warn({ provider: source }, 'webhook refused: bad signature or credentials');
      return { statusCode: 401, body: { error: PAYMENT_MSG.webhookUnauthorized } };
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
      return { statusCode: 400, body: { error: PAYMENT_MSG.webhookInvalid } };
    }
    const duplicate: WebhookAnswer = { statusCode: 200, body: { received: true, duplicate: true } };
    // A replay of a processed hook is answered without asking the provider again.
    if (hookSeen.get({ provider: source, hookId })) return duplicate;

    const failed = (error: unknown): WebhookAnswer => {
      log.error(
        { provider: source, hookId, type, err: (error as Error).message },
        'webhook processing failed',
      );
      const statusCode = error instanceof ProviderError ? 502 : 500;
      return { statusCode, body: { error: PAYMENT_MSG.webhookFailed } };
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
      return { statusCode: 409, body: { error: PAYMENT_MSG.webhookNotYet } };
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
      return { statusCode: 404, body: { error: CHECKOUT_MSG.paymentNotFound } };
    }
    return {
      statusCode: 200,
      body: result === 'ignored' ? { received: true, ignored: true } : { received: true },
    };
  }

  // ---------------------------------------------------------------- old in-page checkout

  async function qrImage(text: string): Promise<string> {
    return QRCode.toDataURL(text, { errorCorrectionLevel: 'M', margin: 2, width: 280 });
  }

  /**
   * Takes an earlier attempt back for a new charge, atomically: only a `failed` or `cancelled` row
   * becomes `pending` again (a PIX past its time is cancelled first). An attempt in flight, paid or
   * refunded is never reused: two submits of one attempt cannot both reach the provider.
   */
  function claimAttempt(previous: Payment, values: Partial<typeof payments.$inferInsert>) {
    if (previous.status === 'pending' && previous.pixExpiresAt && previous.pixExpiresAt <= clock.now()) {
      confirmation.cancelPayment(previous.id);
    }
    const claimed = db
      .update(payments)
      .set(values)
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
      const now = clock.now();
      // A card is valid through the last day of its month.
      if (!expiry || new Date(Date.UTC(expiry.year, expiry.month, 1)).getTime() <= now.getTime()) {
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
      street: customerData.address.street,
      number: customerData.address.number,
      complement: customerData.address.complement,
      neighborhood: customerData.address.neighborhood,
      city: customerData.address.city,
      state: customerData.address.state,
      zipCode: customerData.address.zipCode,
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
    if (reuse) claimAttempt(reuse, values);
    else
      db.insert(payments)
        .values({ ...values, id: paymentId, createdAt: now })
        .run();

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
      });
    } catch (error) {
      const reason = error instanceof ProviderError ? error.message : CHECKOUT_MSG.paymentFailed;
      confirmation.failPayment(paymentId, null, reason);
      log.warn({ paymentId, err: (error as Error).message }, 'charge creation failed');
      throw new AppError('BAD_GATEWAY', reason);
    }

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
      return {
        success: true,
        paymentId,
        message: CHECKOUT_MSG.paymentApproved,
        status: 'completed',
        subscriptionEndDate: status(paymentId).subscriptionEndDate,
      };
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
    if (current === 'pending' && row.pixExpiresAt && row.pixExpiresAt.getTime() <= clock.now().getTime()) {
      confirmation.cancelPayment(id);
      current = 'cancelled';
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

  // ---------------------------------------------------------------- e-mails a customer may ask for

  function paidPayment(paymentId: string): Payment {
    const payment = getById(paymentId);
    if (!payment) throw new AppError('NOT_FOUND', CHECKOUT_MSG.paymentNotFound);
    if (payment.status !== 'paid') throw new AppError('CONFLICT', PAYMENT_MSG.notPaidYet);
    return payment;
  }

  return {
    provider,
    getById,
    process,
    status,
    handleWebhook,
    applyEvent,

    /**
     * POST /emails/payment-confirmation: makes sure the payment's own customer got the confirmation
     * (queued at most once per payment, to the address on file, whatever the caller sends).
     */
    sendConfirmationEmail(paymentId: string): { success: true; message: string } {
      paidPayment(paymentId);
      confirmation.queueConfirmationEmail(paymentId);
      return { success: true, message: CHECKOUT_MSG.emailQueued };
    },

    /**
     * POST /emails/welcome: the access credentials (a set-password link) for the payment's own
     * customer, at most once per payment, and only once the club approved them (DECISIONS §3.3).
     */
    sendWelcomeEmail(paymentId: string): { success: true; message: string } {
      const payment = paidPayment(paymentId);
      const subscriber = subscribersService.getById(payment.subscriberId);
      if (!subscriber?.approvedAt) return { success: true, message: PAYMENT_MSG.welcomeAfterApproval };
      const account = subscriber.userId ?? accounts.findByEmail(subscriber.email)?.id;
      if (!account) return { success: true, message: PAYMENT_MSG.welcomeNoAccount };
      if (payment.welcomeEmailAt) return { success: true, message: CHECKOUT_MSG.emailQueued };
      // A new link would cancel the one the member already holds (from the approval, say).
      if (accounts.hasUsableSetPasswordLink(account))
        return { success: true, message: PAYMENT_MSG.welcomeLinkPending };
      const claimed = db
        .update(payments)
        .set({ welcomeEmailAt: clock.now() })
        .where(and(eq(payments.id, paymentId), sql`${payments.welcomeEmailAt} is null`))
        .run();
      if (claimed.changes > 0) {
        outbox.enqueue({
          channel: 'email',
          recipient: subscriber.email,
          template: 'welcome',
          vars: { name: subscriber.name, email: subscriber.email },
          secretVars: { setPasswordUrl: accounts.createSetPasswordLink(account) },
        });
      }
      return { success: true, message: CHECKOUT_MSG.emailQueued };
    },

    // ---------------------------------------------------------------- refunds (admin)

    /**
     * Refunds a paid payment through the provider (reason required). Completed at once: recorded now.
     * Accepted but still in progress (a PIX refund): the payment shows "Reembolso em processamento"
     * and nothing else changes until the provider completes it (webhook or reconciliation), once.
     */
    async refund(paymentId: string, reason: string, adminId: string): Promise<Payment> {
      const cleanReason = reason.trim();
      if (!cleanReason) throw new AppError('BAD_REQUEST', PAYMENT_MSG.refundReasonRequired);
      const payment = getById(paymentId);
      if (!payment) throw new AppError('NOT_FOUND', CHECKOUT_MSG.paymentNotFound);
      if (payment.status !== 'paid') throw new AppError('CONFLICT', PAYMENT_MSG.refundOnlyPaid);
      if (payment.refundStatus === 'processing') throw new AppError('CONFLICT', PAYMENT_MSG.refundInProgress);
      if (payment.provider !== provider.name || (!payment.providerChargeId && !isSandbox(provider))) {
        throw new AppError('CONFLICT', PAYMENT_MSG.refundFailed);
      }
      let result;
      try {
        result = await provider.refund({
          paymentId,
          providerChargeId: payment.providerChargeId ?? '',
          amount: payment.amount,
        });
      } catch (error) {
        const why = error instanceof ProviderError ? error.message : PAYMENT_MSG.refundFailed;
        db.update(payments)
          .set({ refundStatus: 'failed', refundFailureReason: why, updatedAt: clock.now() })
          .where(and(eq(payments.id, paymentId), eq(payments.status, 'paid')))
          .run();
        log.warn({ paymentId, err: (error as Error).message }, 'refund refused by the provider');
        throw new AppError('BAD_GATEWAY', why);
      }
      const admin = { kind: 'admin', id: adminId } as const;
      if (result.status === 'refunded') {
        confirmation.markRefunded(payment, cleanReason, admin);
      } else {
        const now = clock.now();
        db.update(payments)
          .set({
            refundStatus: 'processing',
            refundRequestedAt: now,
            refundReason: cleanReason,
            refundedBy: adminId,
            refundFailureReason: null,
            updatedAt: now,
          })
          .where(and(eq(payments.id, paymentId), eq(payments.status, 'paid')))
          .run();
        log.info({ paymentId }, 'refund accepted by the provider, in progress');
      }
      return getById(paymentId) as Payment;
    },

    providerStatus() {
      return provider.status();
    },

    /** Where the checkout page tokenizes cards (public: the key is a public one by design). */
    cardTokenizer() {
      return provider.cardTokenizer();
    },

    /** `POST /sandbox/tokens`: the sandbox's stand-in for the provider's tokens endpoint. */
    sandboxCardToken(appId: string | undefined, body: unknown) {
      if (!isSandbox(provider)) throw new AppError('NOT_FOUND', PAYMENT_MSG.sandboxOnly);
      return provider.createCardToken(appId, body);
    },

    // ---------------------------------------------------------------- sandbox simulator

    /**
     * The sandbox's "customer acted" step for a link or an in-page charge: returns the signed
     * webhook to deliver to our own webhook route, plus where the browser goes next.
     */
    sandboxWebhook(
      id: string,
      outcome: 'paid' | 'failed' | 'expired',
      method: PaymentMethod,
      details: { card?: { brand: string; last4: string } | null; failureReason?: string | null } = {},
    ): { headers: Record<string, string>; rawBody: string; linkId: string | null } {
      if (!isSandbox(provider)) throw new AppError('NOT_FOUND', PAYMENT_MSG.sandboxOnly);
      const link = paymentLinks_.getById(id);
      if (link) {
        if (link.status === 'paid') throw new AppError('CONFLICT', CHECKOUT_MSG.paymentLinkAlreadyPaid);
        if (effectiveLinkStatus(link, clock.now()) === 'expired') {
          throw new AppError('CONFLICT', CHECKOUT_MSG.paymentLinkExpired);
        }
        const webhook = provider.customerActed({
          reference: id,
          target: 'payment_link',
          outcome,
          method,
          amount: link.amount,
          ...details,
        });
        return { ...webhook, linkId: id };
      }
      const payment = getById(id);
      if (!payment || payment.provider !== 'sandbox')
        throw new AppError('NOT_FOUND', CHECKOUT_MSG.paymentNotFound);
      if (payment.status === 'paid') throw new AppError('CONFLICT', CHECKOUT_MSG.paymentAlreadyPaid);
      const webhook = provider.customerActed({
        reference: id,
        target: 'charge',
        outcome,
        method: payment.method ?? method,
        amount: payment.amount,
        chargeId: payment.providerChargeId,
        ...details,
      });
      return { ...webhook, linkId: null };
    },

    /** The sandbox page's decision for a typed card (the rules of its test cards). */
    sandboxDecideCard(card: { number: string; expMonth: number; expYear: number }) {
      if (!isSandbox(provider)) throw new AppError('NOT_FOUND', PAYMENT_MSG.sandboxOnly);
      const number = card.number.replace(/\D/g, '');
      return {
        ...provider.decideCard(card),
        card: { brand: cardBrand(number), last4: cardLast4(number) },
      };
    },

    /** The PIX the sandbox page shows for a link or charge: a real BR Code for its amount, and its QR. */
    async sandboxPix(id: string): Promise<{ qrCodeText: string; qrImage: string } | null> {
      if (!isSandbox(provider)) throw new AppError('NOT_FOUND', PAYMENT_MSG.sandboxOnly);
      const link = paymentLinks_.getById(id);
      const payment = link ? undefined : getById(id);
      const amount = link?.amount ?? payment?.amount;
      if (!amount) return null;
      const qrCodeText = payment?.pixCode ?? provider.pixCode(id, amount);
      return { qrCodeText, qrImage: await qrImage(qrCodeText) };
    },

    /** What the sandbox page shows about a link or charge (null when unknown). */
    sandboxOrder(id: string) {
      const link = paymentLinks_.getById(id);
      if (link) {
        return {
          kind: 'link' as const,
          name: link.customerName,
          email: link.customerEmail,
          planType: link.planType,
          amount: link.amount,
          status: effectiveLinkStatus(link, clock.now()),
        };
      }
      const payment = getById(id);
      if (!payment || payment.provider !== 'sandbox') return null;
      const subscriber = db
        .select({ name: subscribers.name, email: subscribers.email })
        .from(subscribers)
        .where(eq(subscribers.id, payment.subscriberId))
        .get();
      return {
        kind: 'charge' as const,
        name: payment.billingData?.name ?? subscriber?.name ?? '',
        email: subscriber?.email ?? '',
        planType: payment.planType,
        amount: payment.amount,
        status: payment.status,
        method: payment.method,
      };
    },
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
