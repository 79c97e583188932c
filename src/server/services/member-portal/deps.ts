import type { PublicUser } from '../../../shared/auth-schemas';
import type { SignInThrottle } from '../../auth/sign-in-throttle';
import type { AccountSecurity } from '../account-security';
import type { ActivityLog } from '../activity-log';
import type { DeletionRequests } from '../deletion-requests';
import type { ServiceDeps } from '../deps';
import type { PaymentLinksService } from '../payment-links';
import type { ReferralsService } from '../referrals';
import type { SettingsService } from '../settings';
import type { SubscriberLifecycle } from '../subscriber-lifecycle';
import type { SubscribersService } from '../subscribers';

export interface MemberPortalDeps {
  /** Ends the other sessions and tells the owner when the password changes. */
  accountSecurity: AccountSecurity;
  /** Wrong current passwords count like failed sign-ins. */
  throttle: SignInThrottle;
  settings: SettingsService;
  subscribers: SubscribersService;
  lifecycle: SubscriberLifecycle;
  paymentLinks: PaymentLinksService;
  referrals: ReferralsService;
  // LGPD (ADR 029).
  deletionRequests: DeletionRequests;
  activityLog: ActivityLog;
}

/** What every function of the portal takes first. */
export type PortalContext = ServiceDeps & MemberPortalDeps;

export type Caller = Pick<PublicUser, 'id'>;

export const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);
