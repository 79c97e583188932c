/** Whose e-mail changes, the pending change of a target, and who and what it concerns. */
import { createHash } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { PendingEmailChange } from '../../../shared/identity-schemas';
import { MSG } from '../../../shared/messages';
import { HOUR_MS } from '../../../shared/sao-paulo-time';
import { emailChanges, subscribers, users, type EmailChange } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { AccountSecurity } from '../account-security';
import type { ServiceDeps } from '../../lib/deps';
import type { OutboxService } from '../../messaging/outbox';
import type { Actor, SubscriberLifecycle } from '../../membership/subscribers/lifecycle';

export const EMAIL_CHANGE_TTL_MS = 48 * HOUR_MS;
/** Requests per account (or record) per hour: each one mails two addresses, one of them anybody's. */
export const EMAIL_CHANGES_PER_HOUR = 5;
export const EMAIL_CHANGE_REQUESTED_EVENT = 'email_change_requested';
export const EMAIL_CHANGED_EVENT = 'email_changed';

export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** What the e-mail changes are built from, by name. */
export interface EmailChangesDeps extends ServiceDeps {
  outbox: OutboxService;
  /** The "não fui eu" link of the notice to the current address. */
  accountSecurity: Pick<AccountSecurity, 'notMeUrl'>;
  lifecycle: SubscriberLifecycle;
}

/** Whose e-mail changes: an account (and the record tied to it), or a record without an account. */
export type EmailTarget =
  { userId: string; subscriberId: string | null } | { userId: null; subscriberId: string };

export const toPending = (row: EmailChange): PendingEmailChange => ({
  newEmail: row.newEmail,
  requestedBy: row.requestedBy,
  requestedAt: row.createdAt.toISOString(),
  expiresAt: row.expiresAt.toISOString(),
});

export const targetWhere = (target: EmailTarget) =>
  target.userId !== null
    ? eq(emailChanges.userId, target.userId)
    : eq(emailChanges.subscriberId, target.subscriberId);

export const openWhere = (now: Date) =>
  and(isNull(emailChanges.confirmedAt), isNull(emailChanges.cancelledAt), gt(emailChanges.expiresAt, now));

/** The address the target uses now: the account's sign-in address, else the record's e-mail. */
export function currentEmail({ db }: Pick<ServiceDeps, 'db'>, target: EmailTarget): string {
  const row =
    target.userId !== null
      ? db.select({ email: users.email }).from(users).where(eq(users.id, target.userId)).get()
      : db
          .select({ email: subscribers.email })
          .from(subscribers)
          .where(eq(subscribers.id, target.subscriberId))
          .get();
  if (!row) throw new AppError('NOT_FOUND', MSG.notFound);
  return row.email;
}

export function actorOf(
  row: Pick<EmailChange, 'requestedBy' | 'requestedById' | 'userId' | 'subscriberId'>,
): Actor {
  if (row.requestedBy === 'admin' && row.requestedById) return { kind: 'admin', id: row.requestedById };
  return { kind: 'member', id: row.userId ?? row.subscriberId ?? '' };
}

/** The record whose e-mail follows the target's: the one named, else the account's tied one. */
export function recordOf(
  { db }: Pick<ServiceDeps, 'db'>,
  target: Pick<EmailChange, 'userId' | 'subscriberId'>,
) {
  const where = target.subscriberId
    ? eq(subscribers.id, target.subscriberId)
    : target.userId
      ? eq(subscribers.userId, target.userId)
      : undefined;
  if (!where) return undefined;
  return db.select({ id: subscribers.id, name: subscribers.name }).from(subscribers).where(where).get();
}

/**
 * A record asked for its new e-mail while it had no account, and the approval then gave it one
 * for the address that was told: that account's sign-in address is the one that changes.
 */
export function accountSince(
  { db }: Pick<ServiceDeps, 'db'>,
  row: Pick<EmailChange, 'subscriberId' | 'oldEmail'>,
): string | null {
  if (!row.subscriberId) return null;
  const tied = db
    .select({ id: users.id })
    .from(subscribers)
    .innerJoin(users, eq(users.id, subscribers.userId))
    .where(and(eq(subscribers.id, row.subscriberId), eq(users.email, row.oldEmail)))
    .get();
  return tied?.id ?? null;
}

/** How the notices greet the person: the account's name, else the record's. */
export function nameOf(
  deps: Pick<ServiceDeps, 'db'>,
  target: Pick<EmailChange, 'userId' | 'subscriberId'>,
): string {
  const account = target.userId
    ? deps.db.select({ name: users.name }).from(users).where(eq(users.id, target.userId)).get()
    : undefined;
  return account?.name ?? recordOf(deps, target)?.name ?? '';
}
