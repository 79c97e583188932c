import { eq, sql } from 'drizzle-orm';
import { payments, subscribers, type Payment } from '../../db/schema';
import type { PaymentProvider } from '../providers/types';
import type { ServiceDeps } from '../../lib/deps';
import { createPaymentVerification } from '../verification';
import type { SettingsService } from '../../settings/settings';
import type { SubscribersService } from '../../membership/subscribers/subscribers';
import type { ConfirmationContext } from '../confirmation/context';
import { prepareUnsettledQueries, type UnsettledQueries } from '../unsettled-attempts';

/** What the in-page checkout is built from, by name. */
export interface InPageChargesDeps extends ServiceDeps {
  provider: PaymentProvider;
  settings: SettingsService;
  subscribers: SubscribersService;
  confirmation: ConfirmationContext;
  getById: (id: string) => Payment | undefined;
}

/** The status poll (every 5 s from the PIX screen) is prepared once. */
function prepareStatusQuery(db: ServiceDeps['db']) {
  return db
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
}

/** The dependencies, the verification of lost answers and the prepared queries. */
export type InPageContext = InPageChargesDeps & {
  verification: ReturnType<typeof createPaymentVerification>;
  history: ConfirmationContext['history'];
  statusQuery: ReturnType<typeof prepareStatusQuery>;
  unsettled: UnsettledQueries;
};

export function createInPageContext(deps: InPageChargesDeps): InPageContext {
  return {
    ...deps,
    verification: createPaymentVerification(deps),
    history: deps.confirmation.history,
    statusQuery: prepareStatusQuery(deps.db),
    unsettled: prepareUnsettledQueries(deps.db),
  };
}
