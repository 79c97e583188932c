/**
 * "Não fui eu" (ADR 027): the link in every security notice. Whoever reads the account's proven
 * e-mail says a change was not theirs: every session ends, the password stops working, the
 * proven WhatsApp is dropped (it may be the intruder's), every pending change of address and every
 * other unused link dies, and a set-password link goes to the account's e-mail.
 */
import { eq } from 'drizzle-orm';
import { NOT_ME_MSG } from '../../../shared/security-schemas';
import { accountPhones, users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { claimToken, findToken, sendPasswordReset } from './account-links';
import type { AccountsDeps } from './deps';

export function reportNotMe(deps: AccountsDeps, token: string): { message: string } {
  const { db, clock, log, accountSecurity } = deps;
  const now = clock.now();
  const link = findToken(deps, token, 'not_me', now);
  if (!link) throw new AppError('BAD_REQUEST', NOT_ME_MSG.linkInvalid);
  const claimed = db.transaction((tx) => {
    if (!claimToken(tx, link.id, now)) return false;
    tx.update(users).set({ passwordHash: null, updatedAt: now }).where(eq(users.id, link.userId)).run();
    tx.delete(accountPhones).where(eq(accountPhones.userId, link.userId)).run();
    accountSecurity.revokePending(link.userId);
    return true;
  });
  if (!claimed) throw new AppError('BAD_REQUEST', NOT_ME_MSG.linkInvalid);
  const ended = accountSecurity.endOtherSessions(link.userId);
  const account = db.select({ email: users.email }).from(users).where(eq(users.id, link.userId)).get();
  if (account) sendPasswordReset(deps, account.email);
  log.info({ userId: link.userId, ended }, 'owner said "não fui eu": sessions ended, reset started');
  return { message: NOT_ME_MSG.done };
}
