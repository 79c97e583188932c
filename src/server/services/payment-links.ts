/**
 * Payment links (the /checkout flow, docs/product/decisions.md §3.1): created through the provider for a subscriber
 * found or created by e-mail, payable for 48 hours, tracked by the public status page. The status
 * read is the hot path (polled every 5 s by every open tracking page): one prepared statement.
 */
import { and, desc, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import { addressOfSubscriber } from '../../shared/fields/address';
import type { PublicUser } from '../../shared/auth-schemas';
import {
  CHECKOUT_MSG,
  type CreatePublicLinkData,
  type PaymentLinkDetails,
  type PaymentLinkStatusResponse,
} from '../../shared/checkout-schemas';
import { PAYMENT_LINK_TTL_HOURS, type PlanType } from '../../shared/plans';
import { paymentLinks, subscribers, type BillingData, type PaymentLink, type Subscriber } from '../db/schema';
import { AppError } from '../errors';
import { newId } from '../ids';
import type { PaymentProvider, ProviderCustomer } from '../providers/payment/types';
import { formatDate, formatMoney } from '../../shared/format';
import type { ServiceDeps } from './deps';
import type { OutboxService } from './outbox';
import type { PaymentConfirmation } from './payment-confirmation';
import { planDescription, planForAmount, priceOf } from './pricing';
import type { SettingsService } from './settings';
import {
  billingDataOf,
  billingDataOfSubscriber,
  type CheckoutProfile,
  type SubscribersService,
} from './subscribers';

const HOUR_MS = 60 * 60 * 1000;
/** A pending link is asked about at most this often from the tracking page (issue 9: once a minute). */
export const PROVIDER_CHECK_INTERVAL_MS = 60_000;
/**
 * A PIX opened on a link's page stays payable for an hour (`pix_settings.expires_in`), even past the
 * link's own expiry: until then the link is still asked about (ADR 030).
 */
export const LINK_PIX_GRACE_MS = HOUR_MS;

function sameBilling(a: BillingData, b: BillingData): boolean {
  return (Object.keys(a) as (keyof BillingData)[]).every((key) => a[key] === b[key]);
}

export function customerOf(subscriberId: string, billing: BillingData): ProviderCustomer {
  return {
    code: subscriberId,
    name: billing.name,
    email: billing.email,
    phone: billing.phone,
    cpf: billing.cpfCnpj,
    address: addressOfSubscriber(billing),
  };
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/**
 * A link as every reader must see it: pending past its time is expired, whether or not the hourly
 * job or an earlier read already wrote that down.
 */
export function effectiveLinkStatus(
  link: Pick<PaymentLink, 'status' | 'expiresAt'>,
  now: Date,
): PaymentLink['status'] {
  return link.status === 'pending' && link.expiresAt.getTime() <= now.getTime() ? 'expired' : link.status;
}

export function toLinkDetails(link: PaymentLink): PaymentLinkDetails {
  return {
    id: link.id,
    _id: link.id,
    subscriberId: link.subscriberId,
    planType: link.planType,
    amount: link.amount,
    status: link.status,
    provider: link.provider,
    url: link.url,
    customerName: link.customerName,
    customerEmail: link.customerEmail,
    createdAt: link.createdAt.toISOString(),
    expiresAt: link.expiresAt.toISOString(),
    paidAt: iso(link.paidAt),
    lastAttemptFailed: link.status === 'pending' && link.lastAttemptFailedAt !== null,
    paymentId: link.paymentId,
  };
}

export function createPaymentLinksService(
  deps: ServiceDeps,
  provider: PaymentProvider,
  settings: SettingsService,
  subscribersService: SubscribersService,
  confirmation: PaymentConfirmation,
  outbox: OutboxService,
) {
  const { db, clock, env, log } = deps;

  const statusQuery = db
    .select({
      status: paymentLinks.status,
      customerName: paymentLinks.customerName,
      customerEmail: paymentLinks.customerEmail,
      planType: paymentLinks.planType,
      amount: paymentLinks.amount,
      paidAt: paymentLinks.paidAt,
      expiresAt: paymentLinks.expiresAt,
      url: paymentLinks.url,
      lastAttemptFailedAt: paymentLinks.lastAttemptFailedAt,
      checkedAt: paymentLinks.checkedAt,
    })
    .from(paymentLinks)
    .where(eq(paymentLinks.id, sql.placeholder('id')))
    .prepare();
  const expireQuery = db
    .update(paymentLinks)
    .set({ status: 'expired', updatedAt: sql`(unixepoch('subsec') * 1000)` })
    .where(
      and(
        eq(paymentLinks.id, sql.placeholder('id')),
        eq(paymentLinks.status, 'pending'),
        lte(paymentLinks.expiresAt, sql.placeholder('now')),
      ),
    )
    .prepare();

  const byId = db
    .select()
    .from(paymentLinks)
    .where(eq(paymentLinks.id, sql.placeholder('id')))
    .prepare();

  // Prepared once (ADR 043): building a statement through drizzle cost about as much as running it.
  const placeholder = sql.placeholder;
  const insertLink = db
    .insert(paymentLinks)
    .values({
      id: placeholder('id'),
      subscriberId: placeholder('subscriberId'),
      planType: placeholder('planType'),
      amount: placeholder('amount'),
      status: 'pending',
      provider: placeholder('provider'),
      providerLinkId: placeholder('providerLinkId'),
      url: placeholder('url'),
      customerName: placeholder('customerName'),
      customerEmail: placeholder('customerEmail'),
      billingData: placeholder('billingData'),
      referralCode: placeholder('referralCode'),
      createdBy: placeholder('createdBy'),
      expiresAt: placeholder('expiresAt'),
      createdAt: placeholder('createdAt'),
      updatedAt: placeholder('updatedAt'),
    })
    .returning()
    .prepare();
  /** A subscriber's checkout links still payable for a plan and amount, newest first. */
  const payableCheckoutLinks = db
    .select()
    .from(paymentLinks)
    .where(
      and(
        eq(paymentLinks.subscriberId, placeholder('subscriberId')),
        eq(paymentLinks.status, 'pending'),
        eq(paymentLinks.planType, placeholder('planType')),
        eq(paymentLinks.amount, placeholder('amount')),
        gt(paymentLinks.expiresAt, placeholder('now')),
        isNull(paymentLinks.createdBy),
      ),
    )
    .orderBy(desc(paymentLinks.createdAt))
    .prepare();

  function getById(id: string): PaymentLink | undefined {
    return byId.get({ id });
  }

  /** Creates the link at the provider and stores it. Provider failures become a Portuguese 502. */
  async function createLink(input: {
    subscriber: Subscriber;
    planType: PlanType;
    amount: number;
    billing: BillingData;
    createdBy?: string | null;
    /** `?ref=` of the checkout: applied only when this link is paid (payment-confirmation.ts). */
    referralCode?: string | null;
  }): Promise<PaymentLink> {
    const id = newId();
    const now = clock.now();
    const expiresAt = new Date(now.getTime() + PAYMENT_LINK_TTL_HOURS * HOUR_MS);
    const description = planDescription(input.planType, settings.get());
    let created;
    try {
      created = await provider.createPaymentLink({
        linkId: id,
        amount: input.amount,
        planType: input.planType,
        description,
        customer: customerOf(input.subscriber.id, input.billing),
        expiresAt,
        successUrl: `${env.publicUrl}/checkout/payment-link-success?payment_link_id=${id}`,
      });
    } catch (error) {
      log.warn(
        { err: (error as Error).message, subscriberId: input.subscriber.id },
        'payment link creation failed',
      );
      throw new AppError('BAD_GATEWAY', CHECKOUT_MSG.createLinkFailed);
    }
    return insertLink.get({
      id,
      subscriberId: input.subscriber.id,
      planType: input.planType,
      amount: input.amount,
      provider: provider.name,
      providerLinkId: created.providerLinkId,
      url: created.url,
      customerName: input.billing.name,
      customerEmail: input.billing.email,
      billingData: input.billing,
      referralCode: input.referralCode ?? null,
      createdBy: input.createdBy ?? null,
      expiresAt,
      createdAt: now,
      updatedAt: now,
    });
  }

  /**
   * Asks the provider about a pending link (or one expired less than an hour ago, whose PIX may
   * still be paid) and confirms it when paid (Pagar.me; webhooks are the main path).
   */
  async function refreshFromProvider(
    id: string,
    source: 'tracking' | 'reconciliation' = 'tracking',
  ): Promise<void> {
    const link = getById(id);
    if (!link || link.status === 'paid') return;
    if (link.expiresAt.getTime() <= clock.now().getTime() - LINK_PIX_GRACE_MS) return;
    db.update(paymentLinks).set({ checkedAt: clock.now() }).where(eq(paymentLinks.id, id)).run();
    try {
      const remote = await provider.getPaymentLinkStatus(link);
      // Confirmed only with its charge (id and amount checked by confirmLink), never blind.
      if (remote.paid && remote.charge?.providerChargeId) {
        const result = confirmation.confirmLink(link, remote.charge);
        const paymentId = result.confirmed || 'paymentId' in result ? result.paymentId : null;
        // What changed goes to the history; "nothing yet" every minute would only crowd it.
        if (!result.confirmed && (result.reason === 'already' || result.reason === 'amount')) return;
        confirmation.history.record({
          paymentId,
          linkId: link.id,
          source,
          kind: 'lookup',
          details: {
            outcome: 'paid',
            change: result.confirmed ? 'confirmed' : result.reason,
            orderId: remote.charge.providerOrderId,
            amount: remote.charge.amount,
          },
        });
      }
    } catch (error) {
      log.warn({ linkId: id, err: (error as Error).message }, 'payment link status check failed');
    }
  }

  /** An admin, or the account the link's subscriber is tied to (never a mere e-mail match). */
  function isOwner(link: PaymentLink, user: Pick<PublicUser, 'id' | 'role'>): boolean {
    if (user.role === 'admin') return true;
    return subscribersService.getById(link.subscriberId)?.userId === user.id;
  }

  return {
    getById,
    createLink,
    refreshFromProvider,

    /**
     * Queues the link to the subscriber's WhatsApp (renewal text for a renewal, reminder otherwise).
     * False when the subscriber has no phone on file.
     */
    sendByWhatsApp(link: PaymentLink): boolean {
      const subscriber = subscribersService.getById(link.subscriberId);
      if (!subscriber?.phone) return false;
      outbox.enqueue({
        channel: 'whatsapp',
        recipient: subscriber.phone,
        template: link.planType === 'renewal' ? 'renewal' : 'payment_reminder',
        vars: {
          name: subscriber.name,
          amount: formatMoney(link.amount),
          paymentUrl: link.url,
          endDate: subscriber.subscriptionEndDate ? formatDate(subscriber.subscriptionEndDate) : '',
        },
      });
      return true;
    },

    /**
     * POST /payment-links/create-public: the /checkout form. `user` is the signed-in caller, if
     * any: a subscriber created here for that account's own e-mail is tied to it.
     */
    async createPublic(
      input: CreatePublicLinkData,
      user: Pick<PublicUser, 'id' | 'email'> | null = null,
    ): Promise<{ id: string; url: string }> {
      const existing = subscribersService.findByEmail(input.customerEmail);
      const amount = priceOf(input.planType, settings.get(), existing);
      const profile: CheckoutProfile = {
        name: input.customerName,
        email: input.customerEmail,
        phone: input.customerPhone,
        cpf: input.customerDocument,
        street: input.customerStreet,
        number: input.customerNumber,
        complement: input.customerComplement,
        neighborhood: input.customerNeighborhood,
        city: input.customerCity,
        state: input.customerState,
        zipCode: input.customerCep,
      };
      const { subscriber } = subscribersService.upsertForCheckout(profile, amount, user);
      // The profile and the referral code travel with the link: they count only if it is paid.
      const billing = { ...billingDataOf(profile), email: subscriber.email };
      // The same checkout submitted again (Back after "Link de Pagamento Criado!", a double click)
      // gets the link it already has, not a second one. Only an identical form: someone typing
      // another person's e-mail learns nothing they did not type themselves.
      const now = clock.now();
      const again = payableCheckoutLinks
        .all({ subscriberId: subscriber.id, planType: input.planType, amount, now: now.getTime() })
        .find(
          (link) =>
            sameBilling(link.billingData, billing) && (link.referralCode ?? null) === (input.ref || null),
        );
      if (again) return { id: again.id, url: again.url };
      const link = await createLink({
        subscriber,
        planType: input.planType,
        amount,
        billing,
        referralCode: input.ref || null,
      });
      return { id: link.id, url: link.url };
    },

    /**
     * POST /payments/create-checkout-link (right after registration): a link for that e-mail, only
     * for an amount the club offers that person. Signed in, the account's own name and e-mail are
     * used (whatever the body says), and a subscriber created here is tied to the account.
     */
    async createCheckoutLink(
      input: { name: string; email: string; amount: number },
      user: Pick<PublicUser, 'id' | 'name' | 'email'> | null = null,
    ) {
      const name = user?.name ?? input.name;
      const email = user?.email ?? input.email;
      const existing = subscribersService.findByEmail(email);
      const planType = planForAmount(input.amount, settings.get(), existing);
      const { subscriber } = subscribersService.upsertForCheckout(
        { name, email, phone: '', cpf: null },
        input.amount,
        user,
      );
      const link = await createLink({
        subscriber,
        planType,
        amount: input.amount,
        billing: billingDataOfSubscriber(subscriber),
      });
      return { checkoutUrl: link.url, paymentLink: { id: link.id, url: link.url } };
    },

    /** A link for an existing subscriber (admin, renewal job): billing data from the profile. */
    async createForSubscriber(subscriberId: string, planType: PlanType, createdBy: string | null = null) {
      const subscriber = subscribersService.getById(subscriberId);
      if (!subscriber) throw new AppError('NOT_FOUND', 'Assinante não encontrado');
      const amount = priceOf(planType, settings.get(), subscriber);
      return createLink({
        subscriber,
        planType,
        amount,
        billing: billingDataOfSubscriber(subscriber),
        createdBy,
      });
    },

    /** GET /payment-links/status-public/:id: the tracking page's poll. Expires lazily. */
    statusPublic(id: string): PaymentLinkStatusResponse {
      const row = statusQuery.get({ id });
      if (!row) throw new AppError('NOT_FOUND', CHECKOUT_MSG.paymentLinkNotFound);
      const now = clock.now();
      const status = effectiveLinkStatus(row, now);
      if (status !== row.status) {
        expireQuery.run({ id, now: now.getTime() });
      } else if (
        status === 'pending' &&
        (!row.checkedAt || now.getTime() - row.checkedAt.getTime() > PROVIDER_CHECK_INTERVAL_MS)
      ) {
        // Not awaited: the poll stays fast, the next one sees the result. Whatever goes wrong
        // there is logged, never left as an unhandled rejection that would stop the process.
        refreshFromProvider(id).catch((error: unknown) => {
          log.warn({ linkId: id, err: (error as Error).message }, 'payment link status check failed');
        });
      }
      return {
        status,
        customerName: row.customerName,
        customerEmail: row.customerEmail,
        planType: row.planType,
        amount: row.amount,
        paidAt: iso(row.paidAt),
        expiresAt: row.expiresAt.toISOString(),
        url: row.url,
        lastAttemptFailed: status === 'pending' && row.lastAttemptFailedAt !== null,
      };
    },

    /** GET /payment-links/user: the signed-in member's own links, newest first. */
    listForUser(user: Pick<PublicUser, 'id'>): PaymentLinkDetails[] {
      const now = clock.now();
      const rows = db
        .select({ link: paymentLinks })
        .from(paymentLinks)
        .innerJoin(subscribers, eq(subscribers.id, paymentLinks.subscriberId))
        .where(eq(subscribers.userId, user.id))
        .orderBy(desc(paymentLinks.createdAt))
        .limit(100)
        .all();
      return rows.map(({ link }) => toLinkDetails({ ...link, status: effectiveLinkStatus(link, now) }));
    },

    /** GET /payment-links/details/:id: an admin, or the link's own subscriber (others get a 404). */
    detailsFor(id: string, user: Pick<PublicUser, 'id' | 'role'>): PaymentLinkDetails {
      const link = getById(id);
      if (!link || !isOwner(link, user)) throw new AppError('NOT_FOUND', CHECKOUT_MSG.paymentLinkNotFound);
      return toLinkDetails({ ...link, status: effectiveLinkStatus(link, clock.now()) });
    },

    /** Marks every pending link past its time as expired (daily job; reads also expire lazily). */
    expireOverdue(): number {
      const now = clock.now();
      return db
        .update(paymentLinks)
        .set({ status: 'expired', updatedAt: now })
        .where(and(eq(paymentLinks.status, 'pending'), lte(paymentLinks.expiresAt, now)))
        .run().changes;
    },
  };
}

export type PaymentLinksService = ReturnType<typeof createPaymentLinksService>;
