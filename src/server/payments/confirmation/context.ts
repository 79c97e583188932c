import type { Payment } from '../../db/schema';
import type { PaymentProviderName } from '../providers/types';
import type { ServiceDeps } from '../../lib/deps';
import type { OutboxService } from '../../messaging/outbox';
import type { PaymentHistory } from '../history';
import type { SettingsService } from '../../settings/settings';
import type { SubscriberLifecycle } from '../../membership/subscribers/lifecycle';
import { prepareStatements, type ConfirmationStatements } from './statements';
import type { ReferralsContext } from '../../referrals/context';

/** What the payment confirmation is built from, by name. */
export interface PaymentConfirmationDeps extends ServiceDeps {
  settings: SettingsService;
  outbox: OutboxService;
  referrals: ReferralsContext;
  lifecycle: SubscriberLifecycle;
  history: PaymentHistory;
}

/** The dependencies plus the prepared statements: what every step of the confirmation takes first. */
export type ConfirmationContext = PaymentConfirmationDeps & {
  statements: ConfirmationStatements;
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
