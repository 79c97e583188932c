import { and, eq, lte, sql } from 'drizzle-orm';
import { paymentLinks, type PaymentLink } from '../../db/schema';
import type { PaymentProvider } from '../../providers/payment/types';
import type { ServiceDeps } from '../deps';
import type { OutboxService } from '../outbox';
import type { PaymentConfirmation } from '../payment-confirmation';
import type { SettingsService } from '../settings';
import type { SubscribersService } from '../subscribers';

/** What the payment links service is built from, by name. */
export interface PaymentLinksDeps extends ServiceDeps {
  provider: PaymentProvider;
  settings: SettingsService;
  subscribers: SubscribersService;
  confirmation: PaymentConfirmation;
  outbox: OutboxService;
}

/** The status read is the hot path (polled every 5 s by every open tracking page): prepared once. */
function prepareStatements(db: ServiceDeps['db']) {
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

/** The dependencies plus the prepared statements: what every function of the service takes first. */
export type PaymentLinksContext = PaymentLinksDeps & { statements: ReturnType<typeof prepareStatements> };

export function createPaymentLinksContext(deps: PaymentLinksDeps): PaymentLinksContext {
  return { ...deps, statements: prepareStatements(deps.db) };
}

export function getLink({ statements }: PaymentLinksContext, id: string): PaymentLink | undefined {
  return statements.byId.get({ id });
}
