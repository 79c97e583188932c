/**
 * Where credentials may go (ADR 027). A set-password link, or a code that unlocks a record, opens
 * somebody's account or data, so it goes only to a contact proven to belong to that account: the
 * account's own sign-in address (using a link sent there proves it) and the WhatsApp number the
 * account proved with a code. What a checkout, the wizard, a CSV import or an admin typed into a
 * subscriber record is a claim: it gets notices that carry no credential.
 */
import { eq } from 'drizzle-orm';
import { nationalPhoneDigits } from '../../shared/fields/rules';
import { APPROVAL_MSG } from '../../shared/identity-schemas';
import { accountPhones, users, type Subscriber } from '../db/schema';
import type { AccountsService } from './accounts';
import type { ServiceDeps } from './deps';
import type { OutboxService } from './outbox';

export type Account = typeof users.$inferSelect;

/** "(11) 98765-4321", "5511987654321" → "11987654321": one spelling to compare numbers. */
export const nationalDigits = nationalPhoneDigits;

export function createCredentials({
  db,
  log,
  accounts,
  outbox,
}: ServiceDeps & { accounts: AccountsService; outbox: OutboxService }) {
  function accountById(id: string): Account | undefined {
    return db.select().from(users).where(eq(users.id, id)).get();
  }

  /**
   * The account a record belongs to: the one tied to it, else the one whose sign-in address is the
   * record's e-mail (the account approval or a proof of that address would tie it to).
   */
  function accountOf(subscriber: Pick<Subscriber, 'userId' | 'email'>): Account | undefined {
    if (subscriber.userId) return accountById(subscriber.userId);
    return accounts.findByEmail(subscriber.email);
  }

  function provenPhone(userId: string): { phone: string; provenAt: Date } | undefined {
    return db
      .select({ phone: accountPhones.phone, provenAt: accountPhones.provenAt })
      .from(accountPhones)
      .where(eq(accountPhones.userId, userId))
      .get();
  }

  function isProvenPhone(userId: string, phone: string): boolean {
    const proven = provenPhone(userId);
    return proven !== undefined && phone !== '' && nationalDigits(proven.phone) === nationalDigits(phone);
  }

  /**
   * Why the club cannot approve this record, or null. A record that names an admin's e-mail (or is
   * tied to an admin's account) would make a paid checkout the way into the back office.
   */
  function approvalRefusal(subscriber: Pick<Subscriber, 'userId' | 'email'>): string | null {
    const tied = subscriber.userId ? accountById(subscriber.userId) : undefined;
    const byEmail = accounts.findByEmail(subscriber.email);
    return tied?.role === 'admin' || byEmail?.role === 'admin' ? APPROVAL_MSG.adminEmail : null;
  }

  /** A set-password link, by e-mail, to the account's own sign-in address and nowhere else. */
  function sendSetPasswordLink(
    account: Pick<Account, 'id' | 'name' | 'email'>,
    template: 'welcome' | 'set_password',
  ) {
    outbox.enqueue({
      channel: 'email',
      recipient: account.email,
      template,
      vars: { name: account.name, email: account.email },
      secretVars: { setPasswordUrl: accounts.createSetPasswordLink(account.id) },
    });
  }

  return {
    accountById,
    accountOf,
    provenPhone,
    isProvenPhone,
    approvalRefusal,
    sendSetPasswordLink,

    /**
     * The messages of an approval. A new account gets its set-password link on the record's e-mail,
     * which is its sign-in address (whoever uses the link proves it). An account that already
     * existed is only told, on its own address: a link would be a credential for an account the
     * payer may not own. The record's WhatsApp, typed by whoever paid, gets a notice.
     */
    deliverApproval({
      subscriber,
      account,
      created,
    }: {
      subscriber: Pick<Subscriber, 'id' | 'name' | 'phone'>;
      account: Pick<Account, 'id' | 'name' | 'email'>;
      created: boolean;
    }) {
      const vars = { name: subscriber.name, email: account.email };
      if (created) sendSetPasswordLink({ ...account, name: subscriber.name }, 'welcome');
      else outbox.enqueue({ channel: 'email', recipient: account.email, template: 'access_ready', vars });
      if (subscriber.phone) {
        outbox.enqueue({ channel: 'whatsapp', recipient: subscriber.phone, template: 'access_ready', vars });
      }
      log.info({ subscriberId: subscriber.id, newAccount: created }, 'approval messages queued');
    },
  };
}

export type Credentials = ReturnType<typeof createCredentials>;
