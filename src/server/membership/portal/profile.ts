/** The member's own profile and password. */
import { eq } from 'drizzle-orm';
import {
  MEMBER_MSG,
  memberProfile,
  type MemberProfile,
  type MemberProfileInput,
} from '../../../shared/member-schemas';
import { assertStrongPassword, hashPassword } from '../../identity/auth/password';
import { subscribers, users, type Subscriber } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { checkCurrentPassword } from '../../identity/current-password';
import type { Caller, PortalContext } from './deps';
import { MSG_NOT_LINKED, ownRecord } from './subscription';
import { profileColumnsOf, toSubscriberRecord } from '../subscribers/admin/records';

const PROFILE_FIELDS = Object.keys(memberProfile.shape) as (keyof MemberProfile)[];

/** The member's profile: their record's personal fields, named as the back office's record names them. */
function profileOf(subscriber: Subscriber): MemberProfile {
  const record = toSubscriberRecord(subscriber);
  return Object.fromEntries(PROFILE_FIELDS.map((field) => [field, record[field]])) as MemberProfile;
}

export function profile(ctx: PortalContext, user: Caller): MemberProfile {
  return profileOf(ownRecord(ctx, user));
}

/** What the new values change, for the history. Never the full CPF: whether it changed is what the club needs. */
function profileChanges(current: Subscriber, values: ReturnType<typeof profileColumnsOf>) {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const [key, value] of Object.entries(values)) {
    const before = current[key as keyof typeof values] ?? null;
    if (before !== (value ?? null)) {
      changes[key] =
        key === 'cpf'
          ? { from: before ? '***' : null, to: value ? '***' : null }
          : { from: before, to: value };
    }
  }
  return changes;
}

/** Saves the fields a member may change; each change goes to the record's history. */
export function updateProfile(ctx: PortalContext, user: Caller, input: MemberProfileInput): MemberProfile {
  const { db, clock, lifecycle } = ctx;
  const current = ownRecord(ctx, user);
  const values = profileColumnsOf(input);
  const changes = profileChanges(current, values);
  const now = clock.now();
  const updated = db.transaction(() => {
    const row = db
      .update(subscribers)
      .set({ ...values, lastModifiedBy: user.id, updatedAt: now })
      .where(eq(subscribers.id, current.id))
      .returning()
      .get();
    if (Object.keys(changes).length > 0) {
      lifecycle.record({
        subscriberId: current.id,
        event: 'edited',
        actor: { kind: 'member', id: user.id },
        details: { changes },
      });
    }
    return row;
  });
  if (!updated) throw new AppError('NOT_FOUND', MSG_NOT_LINKED);
  // Every change of a contact is told to the proven e-mail, with "não fui eu" (ADR 027).
  if (changes.phone) ctx.accountSecurity.notify(user.id, 'profile_phone_changed');
  return profileOf(updated);
}

/**
 * New password: the other sessions of the account end, the one making the change stays, and the
 * owner is told on the proven e-mail.
 */
export async function changePassword(
  ctx: PortalContext,
  user: Caller & { sessionId: string; name?: string; email?: string },
  input: { currentPassword: string; newPassword: string },
  ip?: string,
): Promise<void> {
  const { db, clock, log, accountSecurity } = ctx;
  await checkCurrentPassword(ctx, user.id, input.currentPassword, ip);
  if (input.currentPassword === input.newPassword) {
    throw new AppError('BAD_REQUEST', MEMBER_MSG.newPasswordSame);
  }
  await assertStrongPassword(input.newPassword, user);
  const passwordHash = await hashPassword(input.newPassword);
  const now = clock.now();
  db.transaction(() => {
    db.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, user.id)).run();
    accountSecurity.credentialChanged({
      userId: user.id,
      notice: 'password_changed',
      keepSessionId: user.sessionId,
    });
  });
  log.info({ userId: user.id }, 'member changed password');
}
