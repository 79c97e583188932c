import { eq } from 'drizzle-orm';
import { SUBSCRIBER_MSG } from '../../../../shared/subscriber-schemas';
import { subscribers, type Subscriber } from '../../../db/schema';
import { AppError } from '../../../lib/errors';
import type { AccountSecurity } from '../../../identity/account-security';
import type { ActivityLog } from '../../../privacy/activity-log';
import type { Credentials } from '../../../identity/credentials';
import type { ServiceDeps } from '../../../lib/deps';
import type { SubscriberLifecycle } from '../lifecycle';
import type { AccountsDeps } from '../../../identity/accounts/deps';
import type { EmailChangesDeps } from '../../../identity/email-changes/targets';

/** What the back office's subscriber management is built from, by name. */
export interface SubscriberAdminDeps extends ServiceDeps {
  accountSecurity: Pick<AccountSecurity, 'revokePending' | 'notify'>;
  lifecycle: SubscriberLifecycle;
  accounts: AccountsDeps;
  activityLog: ActivityLog;
  credentials: Credentials;
  emailChanges: EmailChangesDeps;
}

/**
 * The dependencies plus the bulk approvals' queue: a second batch (a double click, a retry) starts
 * once the first has written its approvals, so it finds them approved instead of racing them.
 */
export type SubscriberAdminContext = SubscriberAdminDeps & { approvals: { tail: Promise<unknown> } };

export function createSubscriberAdminContext(deps: SubscriberAdminDeps): SubscriberAdminContext {
  return { ...deps, approvals: { tail: Promise.resolve() } };
}

export function load({ db }: Pick<ServiceDeps, 'db'>, id: string): Subscriber {
  const row = db.select().from(subscribers).where(eq(subscribers.id, id)).get();
  if (!row) throw new AppError('NOT_FOUND', SUBSCRIBER_MSG.notFound);
  return row;
}
