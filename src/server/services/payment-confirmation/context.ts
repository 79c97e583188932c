import { and, eq, isNull, sql } from 'drizzle-orm';
import { payments, subscribers, type Payment } from '../../db/schema';
import type { PaymentProviderName } from '../../providers/payment/types';
import type { ServiceDeps } from '../deps';
import type { OutboxService } from '../outbox';
import type { PaymentHistory } from '../payment-history';
import type { ReferralsService } from '../referrals';
import type { SettingsService } from '../settings';
import type { SubscriberLifecycle } from '../subscriber-lifecycle';

/** What the payment confirmation is built from, by name. */
export interface PaymentConfirmationDeps extends ServiceDeps {
  settings: SettingsService;
  outbox: OutboxService;
  referrals: ReferralsService;
  lifecycle: SubscriberLifecycle;
  history: PaymentHistory;
}

/**
 * The confirmation path runs once per payment but in bulk under load (bench): its queries are
 * prepared once, when the service is built, and handed to every step with the dependencies.
 */
function prepareStatements(db: ServiceDeps['db']) {
  return {
    claimEmail: db
      .update(payments)
      .set({ confirmationEmailAt: sql`${sql.placeholder('now')}` })
      .where(
        and(
          eq(payments.id, sql.placeholder('id')),
          eq(payments.status, 'paid'),
          isNull(payments.confirmationEmailAt),
        ),
      )
      .prepare(),
    subscriberForPeriod: db
      .select({
        id: subscribers.id,
        name: subscribers.name,
        email: subscribers.email,
        status: subscribers.status,
        approvedAt: subscribers.approvedAt,
        subscriptionStartDate: subscribers.subscriptionStartDate,
        subscriptionEndDate: subscribers.subscriptionEndDate,
      })
      .from(subscribers)
      .where(eq(subscribers.id, sql.placeholder('id')))
      .prepare(),
    byCharge: db
      .select()
      .from(payments)
      .where(
        and(
          eq(payments.provider, sql.placeholder('provider')),
          eq(payments.providerChargeId, sql.placeholder('chargeId')),
        ),
      )
      .prepare(),
  };
}

/** The dependencies plus the prepared statements: what every step of the confirmation takes first. */
export type ConfirmationContext = PaymentConfirmationDeps & {
  statements: ReturnType<typeof prepareStatements>;
};

export function createConfirmationContext(deps: PaymentConfirmationDeps): ConfirmationContext {
  return { ...deps, statements: prepareStatements(deps.db) };
}

/** The payment on file for a provider's charge, if any. */
export function paymentByCharge(
  { statements }: ConfirmationContext,
  provider: PaymentProviderName,
  chargeId: string | null | undefined,
): Payment | undefined {
  if (!chargeId) return undefined;
  return statements.byCharge.get({ provider, chargeId });
}
