/**
 * The member's own contacts in the portal (ADR 027): which are proven and since when, a change of
 * sign-in address (effective once the new address confirms it), and the proof of the WhatsApp
 * number kept in the profile. Every function takes the signed-in caller, never an id.
 */
import { eq } from 'drizzle-orm';
import type { PublicUser } from '../../shared/auth-schemas';
import { EMAIL_CHANGE_MSG, type MemberContacts } from '../../shared/identity-schemas';
import { MEMBER_MSG } from '../../shared/member-schemas';
import { MSG } from '../../shared/messages';
import { verifyPassword } from '../auth/password';
import { users } from '../db/schema';
import { AppError } from '../errors';
import type { Credentials } from './credentials';
import type { ServiceDeps } from './deps';
import type { EmailChanges } from './email-changes';
import type { PhoneProof } from './phone-proof';
import type { SubscribersService } from './subscribers';

type Caller = Pick<PublicUser, 'id'>;

const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);

export function createMemberContacts({
  db,
  credentials,
  emailChanges,
  phoneProof,
  subscribers,
}: ServiceDeps & {
  credentials: Credentials;
  emailChanges: EmailChanges;
  phoneProof: PhoneProof;
  subscribers: SubscribersService;
}) {
  function account(user: Caller) {
    const row = credentials.accountById(user.id);
    if (!row) throw new AppError('UNAUTHORIZED', MSG.notAuthenticated);
    return row;
  }

  async function checkPassword(userId: string, password: string) {
    const row = db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId)).get();
    if (!row?.hash || !(await verifyPassword(row.hash, password))) {
      throw new AppError('BAD_REQUEST', MEMBER_MSG.currentPasswordWrong);
    }
  }

  function contacts(user: Caller): MemberContacts {
    const row = account(user);
    const phone = subscribers.findForUser(user)?.phone ?? '';
    const proven = credentials.provenPhone(user.id);
    return {
      email: row.email,
      emailVerifiedAt: iso(row.emailVerifiedAt),
      pendingEmail: emailChanges.pending({ userId: user.id, subscriberId: null }),
      phone,
      phoneProven: credentials.isProvenPhone(user.id, phone),
      provenPhone: proven?.phone ?? null,
      phoneProvenAt: iso(proven?.provenAt),
    };
  }

  return {
    contacts,

    /**
     * A new sign-in address, with the current password: the link goes to the new address and the
     * current one is told; the account keeps its e-mail until the link is used.
     */
    async changeEmail(user: Caller, input: { email: string; currentPassword: string }) {
      await checkPassword(user.id, input.currentPassword);
      const row = account(user);
      if (row.email === input.email.trim().toLowerCase()) {
        throw new AppError('BAD_REQUEST', EMAIL_CHANGE_MSG.same);
      }
      return emailChanges.request({
        target: { userId: user.id, subscriberId: subscribers.findForUser(user)?.id ?? null },
        newEmail: input.email,
        name: row.name,
        requestedBy: 'member',
        requestedById: user.id,
      });
    },

    cancelEmailChange(user: Caller): void {
      emailChanges.cancel({ userId: user.id, subscriberId: null });
    },

    /** A code by WhatsApp to the phone of the member's profile. */
    requestPhoneCode(user: Caller): { phone: string } {
      const row = account(user);
      return phoneProof.requestCode(
        { id: row.id, name: row.name },
        subscribers.findForUser(user)?.phone ?? '',
      );
    },

    confirmPhone(user: Caller, code: string): MemberContacts {
      phoneProof.confirm(user.id, code);
      return contacts(user);
    },
  };
}

export type MemberContactsService = ReturnType<typeof createMemberContacts>;
