/** What automatic renewal is built from, by name (docs/decisions/052-automatic-renewal.md). */
import type { ServiceDeps } from '../../lib/deps';
import type { OutboxService } from '../../messaging/outbox';
import type { SubscriberLifecycle } from '../../membership/subscribers/lifecycle';
import type { SubscribersService } from '../../membership/subscribers/subscribers';
import type { SettingsService } from '../../settings/settings';
import type { PaymentProvider } from '../providers/types';
import type { ConfirmationContext } from '../confirmation/context';

export interface AutomaticRenewalDeps extends ServiceDeps {
  provider: PaymentProvider;
  settings: SettingsService;
  outbox: OutboxService;
  confirmation: ConfirmationContext;
  lifecycle: Pick<SubscriberLifecycle, 'record'>;
  /** The signed-in member's own record. */
  subscribers: Pick<SubscribersService, 'findForUser'>;
}

/** Lines of the member's history (`subscriber_activity.event`). */
export const AUTOMATIC_RENEWAL_EVENTS = {
  on: 'automatic_renewal_on',
  off: 'automatic_renewal_off',
  notice: 'automatic_renewal_notice',
  cardNotice: 'automatic_renewal_card_notice',
  attempt: 'automatic_renewal_attempt',
  failed: 'automatic_renewal_failed',
} as const;
