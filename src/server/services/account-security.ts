/**
 * What happens around a change of an account's credentials (docs/decisions/028-owner-account.md),
 * in one place for every path that changes one: the other sessions end, and the owner is told on
 * the account's proven e-mail (a notice through the outbox, never a credential).
 *
 * Used by password changes (portal, set-password link, admin:create) and two-factor changes; a
 * change of sign-in address calls the same functions (with `to` for the address left behind).
 */
import { and, eq, ne } from 'drizzle-orm';
import { formatDateTime } from '../../shared/format';
import { ACCOUNT_NOTICES, type AccountNotice } from '../../shared/security-schemas';
import { sessions, users } from '../db/schema';
import type { ServiceDeps } from './deps';
import type { OutboxService } from './outbox';

export function createAccountSecurity({
  db,
  clock,
  log,
  outbox,
}: ServiceDeps & { outbox: Pick<OutboxService, 'enqueue'> }) {
  /** Ends every session of the account but `keepSessionId` (the one making the change); returns how many. */
  function endOtherSessions(userId: string, keepSessionId?: string): number {
    const where = keepSessionId
      ? and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId))
      : eq(sessions.userId, userId);
    return db.delete(sessions).where(where).run().changes;
  }

  /**
   * Tells the account's owner what changed, on its proven e-mail; an account whose address was never
   * proven is not written to (nobody showed the address is theirs). `to` sends it to another address
   * the owner proved (the sign-in address just replaced).
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
    outbox.enqueue({
      channel: 'email',
      recipient,
      template: 'account_security',
      vars: { name: account.name, change: ACCOUNT_NOTICES[notice], when: formatDateTime(clock.now()) },
    });
    return true;
  }

  return {
    endOtherSessions,
    notify,

    /** A credential changed: the other sessions end and the owner is told. */
    credentialChanged(input: { userId: string; notice: AccountNotice; keepSessionId?: string }): void {
      const ended = endOtherSessions(input.userId, input.keepSessionId);
      notify(input.userId, input.notice);
      log.info({ userId: input.userId, notice: input.notice, ended }, 'account credential changed');
    },
  };
}

export type AccountSecurity = ReturnType<typeof createAccountSecurity>;
