/**
 * What happens around a change of an account's credentials (docs/decisions/028-owner-account.md),
 * in one place for every path that changes one: the other sessions end, and the owner is told on
 * the account's proven e-mail (a notice through the outbox, never a credential), with a "não fui
 * eu" link (ADR 027) that ends every session and starts a reset.
 *
 * Used by password changes (portal, set-password link, admin:create), two-factor changes and
 * changes of contacts; a change of sign-in address calls the same functions (with `to` for the
 * address left behind).
 */
import { and, eq, isNull, ne, or } from 'drizzle-orm';
import { formatDateTime } from '../../shared/format';
import { ACCOUNT_NOTICES, NOT_ME_MSG, type AccountNotice } from '../../shared/security-schemas';
import { emailChanges, passwordTokens, sessions, subscribers, users } from '../db/schema';
import { issueToken } from './accounts/account-links';
import type { ServiceDeps } from '../lib/deps';
import type { OutboxService } from '../messaging/outbox';

/** What the stored copy of a notice shows in place of the "não fui eu" sentence and its link. */
export const NOT_ME_PLACEHOLDER = '[link "Não fui eu" enviado somente ao destinatário]';

export function createAccountSecurity(deps: ServiceDeps & { outbox: Pick<OutboxService, 'enqueue'> }) {
  const { db, clock, log, env, outbox } = deps;

  /** Ends every session of the account but `keepSessionId` (the one making the change); returns how many. */
  function endOtherSessions(userId: string, keepSessionId?: string): number {
    const where = keepSessionId
      ? and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId))
      : eq(sessions.userId, userId);
    return db.delete(sessions).where(where).run().changes;
  }

  /**
   * The credentials that asked for something die with the credentials that replace them (ADR 027):
   * every change of sign-in address waiting for its link (the account's, and its tied
   * record's) is cancelled and every unused link mailed for the account stops working.
   */
  function revokePending(userId: string): { changes: number; links: number } {
    const now = clock.now();
    const tied = db
      .select({ id: subscribers.id })
      .from(subscribers)
      .where(eq(subscribers.userId, userId))
      .all();
    const whose = or(
      eq(emailChanges.userId, userId),
      ...tied.map((record) => eq(emailChanges.subscriberId, record.id)),
    );
    const changes = db
      .update(emailChanges)
      .set({ cancelledAt: now })
      .where(and(whose, isNull(emailChanges.confirmedAt), isNull(emailChanges.cancelledAt)))
      .run().changes;
    const links = db
      .update(passwordTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordTokens.userId, userId), isNull(passwordTokens.usedAt)))
      .run().changes;
    if (changes + links > 0) log.info({ userId, changes, links }, 'pending changes and links revoked');
    return { changes, links };
  }

  /**
   * Tells the account's owner what changed, on its proven e-mail; an account whose address was never
   * proven is not written to (nobody showed the address is theirs). The notice to the sign-in
   * address carries a one-time "não fui eu" link; `to` sends it instead to another address the
   * owner proved (the sign-in address just replaced), which gets no link: the reset would go to
   * the new address.
   */
  function notify(userId: string, notice: AccountNotice, options: { to?: string } = {}): boolean {
    const account = db
      .select({ name: users.name, email: users.email, verifiedAt: users.emailVerifiedAt })
      .from(users)
      .where(eq(users.id, userId))
      .get();
    const recipient = options.to ?? (account?.verifiedAt ? account.email : undefined);
    if (!account || !recipient) {
      log.info({ userId, notice }, 'account notice not sent: no proven e-mail');
      return false;
    }
    const vars = { name: account.name, change: ACCOUNT_NOTICES[notice], when: formatDateTime(clock.now()) };
    const withLink = options.to === undefined;
    outbox.enqueue({
      channel: 'email',
      recipient,
      template: 'account_security',
      ...(withLink
        ? {
            vars,
            secretVars: { notMe: NOT_ME_MSG.advice(notMeUrl(userId)) },
            secretPlaceholder: NOT_ME_PLACEHOLDER,
          }
        : { vars: { ...vars, notMe: NOT_ME_MSG.adviceWithoutLink } }),
    });
    return true;
  }

  /** A fresh one-time "não fui eu" link (7 days); earlier ones keep working until one is used. */
  function notMeUrl(userId: string): string {
    return `${env.publicUrl}/nao-fui-eu?token=${issueToken(deps, userId, 'not_me', { keepEarlier: true })}`;
  }

  /** A WhatsApp notice to a proven number the account is leaving behind (no link: it is no longer theirs to use). */
  function notifyPhone(userId: string, phone: string, notice: AccountNotice): void {
    const account = db.select({ name: users.name }).from(users).where(eq(users.id, userId)).get();
    if (!account) return;
    outbox.enqueue({
      channel: 'whatsapp',
      recipient: phone,
      template: 'account_security',
      vars: { name: account.name, change: ACCOUNT_NOTICES[notice], when: formatDateTime(clock.now()) },
    });
  }

  return {
    endOtherSessions,
    revokePending,
    notify,
    notifyPhone,
    notMeUrl,

    /**
     * A credential changed: the other sessions end, what the old credential asked for dies
     * (pending e-mail changes, unused links), and the owner is told.
     */
    credentialChanged(input: { userId: string; notice: AccountNotice; keepSessionId?: string }): void {
      const ended = endOtherSessions(input.userId, input.keepSessionId);
      revokePending(input.userId);
      notify(input.userId, input.notice);
      log.info({ userId: input.userId, notice: input.notice, ended }, 'account credential changed');
    },
  };
}

export type AccountSecurity = ReturnType<typeof createAccountSecurity>;
