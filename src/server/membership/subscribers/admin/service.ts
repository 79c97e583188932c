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
import { load, type SubscriberAdminDeps } from './deps';
import { create, remove, update } from './edit';
import { history } from './history';
import { list } from './list';
import { decideProposedChanges, proposedChangesOf } from './proposed-changes';
import { toSubscriberRecord } from './records';

export { endingWithinWhere, subscriberFilterWhere } from './filters';
export { profileColumnsOf, toSubscriberRecord } from './records';
export type { SubscriberAdminDeps };

export function createSubscriberAdmin(deps: SubscriberAdminDeps) {
  // Batches run one after the other: a second batch (a double click, a retry) starts once the
  // first has written its approvals, so it finds them approved instead of racing them.
  let batches: Promise<unknown> = Promise.resolve();
  const oneAtATime = <T>(work: () => Promise<T>): Promise<T> => {
    const run = batches.then(work, work);
    batches = run.catch(() => undefined);
    return run;
  };
  return {
    list: (input: SubscriberListInput) => list(deps, input),
    get: (id: string) => toSubscriberRecord(load(deps, id)),
    create: (input: SubscriberInput, adminId: string) => create(deps, input, adminId),
    update: (id: string, input: SubscriberInput, adminId: string) => update(deps, id, input, adminId),
    remove: (id: string, adminId: string) => remove(deps, id, adminId),
    approve: (id: string, adminId: string) => approve(deps, id, adminId),
    approveMany: (ids: string[], adminId: string) => oneAtATime(() => approveMany(deps, ids, adminId)),
    access: (id: string) => access(deps, id),
    requestCancellation: (id: string, adminId: string, reason: string | null) =>
      requestCancellation(deps, id, adminId, reason),
    history: (id: string) => history(deps, id),
    proposedChanges: (id: string) => proposedChangesOf(deps, id),
    decideProposedChanges: (input: DecideProposedChangesInput, adminId: string) =>
      decideProposedChanges(deps, input, adminId),
  };
}

export type SubscriberAdmin = ReturnType<typeof createSubscriberAdmin>;
