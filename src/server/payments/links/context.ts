import { and, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import { paymentLinks, type PaymentLink } from '../../db/schema';
import { returningWrite } from '../../db/returning-write';
import type { PaymentProvider } from '../providers/types';
import type { ServiceDeps } from '../../lib/deps';
import type { OutboxService } from '../../messaging/outbox';
import type { SettingsService } from '../../settings/settings';
import type { SubscribersService } from '../../membership/subscribers/subscribers';
import type { ConfirmationContext } from '../confirmation/context';
import { prepareUnsettledQueries, type UnsettledQueries } from '../unsettled-attempts';

/** What the payment links service is built from, by name. */
export interface PaymentLinksDeps extends ServiceDeps {
  provider: PaymentProvider;
  settings: SettingsService;
  subscribers: SubscribersService;
  confirmation: ConfirmationContext;
  outbox: OutboxService;
}

/** The status read is the hot path (polled every 5 s by every open tracking page): prepared once. */
function prepareReads(db: ServiceDeps['db']) {
  return {
    status: db
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
      .prepare(),
    expire: db
      .update(paymentLinks)
      .set({ status: 'expired', updatedAt: sql`(unixepoch('subsec') * 1000)` })
      .where(
        and(
          eq(paymentLinks.id, sql.placeholder('id')),
          eq(paymentLinks.status, 'pending'),
          lte(paymentLinks.expiresAt, sql.placeholder('now')),
        ),
      )
      .prepare(),
    byId: db
      .select()
      .from(paymentLinks)
      .where(eq(paymentLinks.id, sql.placeholder('id')))
      .prepare(),
  };
}

/**
 * A checkout's writes, prepared once too (ADR 043): building a statement through drizzle cost about
 * as much as SQLite running it. Placeholders in VALUES are encoded by their column (dates, JSON).
 */
function prepareCheckoutStatements(db: ServiceDeps['db']) {
  const placeholder = sql.placeholder;
  return {
    insertLink: returningWrite(
      db
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
        .prepare(),
    ),
    /**
     * A subscriber's checkout links still payable for a plan and amount, in no order (a handful:
     * the caller sorts them). An ORDER BY here made SQLite build a temporary b-tree on every call
     * (the index does not hold `created_at`): 40–48 µs of each checkout against 5 µs for the read
     * alone (docs/performance.md, "Health's fixed cost").
     */
    payableCheckoutLinks: db
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
      .prepare(),
  };
}

function prepareStatements(db: ServiceDeps['db']) {
  return { ...prepareReads(db), ...prepareCheckoutStatements(db) };
}

/** The dependencies plus the prepared statements: what every function of the service takes first. */
export type PaymentLinksContext = PaymentLinksDeps & {
  statements: ReturnType<typeof prepareStatements>;
  unsettled: UnsettledQueries;
};

export function createPaymentLinksContext(deps: PaymentLinksDeps): PaymentLinksContext {
  return { ...deps, statements: prepareStatements(deps.db), unsettled: prepareUnsettledQueries(deps.db) };
}

export function getLink({ statements }: PaymentLinksContext, id: string): PaymentLink | undefined {
  return statements.byId.get({ id });
}
