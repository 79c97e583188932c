/**
 * Payments: one service over its concerns — the old in-page checkout (in-page-charges.ts), the
 * provider webhooks (payment-webhooks.ts), refunds (payment-refunds.ts), the sandbox's simulator
 * (sandbox-simulator.ts) — plus the e-mails a payment's own customer may ask for again.
 */
import { and, eq, sql } from 'drizzle-orm';
import { CHECKOUT_MSG, type ProcessPaymentData } from '../../shared/checkout-schemas';
import { payments, type Payment } from '../db/schema';
import { AppError } from '../lib/errors';
import type { PaymentProvider, PaymentProviderName, WebhookRequest } from './providers/types';
import type { ServiceDeps } from '../lib/deps';
import type { OutboxService } from '../messaging/outbox';
import { PAYMENT_MSG } from './messages';
import { createPaymentRefunds } from './refunds/refunds';
import { createSandboxSimulator } from './sandbox/simulator';
import type { SettingsService } from '../settings/settings';
import type { SubscribersService } from '../membership/subscribers/subscribers';
import type { AccountsDeps } from '../identity/accounts/deps';
import type { PaymentLinksContext } from './links/context';
import type { ConfirmationContext } from './confirmation/context';
import { createInPageContext } from './charges/context';
import { createWebhooksContext } from './webhooks/context';
import { process as processCharge } from './charges/process';
import { status } from './charges/status';
import { voidPendingChargesOf } from './charges/void-charges';
import { handleWebhook } from './webhooks/handle-webhook';
import { queueConfirmationEmail } from './confirmation/after-paid';
import { getUser, findByEmail } from '../identity/accounts/account-reads';
import { hasUsableSetPasswordLink, createSetPasswordLink } from '../identity/accounts/account-links';

/** What the payments service is built from, by name. */
export interface PaymentsDeps extends ServiceDeps {
  provider: PaymentProvider;
  settings: SettingsService;
  outbox: OutboxService;
  accounts: AccountsDeps;
  subscribers: SubscribersService;
  paymentLinks: PaymentLinksContext;
  confirmation: ConfirmationContext;
}

export function createPaymentsService(deps: PaymentsDeps) {
  const { db, clock, provider, outbox, accounts, subscribers: subscribersService, confirmation } = deps;

  function getById(id: string): Payment | undefined {
    return db.select().from(payments).where(eq(payments.id, id)).get();
  }

  const charges = createInPageContext({ ...deps, getById });
  const webhooks = createWebhooksContext({ ...deps, getById });
  const refunds = createPaymentRefunds({ ...deps, getById });
  const sandbox = createSandboxSimulator({ ...deps, getById });

  function paidPayment(paymentId: string): Payment {
    const payment = getById(paymentId);
    if (!payment) throw new AppError('NOT_FOUND', CHECKOUT_MSG.paymentNotFound);
    if (payment.status !== 'paid') throw new AppError('CONFLICT', PAYMENT_MSG.notPaidYet);
    return payment;
  }

  return {
    provider,
    getById,
    process: (input: ProcessPaymentData) => processCharge(charges, input),
    status: (id: string) => status(charges, id),
    voidPendingChargesOf: (subscriberId: string) => voidPendingChargesOf(charges, subscriberId),
    handleWebhook: (source: PaymentProviderName, request: WebhookRequest) =>
      handleWebhook(webhooks, source, request),

    /**
     * POST /emails/payment-confirmation: makes sure the payment's own customer got the confirmation
     * (queued at most once per payment, to the address on file, whatever the caller sends).
     */
    sendConfirmationEmail(paymentId: string): { success: true; message: string } {
      paidPayment(paymentId);
      queueConfirmationEmail(confirmation, paymentId);
      return { success: true, message: CHECKOUT_MSG.emailQueued };
    },

    /**
     * POST /emails/welcome: the access credentials (a set-password link) for the payment's own
     * customer, at most once per payment, and only once the club approved them (docs/product/decisions.md §3.3).
     */
    sendWelcomeEmail(paymentId: string): { success: true; message: string } {
      const payment = paidPayment(paymentId);
      const subscriber = subscribersService.getById(payment.subscriberId);
      if (!subscriber?.approvedAt) return { success: true, message: PAYMENT_MSG.welcomeAfterApproval };
      // The account's own sign-in address, never the record's e-mail an admin may have typed (ADR 027).
      const owner = subscriber.userId
        ? getUser(accounts, subscriber.userId)
        : findByEmail(accounts, subscriber.email);
      const account = owner?.id;
      if (!owner || !account) return { success: true, message: PAYMENT_MSG.welcomeNoAccount };
      if (payment.welcomeEmailAt) return { success: true, message: CHECKOUT_MSG.emailQueued };
      // A new link would cancel the one the member already holds (from the approval, say).
      if (hasUsableSetPasswordLink(accounts, account))
        return { success: true, message: PAYMENT_MSG.welcomeLinkPending };
      const claimed = db
        .update(payments)
        .set({ welcomeEmailAt: clock.now() })
        .where(and(eq(payments.id, paymentId), sql`${payments.welcomeEmailAt} is null`))
        .run();
      if (claimed.changes > 0) {
        outbox.enqueue({
          channel: 'email',
          recipient: owner.email,
          template: 'welcome',
          vars: { name: subscriber.name, email: owner.email },
          secretVars: { setPasswordUrl: createSetPasswordLink(accounts, account) },
        });
      }
      return { success: true, message: CHECKOUT_MSG.emailQueued };
    },

    refund: refunds.refund,
    refundExtraCharge: refunds.refundExtraCharge,

    providerStatus() {
      return provider.status();
    },

    /** Where the checkout page tokenizes cards (public: the key is a public one by design). */
    cardTokenizer() {
      return provider.cardTokenizer();
    },

    ...sandbox,
  };
}

export type PaymentsService = ReturnType<typeof createPaymentsService>;
