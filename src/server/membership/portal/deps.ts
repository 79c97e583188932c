import type { PublicUser } from '../../../shared/auth-schemas';
import type { SignInThrottle } from '../../identity/auth/sign-in-throttle';
import type { AccountSecurity } from '../../identity/account-security';
import type { ActivityLog } from '../../privacy/activity-log';
import type { ServiceDeps } from '../../lib/deps';
import type { SettingsService } from '../../settings/settings';
import type { SubscriberLifecycle } from '../subscribers/lifecycle';
import type { SubscribersService } from '../subscribers/subscribers';
import type { PaymentLinksContext } from '../../payments/links/context';
import type { ReferralsContext } from '../../referrals/context';
import type { RequestsContext } from '../../privacy/deletion-requests/deps';

export interface MemberPortalDeps {
  /** Ends the other sessions and tells the owner when the password changes. */
  accountSecurity: AccountSecurity;
  /** Wrong current passwords count like failed sign-ins. */
  throttle: SignInThrottle;
  settings: SettingsService;
  subscribers: SubscribersService;
  lifecycle: SubscriberLifecycle;
  paymentLinks: PaymentLinksContext;
  referrals: ReferralsContext;
  // LGPD (ADR 029).
  deletionRequests: RequestsContext;
  activityLog: ActivityLog;
}

/** What every function of the portal takes first. */
export type PortalContext = ServiceDeps & MemberPortalDeps;

export type Caller = Pick<PublicUser, 'id'>;
