/**
 * Approving many pending records at once (ADR 046): each record goes through the one approval
 * (`approve`), so the identity rules of ADR 027 hold row by row (an admin's e-mail is refused, an
 * existing account is only told, credentials go only to proven contacts). A refusal stops that
 * row only; the answer says what happened to each. Approving again is harmless: the second
 * answer for that row is "already approved", nothing is sent twice.
 */
import { approveManySummary, type BatchRowResult } from '../../../../shared/batch-schemas';
import { AppError } from '../../../lib/errors';
import { approve } from './approval';
import type { SubscriberAdminContext, SubscriberAdminDeps } from './deps';
import { subscribers } from '../../../db/schema';
import { inArray } from 'drizzle-orm';

/** Batches run one after the other (the context's queue), each approving its rows in turn. */
export function approveMany(ctx: SubscriberAdminContext, ids: string[], adminId: string) {
  const work = () => approveBatch(ctx, ids, adminId);
  const run = ctx.approvals.tail.then(work, work);
  ctx.approvals.tail = run.catch(() => undefined);
  return run;
}

async function approveBatch(deps: SubscriberAdminDeps, ids: string[], adminId: string) {
  const names = new Map(
    deps.db
      .select({ id: subscribers.id, name: subscribers.name })
      .from(subscribers)
      .where(inArray(subscribers.id, ids))
      .all()
      .map((row) => [row.id, row.name]),
  );
  const results: BatchRowResult[] = [];
  for (const id of ids) {
    const name = names.get(id) ?? null;
    try {
      const { message } = await approve(deps, id, adminId);
      results.push({ id, name, ok: true, message });
    } catch (error) {
      // A refusal is that row's answer; anything else is a fault the caller must see.
      if (!(error instanceof AppError)) throw error;
      results.push({ id, name, ok: false, message: error.message });
    }
  }
  const approved = results.filter((row) => row.ok).length;
  const refused = results.length - approved;
  deps.activityLog.record({
    action: 'subscribers_approved',
    actor: { kind: 'admin', id: adminId },
    details: { approved, refused, ids: results.filter((row) => row.ok).map((row) => row.id) },
  });
  return {
    success: true as const,
    approved,
    refused,
    message: approveManySummary(approved, refused),
    results,
  };
}
