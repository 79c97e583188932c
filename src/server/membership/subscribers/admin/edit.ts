/** Records typed by an admin: created, saved from the form, deleted. */
import { and, eq, inArray } from 'drizzle-orm';
import type { SubscriberStatus } from '../../../../shared/plans';
import { formStatusEvent } from '../../../../shared/subscriber-status-machine';
import {
  SUBSCRIBER_MSG,
  type SubscriberInput,
  type SubscriberRecord,
} from '../../../../shared/subscriber-schemas';
import { payments, subscribers, type Subscriber } from '../../../db/schema';
import { AppError } from '../../../lib/errors';
import { newId } from '../../../lib/ids';
import { assertEmailAvailable, emailTakenError } from '../../../identity/email-availability';
import type { Actor, LifecycleEvent } from '../lifecycle';
import { newReferralCode } from '../subscribers';
import { load, type SubscriberAdminDeps } from './deps';
import { columnsOf, historyValue, toSubscriberRecord, type Columns } from './records';
import { request } from '../../../identity/email-changes/request';

export function create(deps: SubscriberAdminDeps, input: SubscriberInput, adminId: string): SubscriberRecord {
  const { db, clock, log, lifecycle } = deps;
  const now = clock.now();
  assertEmailAvailable(db, input.email, { among: 'subscribers' });
  const id = newId();
  // An admin who records an active member vouches for them: that is their approval.
  const approval = input.status === 'active' ? { approvedBy: adminId, approvedAt: now } : {};
  const row = db.transaction(() => {
    const inserted = db
      .insert(subscribers)
      .values({
        ...columnsOf(input),
        ...approval,
        id,
        status: input.status,
        referralCode: newReferralCode(),
        createdBy: adminId,
        lastModifiedBy: adminId,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing()
      .returning()
      .get();
    if (!inserted) throw emailTakenError();
    lifecycle.record({
      subscriberId: id,
      event: 'created',
      actor: { kind: 'admin', id: adminId },
      to: input.status,
    });
    return inserted;
  });
  log.info({ subscriberId: id }, 'subscriber created by an admin');
  return toSubscriberRecord(row);
}

/** A status an admin sets in the form: allowed only as a move of the machine (turn off / on). */
function editEvent(from: SubscriberStatus, to: SubscriberStatus): LifecycleEvent {
  const event = formStatusEvent(from, to);
  if (!event) throw new AppError('CONFLICT', SUBSCRIBER_MSG.statusChangeRefused);
  return event;
}

/** What the form changes, for the history (CPF masked). */
function changesOf(current: Subscriber, next: Columns) {
  const changes: Record<string, { from: unknown; to: unknown }> = {};
  for (const key of Object.keys(next) as (keyof Columns)[]) {
    const before = historyValue(key, current[key]);
    const after = historyValue(key, next[key]);
    if (JSON.stringify(before) !== JSON.stringify(after)) changes[key] = { from: before, to: after };
  }
  return changes;
}

/**
 * Saves the form. The e-mail of a record tied to an account is that account's sign-in address:
 * a new one only waits for its confirmation (ADR 027) while the rest is saved; a record without
 * an account takes the corrected e-mail at once.
 */
export function update(
  deps: SubscriberAdminDeps,
  id: string,
  input: SubscriberInput,
  adminId: string,
): SubscriberRecord {
  const { db, clock, lifecycle, emailChanges } = deps;
  const current = load(deps, id);
  const actor: Actor = { kind: 'admin', id: adminId };
  const emailToConfirm = current.userId !== null && input.email !== current.email;
  if (input.email !== current.email && !emailToConfirm) {
    assertEmailAvailable(db, input.email, { among: 'subscribers', except: { subscriberId: id } });
  }
  const next = { ...columnsOf(input), ...(emailToConfirm ? { email: current.email } : {}) };
  const changes = changesOf(current, next);
  const now = clock.now();
  return db.transaction(() => {
    if (input.status !== current.status) {
      const event = editEvent(current.status, input.status);
      lifecycle.apply({ subscriberId: id, event, to: input.status, actor, expectFrom: current.status });
    }
    const row = db
      .update(subscribers)
      .set({ ...next, lastModifiedBy: adminId, updatedAt: now })
      .where(eq(subscribers.id, id))
      .returning()
      .get();
    if (!row) throw new AppError('NOT_FOUND', SUBSCRIBER_MSG.notFound);
    if (Object.keys(changes).length > 0) {
      lifecycle.record({ subscriberId: id, event: 'edited', actor, details: { changes } });
    }
    if (current.userId && (emailToConfirm || changes.phone)) {
      // The club corrects contacts when someone else put theirs there: what was asked with the
      // old ones (a change of address, unused links) dies, and the owner is told (ADR 027).
      deps.accountSecurity.revokePending(current.userId);
      if (changes.phone) deps.accountSecurity.notify(current.userId, 'contacts_corrected');
    }
    if (emailToConfirm && current.userId) {
      // Inside the transaction: a refused address (409) leaves the whole save undone.
      request(emailChanges, {
        target: { userId: current.userId, subscriberId: id },
        newEmail: input.email,
        name: current.name,
        requestedBy: 'admin',
        requestedById: adminId,
      });
    }
    return toSubscriberRecord(row);
  });
}

/** Deletes a record with no money on it; one with payments is deactivated or cancelled instead. */
export function remove(deps: SubscriberAdminDeps, id: string, adminId: string): void {
  const { db, log, activityLog } = deps;
  load(deps, id);
  const money = db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.subscriberId, id), inArray(payments.status, ['paid', 'refunded'])))
    .get();
  if (money) throw new AppError('CONFLICT', SUBSCRIBER_MSG.hasPayments);
  db.transaction(() => {
    db.delete(subscribers).where(eq(subscribers.id, id)).run();
    // The activity log (ADR 029) keeps that a record was deleted, by whom; the id only.
    activityLog.record({
      action: 'subscriber_deleted',
      actor: { kind: 'admin', id: adminId },
      subscriberId: id,
    });
  });
  log.info({ subscriberId: id }, 'subscriber deleted by an admin');
}
