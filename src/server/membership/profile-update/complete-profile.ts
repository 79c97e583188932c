/**
 * Step 2: saves the profile once per confirmed code. Without a valid token nothing changes. The
 * status is not touched (the wizard edits data, not the membership); the save is in the history.
 */
import { and, eq, gte, isNull } from 'drizzle-orm';
import { addressColumns } from '../../../shared/fields/address';
import {
  PROFILE_UPDATE_MSG,
  WIZARD_SHIRT_SIZES,
  type CompleteProfileInput,
  type CompleteProfileResponse,
} from '../../../shared/profile-update-schemas';
import { profileUpdateCodes, subscribers, type Subscriber } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { sha256, type ProfileUpdateDeps } from './deps';
import { request } from '../../identity/email-changes/request';

type Tx = Parameters<Parameters<ProfileUpdateDeps['db']['transaction']>[0]>[0];

/** The confirmed, unused, unexpired code the token stands for. */
function grantOf(tx: Tx, input: CompleteProfileInput, now: Date) {
  const grant = tx
    .select()
    .from(profileUpdateCodes)
    .where(
      and(
        eq(profileUpdateCodes.tokenHash, sha256(input.verificationToken)),
        eq(profileUpdateCodes.subscriberId, input.subscriberId),
        isNull(profileUpdateCodes.usedAt),
        gte(profileUpdateCodes.tokenExpiresAt, now),
      ),
    )
    .get();
  if (!grant) throw new AppError('FORBIDDEN', PROFILE_UPDATE_MSG.tokenInvalid);
  return grant;
}

/**
 * The e-mail is a sign-in address, or becomes one at approval: on a record without an account it
 * changes only once the new address confirms it (ADR 027), and never to an address another
 * account or record holds. A record that has an account keeps its e-mail and phone: a code that
 * reached the account's contacts is not its password, and a stolen session could have proven the
 * phone that received it (ADR 027); contacts change in "Meu Perfil".
 * Returns the sign-in address, whether a new one waits for its confirmation, and whether the
 * contacts were kept.
 */
function contactsOf(
  { credentials, emailChanges }: ProfileUpdateDeps,
  current: Subscriber,
  input: CompleteProfileInput,
) {
  const owner = credentials.accountOf(current);
  if (owner) {
    return { loginEmail: owner.email, pendingEmail: null, phone: current.phone, contactsInPortal: true };
  }
  const emailToConfirm = input.email !== current.email;
  if (emailToConfirm) {
    request(emailChanges, {
      target: { userId: null, subscriberId: current.id },
      newEmail: input.email,
      name: current.name,
      requestedBy: 'wizard',
      requestedById: null,
      takenMessage: PROFILE_UPDATE_MSG.emailTaken,
    });
  }
  return {
    loginEmail: current.email,
    pendingEmail: emailToConfirm ? input.email : null,
    phone: input.phone,
    contactsInPortal: false,
  };
}

/** The columns the wizard saves, and what they change (for the history). */
function nextProfile(current: Subscriber, input: CompleteProfileInput, phone: string) {
  const next = {
    name: `${input.firstName} ${input.lastName}`,
    phone,
    ...addressColumns(input.address),
    shirtSize: input.shirtSize,
  };
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const key of Object.keys(next) as (keyof typeof next)[]) {
    if ((current[key] ?? null) !== next[key]) changes[key] = { from: current[key] ?? null, to: next[key] };
  }
  return { next, changes };
}

/** Inside the transaction: the grant used once, the profile saved, the save in the history. */
function saveProfile(deps: ProfileUpdateDeps, tx: Tx, input: CompleteProfileInput, now: Date) {
  const grant = grantOf(tx, input, now);
  const current = tx.select().from(subscribers).where(eq(subscribers.id, input.subscriberId)).get();
  if (!current) throw new AppError('NOT_FOUND', PROFILE_UPDATE_MSG.notFound);
  const offered = (WIZARD_SHIRT_SIZES as readonly string[]).includes(input.shirtSize);
  if (!offered && input.shirtSize !== current.shirtSize) {
    throw new AppError('BAD_REQUEST', PROFILE_UPDATE_MSG.shirtSizeInvalid);
  }
  const contacts = contactsOf(deps, current, input);
  const { next, changes } = nextProfile(current, input, contacts.phone);
  const used = tx
    .update(profileUpdateCodes)
    .set({ usedAt: now })
    .where(and(eq(profileUpdateCodes.id, grant.id), isNull(profileUpdateCodes.usedAt)))
    .run();
  if (used.changes === 0) throw new AppError('FORBIDDEN', PROFILE_UPDATE_MSG.tokenInvalid);
  const [row] = tx
    .update(subscribers)
    .set({ ...next, profileCompleted: true, profileCompletedAt: now, updatedAt: now })
    .where(eq(subscribers.id, current.id))
    .returning()
    .all();
  if (!row) throw new AppError('NOT_FOUND', PROFILE_UPDATE_MSG.notFound);
  deps.lifecycle.record({
    subscriberId: current.id,
    event: 'profile_completed',
    // The member acted, proven by the code; the linked account names them when there is one.
    actor: { kind: 'member', id: current.userId ?? current.id },
    details: { changes, via: 'formulario-atualizacao' },
  });
  return { row, ...contacts };
}

export function completeProfile(
  deps: ProfileUpdateDeps,
  input: CompleteProfileInput,
): CompleteProfileResponse {
  const now = deps.clock.now();
  const saved = deps.db.transaction((tx) => saveProfile(deps, tx, input, now));
  deps.log.info({ subscriberId: saved.row.id }, 'profile completed through the wizard');
  return {
    success: true,
    // The login is the account's e-mail when the record has one; otherwise the record's.
    credentials: { email: saved.loginEmail, referralCode: saved.row.referralCode },
    accessInfo: { dashboardUrl: `${deps.env.publicUrl}/login` },
    pendingEmail: saved.pendingEmail,
    contactsInPortal: saved.contactsInPortal,
  };
}
