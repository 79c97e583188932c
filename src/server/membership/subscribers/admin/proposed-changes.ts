/**
 * The changes a paid checkout proposed for a record it may not change (ADR 027,
 * checkout-profile.ts): shown to the admin with the record's value beside each, and applied or
 * discarded field by field. Applying is an admin's edit: written in the history with the old and
 * new value (CPF masked), and a phone applied to a record tied to an account is told to its owner
 * like any correction of contacts.
 */
import { eq } from 'drizzle-orm';
import {
  PROPOSED_CHANGES_MSG,
  PROPOSED_FIELD_LABELS,
  type DecideProposedChangesInput,
  type ProposableField,
  type ProposedChangesView,
} from '../../../../shared/proposed-changes';
import { proposedChanges, subscribers } from '../../../db/schema';
import { AppError } from '../../../lib/errors';
import { load, type SubscriberAdminDeps } from './deps';
import { historyValue } from './records';

/** The record's open proposal, each field with the record's value now; null when there is none. */
export function proposedChangesOf(deps: SubscriberAdminDeps, id: string): ProposedChangesView {
  const current = load(deps, id);
  const row = deps.db.select().from(proposedChanges).where(eq(proposedChanges.subscriberId, id)).get();
  if (!row) return null;
  const fields = (Object.entries(row.fields) as [ProposableField, string][]).map(([field, proposed]) => ({
    field,
    label: PROPOSED_FIELD_LABELS[field],
    current: current[field] || null,
    proposed,
  }));
  return { paymentId: row.paymentId, createdAt: row.createdAt.toISOString(), fields };
}

/**
 * Applies or discards the chosen fields of the record's proposal, in one transaction: a field
 * already decided (by another admin, a double click) refuses the whole call with 409.
 */
export function decideProposedChanges(
  deps: SubscriberAdminDeps,
  { id, decision, fields }: DecideProposedChangesInput,
  adminId: string,
): { message: string; proposal: ProposedChangesView } {
  const { db, clock, lifecycle, accountSecurity } = deps;
  const chosen = [...new Set(fields)];
  db.transaction(() => {
    const current = load(deps, id);
    const row = db.select().from(proposedChanges).where(eq(proposedChanges.subscriberId, id)).get();
    if (!row || chosen.some((field) => row.fields[field] === undefined)) {
      throw new AppError('CONFLICT', PROPOSED_CHANGES_MSG.gone);
    }
    const left = Object.fromEntries(
      Object.entries(row.fields).filter(([field]) => !chosen.includes(field as ProposableField)),
    );
    if (Object.keys(left).length === 0) {
      db.delete(proposedChanges).where(eq(proposedChanges.subscriberId, id)).run();
    } else {
      db.update(proposedChanges).set({ fields: left }).where(eq(proposedChanges.subscriberId, id)).run();
    }
    const actor = { kind: 'admin' as const, id: adminId };
    if (decision === 'discard') {
      lifecycle.record({
        subscriberId: id,
        event: 'proposed_change_discarded',
        actor,
        details: { paymentId: row.paymentId, fields: chosen },
      });
      return;
    }
    const values = Object.fromEntries(chosen.map((field) => [field, row.fields[field]!]));
    const changes = Object.fromEntries(
      chosen.map((field) => [
        field,
        { from: historyValue(field, current[field]), to: historyValue(field, values[field]) },
      ]),
    );
    db.update(subscribers)
      .set({ ...values, lastModifiedBy: adminId, updatedAt: clock.now() })
      .where(eq(subscribers.id, id))
      .run();
    lifecycle.record({
      subscriberId: id,
      event: 'proposed_change_applied',
      actor,
      details: { paymentId: row.paymentId, fields: chosen, changes },
    });
    if (current.userId && values.phone !== undefined && values.phone !== current.phone) {
      // A new phone on a record with an account: as an admin's correction (edit.ts).
      accountSecurity.revokePending(current.userId);
      accountSecurity.notify(current.userId, 'contacts_corrected');
    }
  });
  return {
    message: decision === 'apply' ? PROPOSED_CHANGES_MSG.applied : PROPOSED_CHANGES_MSG.discarded,
    proposal: proposedChangesOf(deps, id),
  };
}
