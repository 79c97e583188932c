/**
 * The member's own contacts in the portal (ADR 027): which are proven and since when, a change of
 * sign-in address (effective once the new address confirms it), and the proof of the WhatsApp
 * number kept in the profile. Every function takes the signed-in caller, never an id.
 */
import type { PublicUser } from '../../shared/auth-schemas';
import { normalizedEmail } from '../../shared/email-address';
import { EMAIL_CHANGE_MSG, type MemberContacts } from '../../shared/identity-schemas';
import { MEMBER_MSG } from '../../shared/member-schemas';
import { MSG } from '../../shared/messages';
import { AppError } from '../lib/errors';
import type { AccountSecurity } from './account-security';
import type { SignInThrottle } from './auth/sign-in-throttle';
import { checkCurrentPassword } from './current-password';
import type { Credentials } from './credentials';
import type { ServiceDeps } from '../lib/deps';
import type { PhoneProof } from './phone-proof';
import type { StepUpService } from './step-up';
import type { SubscribersService } from '../membership/subscribers/subscribers';
import type { EmailChangesDeps } from './email-changes/targets';
import { type TwoFactorContext, isEnabled } from './two-factor/context';
import { pending, request, cancel } from './email-changes/request';
import { iso } from '../lib/output';

type Caller = Pick<PublicUser, 'id'>;
/** The owner's proof before a new number: the current password, or the app's code (two-factor). */
type PhoneProofInput = { currentPassword?: string; code?: string };

/** What the member's contacts are built from, by name. */
export type MemberContactsDeps = ServiceDeps & {
  accountSecurity: AccountSecurity;
  credentials: Credentials;
  emailChanges: EmailChangesDeps;
  phoneProof: PhoneProof;
  subscribers: SubscribersService;
  /** Wrong current passwords count like failed sign-ins. */
  throttle: SignInThrottle;
  /** The phone proof checks the owner as the step-up does (password, or the app's code). */
  stepUp: StepUpService;
  twoFactor: TwoFactorContext;
};

function account({ credentials }: MemberContactsDeps, user: Caller) {
  const row = credentials.accountById(user.id);
  if (!row) throw new AppError('UNAUTHORIZED', MSG.notAuthenticated);
  return row;
}

function contacts(deps: MemberContactsDeps, user: Caller): MemberContacts {
  const { credentials, subscribers, emailChanges } = deps;
  const row = account(deps, user);
  const phone = subscribers.findForUser(user)?.phone ?? '';
  const proven = credentials.provenPhone(user.id);
  const phoneProven = credentials.isProvenPhone(user.id, phone);
  const code = phoneProven ? null : deps.phoneProof.pending(user.id, phone);
  return {
    email: row.email,
    emailVerifiedAt: iso(row.emailVerifiedAt),
    pendingEmail: pending(emailChanges, { userId: user.id, subscriberId: null }),
    phone,
    phoneProven,
    provenPhone: proven?.phone ?? null,
    phoneProvenAt: iso(proven?.provenAt),
    pendingPhoneCode: code && { phone: code.phone, expiresAt: code.expiresAt.toISOString() },
    twoFactor: isEnabled(deps.twoFactor, user.id),
  };
}

/**
 * A new sign-in address, with the current password: the link goes to the new address and the
 * current one is told; the account keeps its e-mail until the link is used.
 */
async function changeEmail(
  deps: MemberContactsDeps,
  user: Caller,
  input: { email: string; currentPassword: string },
  ip?: string,
) {
  await checkCurrentPassword(deps, user.id, input.currentPassword, ip);
  const row = account(deps, user);
  if (row.email === normalizedEmail(input.email)) {
    throw new AppError('BAD_REQUEST', EMAIL_CHANGE_MSG.same);
  }
  return request(deps.emailChanges, {
    target: { userId: user.id, subscriberId: deps.subscribers.findForUser(user)?.id ?? null },
    newEmail: input.email,
    name: row.name,
    requestedBy: 'member',
    requestedById: user.id,
  });
}

/**
 * A code by WhatsApp to the phone of the member's profile. The proven number will receive codes
 * and links, so the owner proves it is them first (ADR 027): a stolen session alone cannot
 * plant a number of its own. The proof is the step-up's (step-up.ts): the current password, or
 * the app's code when two-factor sign-in is on; wrong ones count in the sign-in throttle, wrong
 * codes in the two-factor cap too.
 */
async function requestPhoneCode(
  deps: MemberContactsDeps,
  user: Caller,
  input: PhoneProofInput,
  ip?: string,
): Promise<{ phone: string }> {
  const row = account(deps, user);
  await deps.stepUp.verify(
    { id: row.id, email: row.email },
    input.code ? { code: input.code } : { password: input.currentPassword ?? '' },
    ip ?? 'local',
    MEMBER_MSG.currentPasswordWrong,
  );
  return deps.phoneProof.requestCode(
    { id: row.id, name: row.name },
    deps.subscribers.findForUser(user)?.phone ?? '',
  );
}

/**
 * The right code proves the number. The owner is told on the proven e-mail (with "não fui eu"),
 * and a different number proven before is told it no longer receives anything.
 */
function confirmPhone(deps: MemberContactsDeps, user: Caller, code: string): MemberContacts {
  const before = deps.credentials.provenPhone(user.id)?.phone ?? null;
  const proven = deps.phoneProof.confirm(user.id, code);
  deps.accountSecurity.notify(user.id, 'phone_proven');
  if (before && before !== proven.phone) deps.accountSecurity.notifyPhone(user.id, before, 'phone_replaced');
  return contacts(deps, user);
}

export function createMemberContacts(deps: MemberContactsDeps) {
  return {
    contacts: (user: Caller): MemberContacts => contacts(deps, user),
    changeEmail: (user: Caller, input: { email: string; currentPassword: string }, ip?: string) =>
      changeEmail(deps, user, input, ip),
    cancelEmailChange: (user: Caller): void => {
      cancel(deps.emailChanges, { userId: user.id, subscriberId: null });
    },
    requestPhoneCode: (user: Caller, input: PhoneProofInput, ip?: string): Promise<{ phone: string }> =>
      requestPhoneCode(deps, user, input, ip),
    confirmPhone: (user: Caller, code: string): MemberContacts => confirmPhone(deps, user, code),
  };
}
