/**
 * Uses the link: the new address is now the sign-in address (proven by this very link) and the
 * record's e-mail. The account's other sessions end (`keepSessionId`, the browser that opened
 * the link signed in as that account, stays), links sent to the old address stop working, and
 * the old address is told.
 */
import { and, eq, isNull, ne } from 'drizzle-orm';
import { EMAIL_CHANGE_MSG } from '../../../shared/identity-schemas';
import {
  emailChanges,
  passwordTokens,
  sessions,
  subscribers,
  users,
  type EmailChange,
} from '../../db/schema';
import { AppError } from '../../lib/errors';
import { assertEmailAvailable } from '../email-availability';
import { maskEmail } from '../../membership/profile-update/masks';
import {
  accountSince,
  actorOf,
  EMAIL_CHANGED_EVENT,
  nameOf,
  openWhere,
  recordOf,
  sha256,
  type EmailChangesDeps,
  type EmailTarget,
} from './targets';

type Tx = Parameters<Parameters<EmailChangesDeps['db']['transaction']>[0]>[0];
type Caller = { userId: string; sessionId: string } | null;

/** The record's e-mail follows, and its history says so. */
function moveRecordEmail(deps: EmailChangesDeps, tx: Tx, row: EmailChange, now: Date) {
  const record = recordOf(deps, row);
  if (!record) return;
  tx.update(subscribers)
    .set({ email: row.newEmail, updatedAt: now })
    .where(eq(subscribers.id, record.id))
    .run();
  deps.lifecycle.record({
    subscriberId: record.id,
    event: EMAIL_CHANGED_EVENT,
    actor: actorOf(row),
    details: { changes: { email: { from: row.oldEmail, to: row.newEmail } }, via: row.requestedBy },
  });
}

/** The account signs in with the new address; old links stop working; its other sessions end. */
function moveAccountEmail(tx: Tx, userId: string, newEmail: string, caller: Caller, now: Date) {
  tx.update(users)
    .set({ email: newEmail, emailVerifiedAt: now, updatedAt: now })
    .where(eq(users.id, userId))
    .run();
  // Links mailed to the old address open this account no more.
  tx.update(passwordTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordTokens.userId, userId), isNull(passwordTokens.usedAt)))
    .run();
  const keep = caller && caller.userId === userId ? caller.sessionId : null;
  tx.delete(sessions)
    .where(keep ? and(eq(sessions.userId, userId), ne(sessions.id, keep)) : eq(sessions.userId, userId))
    .run();
}

export function confirm(
  deps: EmailChangesDeps,
  token: string,
  caller: Caller,
): { message: string; email: string } {
  const { db, clock, log, outbox } = deps;
  const now = clock.now();
  const row = db
    .select()
    .from(emailChanges)
    .where(and(eq(emailChanges.tokenHash, sha256(token)), openWhere(now)))
    .get();
  if (!row) throw new AppError('BAD_REQUEST', EMAIL_CHANGE_MSG.linkInvalid);
  const userId = row.userId ?? accountSince(deps, row);
  const target: EmailTarget = userId
    ? { userId, subscriberId: row.subscriberId }
    : { userId: null, subscriberId: row.subscriberId ?? '' };
  const name = nameOf(deps, { ...row, userId });
  db.transaction((tx) => {
    const claimed = tx
      .update(emailChanges)
      .set({ confirmedAt: now })
      .where(and(eq(emailChanges.id, row.id), openWhere(now)))
      .run();
    if (claimed.changes === 0) throw new AppError('BAD_REQUEST', EMAIL_CHANGE_MSG.linkInvalid);
    assertEmailAvailable(db, row.newEmail, {
      among: 'both',
      except: target,
      message: EMAIL_CHANGE_MSG.takenSince,
    });
    moveRecordEmail(deps, tx, row, now);
    if (userId) moveAccountEmail(tx, userId, row.newEmail, caller, now);
  });
  outbox.enqueue({
    channel: 'email',
    recipient: row.oldEmail,
    template: 'email_changed',
    vars: { name, newEmailMasked: maskEmail(row.newEmail) },
  });
  log.info({ userId, subscriberId: row.subscriberId }, 'e-mail change confirmed');
  return {
    email: row.newEmail,
    message: userId
      ? EMAIL_CHANGE_MSG.confirmed(row.newEmail)
      : EMAIL_CHANGE_MSG.confirmedRecord(row.newEmail),
  };
}
