/**
 * The back office's subscriber management (docs/product/back-office-and-member-area.md §2–§5, docs/product/decisions.md §3.3): list with filters, sort
 * and search; create, edit and delete records typed by an admin; approve a paid subscriber (account
 * created or linked, credentials sent by e-mail and WhatsApp through the outbox). Status changes go
 * through the status machine (subscriber-lifecycle.ts); every change is in the subscriber's history.
 */
import type { DecideProposedChangesInput } from '../../../../shared/proposed-changes';
import type { SubscriberInput, SubscriberListInput } from '../../../../shared/subscriber-schemas';
import { access, approve, requestCancellation } from './approval';
import { approveMany } from './bulk-approval';
import { createSubscriberAdminContext, type SubscriberAdminDeps } from './deps';
import { create, remove, update } from './edit';
import { history } from './history';
import { list } from './list';
import { decideProposedChanges, proposedChangesOf } from './proposed-changes';
import { getRecord } from './records';

export { endingWithinWhere, subscriberFilterWhere } from './filters';
export { profileColumnsOf, toSubscriberRecord } from './records';
export type { SubscriberAdminDeps };

export function createSubscriberAdmin(deps: SubscriberAdminDeps) {
  const ctx = createSubscriberAdminContext(deps);
  return {
    list: (input: SubscriberListInput) => list(ctx, input),
    get: (id: string) => getRecord(ctx, id),
    create: (input: SubscriberInput, adminId: string) => create(ctx, input, adminId),
    update: (id: string, input: SubscriberInput, adminId: string) => update(ctx, id, input, adminId),
    remove: (id: string, adminId: string) => remove(ctx, id, adminId),
    approve: (id: string, adminId: string) => approve(ctx, id, adminId),
    approveMany: (ids: string[], adminId: string) => approveMany(ctx, ids, adminId),
    access: (id: string) => access(ctx, id),
    requestCancellation: (id: string, adminId: string, reason: string | null) =>
      requestCancellation(ctx, id, adminId, reason),
    history: (id: string) => history(ctx, id),
    proposedChanges: (id: string) => proposedChangesOf(ctx, id),
    decideProposedChanges: (input: DecideProposedChangesInput, adminId: string) =>
      decideProposedChanges(ctx, input, adminId),
  };
}

export type SubscriberAdmin = ReturnType<typeof createSubscriberAdmin>;
