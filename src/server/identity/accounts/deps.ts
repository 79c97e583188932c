import type { PublicUser } from '../../../shared/auth-schemas';
import type { SessionStore } from '../auth/session';
import type { SignInThrottle } from '../auth/sign-in-throttle';
import type { AccountSecurity } from '../account-security';
import type { ServiceDeps } from '../../lib/deps';
import type { OutboxService } from '../../messaging/outbox';
import type { TwoFactorContext } from '../two-factor/context';

/**
 * What sign-in needs beyond the account itself (docs/decisions/028-owner-account.md): the second
 * factor, the per-account throttle, and the notices and session ends around credential changes.
 */
export interface SignInSecurity {
  twoFactor: TwoFactorContext;
  throttle: SignInThrottle;
  accountSecurity: AccountSecurity;
}

/** What the accounts service is built from, by name. */
export interface AccountsDeps extends ServiceDeps, SignInSecurity {
  sessions: SessionStore;
  outbox: OutboxService;
}

export interface AuthResult {
  token: string;
  expiresAt: Date;
  user: PublicUser;
}
