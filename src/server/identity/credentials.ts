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
import type { ServiceDeps } from '../lib/deps';
import type { OutboxService } from '../messaging/outbox';
import type { AccountsDeps } from './accounts/deps';
import { findByEmail } from './accounts/account-reads';
import { createSetPasswordLink } from './accounts/account-links';

export type Account = typeof users.$inferSelect;

/** "(11) 98765-4321", "5511987654321" → "11987654321": one spelling to compare numbers. */
export const nationalDigits = nationalPhoneDigits;

/** What the credentials' rules are built from, by name. */
export type CredentialsDeps = ServiceDeps & { accounts: AccountsDeps; outbox: OutboxService };

function accountById({ db }: CredentialsDeps, id: string): Account | undefined {
  return db.select().from(users).where(eq(users.id, id)).get();
}

/**
 * The account a record belongs to: the one tied to it, else the one whose sign-in address is the
 * record's e-mail (the account approval or a proof of that address would tie it to).
 */
function accountOf(
  deps: CredentialsDeps,
  subscriber: Pick<Subscriber, 'userId' | 'email'>,
): Account | undefined {
  if (subscriber.userId) return accountById(deps, subscriber.userId);
  return findByEmail(deps.accounts, subscriber.email);
}

function provenPhone({ db }: CredentialsDeps, userId: string): { phone: string; provenAt: Date } | undefined {
  return db
    .select({ phone: accountPhones.phone, provenAt: accountPhones.provenAt })
    .from(accountPhones)
    .where(eq(accountPhones.userId, userId))
    .get();
}

function isProvenPhone(deps: CredentialsDeps, userId: string, phone: string): boolean {
  const proven = provenPhone(deps, userId);
  return proven !== undefined && phone !== '' && nationalDigits(proven.phone) === nationalDigits(phone);
}

/**
 * Why the club cannot approve this record, or null. A record that names an admin's e-mail (or is
 * tied to an admin's account) would make a paid checkout the way into the back office.
 */
function approvalRefusal(
  deps: CredentialsDeps,
  subscriber: Pick<Subscriber, 'userId' | 'email'>,
): string | null {
  const tied = subscriber.userId ? accountById(deps, subscriber.userId) : undefined;
  const byEmail = findByEmail(deps.accounts, subscriber.email);
  return tied?.role === 'admin' || byEmail?.role === 'admin' ? APPROVAL_MSG.adminEmail : null;
}

/** A set-password link, by e-mail, to the account's own sign-in address and nowhere else. */
function sendSetPasswordLink(
  { accounts, outbox }: CredentialsDeps,
  account: Pick<Account, 'id' | 'name' | 'email'>,
  template: 'welcome' | 'set_password',
) {
  outbox.enqueue({
    channel: 'email',
    recipient: account.email,
    template,
    vars: { name: account.name, email: account.email },
    secretVars: { setPasswordUrl: createSetPasswordLink(accounts, account.id) },
  });
}

interface Approval {
  subscriber: Pick<Subscriber, 'id' | 'name' | 'phone'>;
  account: Pick<Account, 'id' | 'name' | 'email'>;
  created: boolean;
}

/**
 * The messages of an approval. A new account gets its set-password link on the record's e-mail,
 * which is its sign-in address (whoever uses the link proves it). An account that already
 * existed is only told, on its own address: a link would be a credential for an account the
 * payer may not own. The record's WhatsApp, typed by whoever paid, gets a notice.
 */
function deliverApproval(deps: CredentialsDeps, { subscriber, account, created }: Approval) {
  const { outbox, log } = deps;
  const vars = { name: subscriber.name, email: account.email };
  if (created) sendSetPasswordLink(deps, { ...account, name: subscriber.name }, 'welcome');
  else outbox.enqueue({ channel: 'email', recipient: account.email, template: 'access_ready', vars });
  if (subscriber.phone) {
    outbox.enqueue({ channel: 'whatsapp', recipient: subscriber.phone, template: 'access_ready', vars });
  }
  log.info({ subscriberId: subscriber.id, newAccount: created }, 'approval messages queued');
}

export function createCredentials(deps: CredentialsDeps) {
  return {
    accountById: (id: string): Account | undefined => accountById(deps, id),
    accountOf: (subscriber: Pick<Subscriber, 'userId' | 'email'>): Account | undefined =>
      accountOf(deps, subscriber),
    provenPhone: (userId: string): { phone: string; provenAt: Date } | undefined => provenPhone(deps, userId),
    isProvenPhone: (userId: string, phone: string): boolean => isProvenPhone(deps, userId, phone),
    approvalRefusal: (subscriber: Pick<Subscriber, 'userId' | 'email'>): string | null =>
      approvalRefusal(deps, subscriber),
    sendSetPasswordLink: (
      account: Pick<Account, 'id' | 'name' | 'email'>,
      template: 'welcome' | 'set_password',
    ) => sendSetPasswordLink(deps, account, template),
    deliverApproval: (approval: Approval) => deliverApproval(deps, approval),
  };
}

export type Credentials = ReturnType<typeof createCredentials>;
