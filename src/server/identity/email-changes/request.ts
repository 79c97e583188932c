/** Asking for a new address, and withdrawing the request. */
import { randomBytes } from 'node:crypto';
import { and, count, eq, gt } from 'drizzle-orm';
import { normalizedEmail } from '../../../shared/email-address';
import { EMAIL_CHANGE_MSG, type PendingEmailChange } from '../../../shared/identity-schemas';
import { HOUR_MS } from '../../../shared/sao-paulo-time';
import { NOT_ME_MSG } from '../../../shared/security-schemas';
import { emailChanges, users, type EmailChange } from '../../db/schema';
import { NOT_ME_PLACEHOLDER } from '../account-security';
import { AppError } from '../../lib/errors';
import { newId } from '../../lib/ids';
import { assertEmailAvailable } from '../email-availability';
import { maskEmail } from '../../membership/profile-update/masks';
import {
  actorOf,
  currentEmail,
  EMAIL_CHANGE_REQUESTED_EVENT,
  EMAIL_CHANGE_TTL_MS,
  EMAIL_CHANGES_PER_HOUR,
  openWhere,
  recordOf,
  sha256,
  targetWhere,
  toPending,
  type EmailChangesDeps,
  type EmailTarget,
} from './targets';

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

/** The change waiting for confirmation, if any. */
export function pending({ db, clock }: EmailChangesDeps, target: EmailTarget): PendingEmailChange | null {
  const row = db
    .select()
    .from(emailChanges)
    .where(and(targetWhere(target), openWhere(clock.now())))
    .get();
  return row ? toPending(row) : null;
}

function checkHourlyAllowance({ db }: EmailChangesDeps, target: EmailTarget, now: Date) {
  const lastHour =
    db
      .select({ total: count() })
      .from(emailChanges)
      .where(and(targetWhere(target), gt(emailChanges.createdAt, new Date(now.getTime() - HOUR_MS))))
      .get()?.total ?? 0;
  if (lastHour >= EMAIL_CHANGES_PER_HOUR) throw new AppError('TOO_MANY_REQUESTS', EMAIL_CHANGE_MSG.tooMany);
}

/** Replaces an earlier pending change with this one (its token stored hashed), in the record's history too. */
function storeRequest(
  deps: EmailChangesDeps,
  input: EmailChangeRequest,
  change: { oldEmail: string; newEmail: string; token: string; now: Date },
): EmailChange {
  const { now } = change;
  return deps.db.transaction((tx) => {
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
        oldEmail: change.oldEmail,
        newEmail: change.newEmail,
        tokenHash: sha256(change.token),
        requestedBy: input.requestedBy,
        requestedById: input.requestedById,
        expiresAt: new Date(now.getTime() + EMAIL_CHANGE_TTL_MS),
        createdAt: now,
      })
      .returning()
      .get();
    const record = recordOf(deps, inserted);
    if (record) {
      deps.lifecycle.record({
        subscriberId: record.id,
        event: EMAIL_CHANGE_REQUESTED_EVENT,
        actor: actorOf(inserted),
        details: { to: change.newEmail, via: input.requestedBy },
      });
    }
    return inserted;
  });
}

/**
 * The notice's last words: to an account's proven sign-in address, the "não fui eu" link (issue
 * 37 §1), kept out of the readable copy; otherwise (a record without an account) advice only.
 */
function notMeOf(
  { db, accountSecurity }: EmailChangesDeps,
  target: EmailTarget,
  oldEmail: string,
): { notMe: Record<string, string>; secretVars?: Record<string, string>; secretPlaceholder?: string } {
  const account = target.userId
    ? db
        .select({ email: users.email, verifiedAt: users.emailVerifiedAt })
        .from(users)
        .where(eq(users.id, target.userId))
        .get()
    : undefined;
  if (!target.userId || !account?.verifiedAt || account.email !== oldEmail) {
    return { notMe: { notMe: NOT_ME_MSG.adviceWithoutLink } };
  }
  return {
    notMe: {},
    secretVars: { notMe: NOT_ME_MSG.advice(accountSecurity.notMeUrl(target.userId)) },
    secretPlaceholder: NOT_ME_PLACEHOLDER,
  };
}

/**
 * Asks for the change: refuses an address someone else uses, replaces an earlier pending
 * change, mails the link to the new address and tells the current one. Nothing else changes.
 */
export function request(deps: EmailChangesDeps, input: EmailChangeRequest): PendingEmailChange {
  const { db, clock, env, log, outbox } = deps;
  const newEmail = normalizedEmail(input.newEmail);
  const oldEmail = currentEmail(deps, input.target);
  if (newEmail === oldEmail) throw new AppError('BAD_REQUEST', EMAIL_CHANGE_MSG.same);
  // Another account signs in with it, or a record that is not the target's holds it.
  assertEmailAvailable(db, newEmail, { among: 'both', except: input.target, message: input.takenMessage });
  const now = clock.now();
  checkHourlyAllowance(deps, input.target, now);
  const token = randomBytes(32).toString('base64url');
  const row = storeRequest(deps, input, { oldEmail, newEmail, token, now });
  outbox.enqueue({
    channel: 'email',
    recipient: newEmail,
    template: 'email_change_confirm',
    vars: { name: input.name, email: newEmail },
    secretVars: { confirmUrl: `${env.publicUrl}/confirmar-novo-email?token=${token}` },
  });
  const { notMe, ...secret } = notMeOf(deps, input.target, oldEmail);
  outbox.enqueue({
    channel: 'email',
    recipient: oldEmail,
    template: 'email_change_requested',
    vars: {
      name: input.name,
      newEmailMasked: maskEmail(newEmail),
      requester: EMAIL_CHANGE_MSG.requesters[input.requestedBy],
      ...notMe,
    },
    ...secret,
  });
  log.info(
    { userId: row.userId, subscriberId: row.subscriberId, by: row.requestedBy },
    'e-mail change requested',
  );
  return toPending(row);
}

/** Withdraws the pending change (the member, from the profile). */
export function cancel({ db, clock }: EmailChangesDeps, target: EmailTarget): void {
  const now = clock.now();
  const done = db
    .update(emailChanges)
    .set({ cancelledAt: now })
    .where(and(targetWhere(target), openWhere(now)))
    .run();
  if (done.changes === 0) throw new AppError('BAD_REQUEST', EMAIL_CHANGE_MSG.nothingPending);
}
