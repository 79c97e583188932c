/** The entry bar and what the back office shows of a record's access; a cancellation asked by an admin. */
import { storedPayoutKey } from '../../../referrals/payout-pix-key';
import { APPROVAL_MSG, type SubscriberAccess } from '../../../../shared/identity-schemas';
import type { SubscriberRecord } from '../../../../shared/subscriber-schemas';
import { AppError } from '../../../lib/errors';
import { isAllowed, LIFECYCLE_MSG, refusalMessage } from '../lifecycle';
import { load, type SubscriberAdminDeps } from './deps';
import { toSubscriberRecord } from './records';
import { createAccount } from '../../../identity/accounts/create-account';
import { pending } from '../../../identity/email-changes/request';
import { iso } from '../../../lib/output';

/**
 * The entry bar (docs/product/decisions.md §3.3): a paid subscriber awaiting approval becomes active and gets
 * an account. Who receives what follows ADR 027 (`credentials.deliverApproval`): a new account's
 * set-password link goes only to its own e-mail; an account that already had that e-mail is
 * only told; WhatsApp gets a notice. A record naming an admin's e-mail is refused. An account
 * someone registered with that e-mail without proving it is not tied: proving it ties it.
 */
export async function approve(
  deps: SubscriberAdminDeps,
  id: string,
  adminId: string,
): Promise<{ subscriber: SubscriberRecord; message: string }> {
  const { clock, log, lifecycle, accounts, credentials } = deps;
  const current = load(deps, id);
  if (current.approvedBy) throw new AppError('CONFLICT', LIFECYCLE_MSG.alreadyApproved);
  // Refused in the machine's words before any account is touched.
  if (!isAllowed(current.status, 'approved', 'active'))
    throw new AppError('CONFLICT', refusalMessage(current.status, 'approved'));
  const refusal = credentials.approvalRefusal(current);
  if (refusal) throw new AppError('CONFLICT', refusal);
  const existing = credentials.accountOf(current);
  const account = existing ?? (await createAccount(accounts, { name: current.name, email: current.email }));
  const linkNow = current.userId === null && (!existing || existing.emailVerifiedAt !== null);
  const now = clock.now();
  const moved = lifecycle.apply({
    subscriberId: id,
    event: 'approved',
    actor: { kind: 'admin', id: adminId },
    expectFrom: current.status,
    set: {
      approvedBy: adminId,
      approvedAt: now,
      lastModifiedBy: adminId,
      ...(linkNow ? { userId: account.id } : {}),
    },
  });
  credentials.deliverApproval({ subscriber: current, account, created: !existing });
  log.info({ subscriberId: id, linked: linkNow }, 'subscriber approved');
  return {
    subscriber: toSubscriberRecord(moved.subscriber),
    message: existing ? APPROVAL_MSG.approvedExistingAccount : APPROVAL_MSG.approvedNewAccount,
  };
}

/**
 * What the back office shows of a record's access (ADR 027): the account it belongs to with its
 * proven contacts, a sign-in address change waiting for confirmation, and why an approval would
 * be refused.
 */
export function access(deps: SubscriberAdminDeps, id: string): SubscriberAccess {
  const { credentials, emailChanges } = deps;
  const current = load(deps, id);
  const account = credentials.accountOf(current);
  const phone = account ? credentials.provenPhone(account.id) : undefined;
  return {
    account: account
      ? {
          email: account.email,
          role: account.role,
          emailVerifiedAt: iso(account.emailVerifiedAt),
          provenPhone: phone?.phone ?? null,
          phoneProvenAt: iso(phone?.provenAt ?? null),
          tied: current.userId === account.id,
        }
      : null,
    pendingEmail: pending(
      emailChanges,
      current.userId ? { userId: current.userId, subscriberId: id } : { userId: null, subscriberId: id },
    ),
    approvalRefusal: credentials.approvalRefusal(current),
    payoutPixKey: storedPayoutKey(current),
  };
}

/** "Cancele quando quiser" asked by an admin: access lasts to the end of the paid period. */
export function requestCancellation(
  { lifecycle }: SubscriberAdminDeps,
  id: string,
  adminId: string,
  reason: string | null,
): SubscriberRecord {
  return toSubscriberRecord(
    lifecycle.requestCancellation(id, { kind: 'admin', id: adminId }, reason).subscriber,
  );
}
