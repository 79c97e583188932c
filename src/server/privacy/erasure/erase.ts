/** The erasure as a whole, and why it would be refused now. */
import { eq } from 'drizzle-orm';
import { formatDate } from '../../../shared/format';
import { users, type DeletionRequest } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { eraseRecord } from './erase-record';
import { dropEmailChanges } from './email-changes';
import { scrubMessages } from './scrub-messages';
import { accountOf, blockerOf, subscriberOf, type DataErasureDeps } from './subject';

export interface ErasureInput {
  request: DeletionRequest;
  adminId: string;
}

export interface ErasureResult {
  subscriberId: string | null;
  paymentsKept: number;
  accountClosed: boolean;
  noticeSent: boolean;
}

/**
 * Why completing `request` would be refused right now, for the list (null: it can be done). The
 * person's open links and pending in-page charges do not count: completing voids them first.
 */
export function blocker(deps: DataErasureDeps, request: DeletionRequest): string | null {
  const subscriber = subscriberOf(deps, request);
  return blockerOf(deps, subscriber, accountOf(deps, request, subscriber), deps.clock.now(), false);
}

/** Must run inside a transaction (deletion-requests.ts `complete`). */
export function erase(deps: DataErasureDeps, { request, adminId }: ErasureInput): ErasureResult {
  const subscriber = subscriberOf(deps, request);
  const account = accountOf(deps, request, subscriber);
  const blocked = blockerOf(deps, subscriber, account, deps.clock.now());
  if (blocked) throw new AppError('CONFLICT', blocked);

  // Read before anything is wiped: where the member is told, and what to scrub (the addresses a
  // change of e-mail was asked for too: "Confirme seu novo email" went there with the name).
  const noticeTo = account?.email ?? subscriber?.email ?? null;
  const changes = dropEmailChanges(deps, account?.id ?? null, subscriber?.id ?? null);
  const emails = [
    ...new Set([account?.email, subscriber?.email, ...changes].filter((e): e is string => !!e)),
  ];
  const phones = subscriber?.phone ? [subscriber.phone, `55${subscriber.phone}`] : [];
  scrubMessages(deps, emails, phones);

  const paymentsKept = subscriber ? eraseRecord(deps, subscriber, request, adminId) : 0;
  if (account) deps.db.delete(users).where(eq(users.id, account.id)).run();
  if (noticeTo) {
    deps.outbox.enqueue({
      channel: 'email',
      recipient: noticeTo,
      template: 'lgpd_erased',
      vars: { requestDate: formatDate(request.requestedAt) },
      eraseRecipientOnSend: true,
    });
  }
  return {
    subscriberId: subscriber?.id ?? null,
    paymentsKept,
    accountClosed: account !== null,
    noticeSent: noticeTo !== null,
  };
}
