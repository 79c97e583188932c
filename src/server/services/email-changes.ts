/**
 * A new sign-in address takes effect only once the new address confirms it (ADR 027). Whoever asks
 * (the member with their password, an admin correcting a record, the wizard with its code), the
 * new address gets a one-time link and the current one is told; nothing changes until the link is
 * used. Then the account's e-mail (proven by that link), its tied record's e-mail, and nothing
 * else change; the account's other sessions end and links sent to the old address stop working.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, count, eq, gt, isNull, ne } from 'drizzle-orm';
import { EMAIL_CHANGE_MSG, type PendingEmailChange } from '../../shared/identity-schemas';
import { MSG } from '../../shared/messages';
import { emailChanges, passwordTokens, sessions, subscribers, users, type EmailChange } from '../db/schema';
import { AppError } from '../errors';
import { newId } from '../ids';
import type { ServiceDeps } from './deps';
import type { OutboxService } from './outbox';
import { maskEmail } from './profile-update';
import type { Actor, SubscriberLifecycle } from './subscriber-lifecycle';
import { assertEmailAvailable } from './email-availability';

export const EMAIL_CHANGE_TTL_MS = 48 * 60 * 60 * 1000;
/** Requests per account (or record) per hour: each one mails two addresses, one of them anybody's. */
export const EMAIL_CHANGES_PER_HOUR = 5;
export const EMAIL_CHANGE_REQUESTED_EVENT = 'email_change_requested';
export const EMAIL_CHANGED_EVENT = 'email_changed';

const HOUR_MS = 60 * 60 * 1000;
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Whose e-mail changes: an account (and the record tied to it), or a record without an account. */
export type EmailTarget =
  { userId: string; subscriberId: string | null } | { userId: null; subscriberId: string };

export interface EmailChangeRequest {
  target: EmailTarget;
  newEmail: string;
  /** How the notices greet the person. */
  name: string;
  requestedBy: EmailChange['requestedBy'];
  /** The admin or member who asked; null for the wizard. */
  requestedById: string | null;
  /** The 409 message when the address belongs to someone else (the wizard has its own words). */
  takenMessage?: string;
}

const toPending = (row: EmailChange): PendingEmailChange => ({
  newEmail: row.newEmail,
  requestedBy: row.requestedBy,
  requestedAt: row.createdAt.toISOString(),
  expiresAt: row.expiresAt.toISOString(),
});

export function createEmailChanges({
  db,
  env,
  clock,
  log,
  outbox,
  lifecycle,
}: ServiceDeps & { outbox: OutboxService; lifecycle: SubscriberLifecycle }) {
  const targetWhere = (target: EmailTarget) =>
    target.userId !== null
      ? eq(emailChanges.userId, target.userId)
      : eq(emailChanges.subscriberId, target.subscriberId);

  const openWhere = (now: Date) =>
    and(isNull(emailChanges.confirmedAt), isNull(emailChanges.cancelledAt), gt(emailChanges.expiresAt, now));

  /** The address the target uses now: the account's sign-in address, else the record's e-mail. */
  function currentEmail(target: EmailTarget): string {
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

  function actorOf(
    row: Pick<EmailChange, 'requestedBy' | 'requestedById' | 'userId' | 'subscriberId'>,
  ): Actor {
    if (row.requestedBy === 'admin' && row.requestedById) return { kind: 'admin', id: row.requestedById };
    return { kind: 'member', id: row.userId ?? row.subscriberId ?? '' };
  }

  /** The record whose e-mail follows the target's: the one named, else the account's tied one. */
  function recordOf(target: Pick<EmailChange, 'userId' | 'subscriberId'>) {
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
  function accountSince(row: Pick<EmailChange, 'subscriberId' | 'oldEmail'>): string | null {
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
  function nameOf(target: Pick<EmailChange, 'userId' | 'subscriberId'>): string {
    const account = target.userId
      ? db.select({ name: users.name }).from(users).where(eq(users.id, target.userId)).get()
      : undefined;
    return account?.name ?? recordOf(target)?.name ?? '';
  }

  return {
    /** The change waiting for confirmation, if any. */
    pending(target: EmailTarget): PendingEmailChange | null {
      const row = db
        .select()
        .from(emailChanges)
        .where(and(targetWhere(target), openWhere(clock.now())))
        .get();
      return row ? toPending(row) : null;
    },

    /**
     * Asks for the change: refuses an address someone else uses, replaces an earlier pending
     * change, mails the link to the new address and tells the current one. Nothing else changes.
     */
    request(input: EmailChangeRequest): PendingEmailChange {
      const newEmail = input.newEmail.trim().toLowerCase();
      const oldEmail = currentEmail(input.target);
      if (newEmail === oldEmail) throw new AppError('BAD_REQUEST', EMAIL_CHANGE_MSG.same);
      // Another account signs in with it, or a record that is not the target's holds it.
      assertEmailAvailable(db, newEmail, {
        among: 'both',
        except: input.target,
        message: input.takenMessage,
      });
      const now = clock.now();
      const lastHour =
        db
          .select({ total: count() })
          .from(emailChanges)
          .where(
            and(targetWhere(input.target), gt(emailChanges.createdAt, new Date(now.getTime() - HOUR_MS))),
          )
          .get()?.total ?? 0;
      if (lastHour >= EMAIL_CHANGES_PER_HOUR) {
        throw new AppError('TOO_MANY_REQUESTS', EMAIL_CHANGE_MSG.tooMany);
      }
      const token = randomBytes(32).toString('base64url');
      const row = db.transaction((tx) => {
        tx.update(emailChanges)
          .set({ cancelledAt: now })
          .where(and(targetWhere(input.target), openWhere(now)))
          .run();
        const inserted = tx
          .insert(emailChanges)
          .values({
            id: newId(),
            userId: input.target.userId,
            subscriberId: input.target.subscriberId,
            oldEmail,
            newEmail,
            tokenHash: sha256(token),
            requestedBy: input.requestedBy,
            requestedById: input.requestedById,
            expiresAt: new Date(now.getTime() + EMAIL_CHANGE_TTL_MS),
            createdAt: now,
          })
          .returning()
          .get();
        const record = recordOf(inserted);
        if (record) {
          lifecycle.record({
            subscriberId: record.id,
            event: EMAIL_CHANGE_REQUESTED_EVENT,
            actor: actorOf(inserted),
            details: { to: newEmail, via: input.requestedBy },
          });
        }
        return inserted;
      });
      outbox.enqueue({
        channel: 'email',
        recipient: newEmail,
        template: 'email_change_confirm',
        vars: { name: input.name, email: newEmail },
        secretVars: { confirmUrl: `${env.publicUrl}/confirmar-novo-email?token=${token}` },
      });
      outbox.enqueue({
        channel: 'email',
        recipient: oldEmail,
        template: 'email_change_requested',
        vars: {
          name: input.name,
          newEmailMasked: maskEmail(newEmail),
          requester: EMAIL_CHANGE_MSG.requesters[input.requestedBy],
        },
      });
      log.info(
        { userId: row.userId, subscriberId: row.subscriberId, by: row.requestedBy },
        'e-mail change requested',
      );
      return toPending(row);
    },

    /** Withdraws the pending change (the member, from the profile). */
    cancel(target: EmailTarget): void {
      const now = clock.now();
      const done = db
        .update(emailChanges)
        .set({ cancelledAt: now })
        .where(and(targetWhere(target), openWhere(now)))
        .run();
      if (done.changes === 0) throw new AppError('BAD_REQUEST', EMAIL_CHANGE_MSG.nothingPending);
    },

    /**
     * Uses the link: the new address is now the sign-in address (proven by this very link) and the
     * record's e-mail. The account's other sessions end (`keepSessionId`, the browser that opened
     * the link signed in as that account, stays), links sent to the old address stop working, and
     * the old address is told.
     */
    confirm(
      token: string,
      caller: { userId: string; sessionId: string } | null,
    ): { message: string; email: string } {
      const now = clock.now();
      const row = db
        .select()
        .from(emailChanges)
        .where(and(eq(emailChanges.tokenHash, sha256(token)), openWhere(now)))
        .get();
      if (!row) throw new AppError('BAD_REQUEST', EMAIL_CHANGE_MSG.linkInvalid);
      const userId = row.userId ?? accountSince(row);
      const target: EmailTarget = userId
        ? { userId, subscriberId: row.subscriberId }
        : { userId: null, subscriberId: row.subscriberId ?? '' };
      const name = nameOf({ ...row, userId });
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
        const record = recordOf(row);
        if (record) {
          tx.update(subscribers)
            .set({ email: row.newEmail, updatedAt: now })
            .where(eq(subscribers.id, record.id))
            .run();
          lifecycle.record({
            subscriberId: record.id,
            event: EMAIL_CHANGED_EVENT,
            actor: actorOf(row),
            details: { changes: { email: { from: row.oldEmail, to: row.newEmail } }, via: row.requestedBy },
          });
        }
        if (!userId) return;
        tx.update(users)
          .set({ email: row.newEmail, emailVerifiedAt: now, updatedAt: now })
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
    },
  };
}

export type EmailChanges = ReturnType<typeof createEmailChanges>;
