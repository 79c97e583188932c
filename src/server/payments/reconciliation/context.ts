import { and, asc, eq, gt, or, type SQL } from 'drizzle-orm';
import { payments, type paymentLinks } from '../../db/schema';
import type { PaymentProvider } from '../providers/types';
import type { ServiceDeps } from '../../lib/deps';
import { createPaymentVerification } from '../verification';
import type { PaymentLinksContext } from '../links/context';
import type { ConfirmationContext } from '../confirmation/context';

/** Each pass looks at this many items of each kind at most, continuing where the last pass stopped. */
export const BATCH = 100;

/** What reconciliation is built from, by name. */
export interface PaymentReconciliationDeps extends ServiceDeps {
  provider: PaymentProvider;
  paymentLinks: PaymentLinksContext;
  confirmation: ConfirmationContext;
}

/** Where a walk stopped: the last row handled, in (createdAt, id) order. */
export type Cursor = { createdAt: Date; id: string } | null;

type WalkKind = 'links' | 'charges' | 'refunds';

/** Rows after the cursor, in the walk's order. */
export function after(cursor: Cursor, table: typeof payments | typeof paymentLinks): SQL | undefined {
  if (!cursor) return undefined;
  return or(
    gt(table.createdAt, cursor.createdAt),
    and(eq(table.createdAt, cursor.createdAt), gt(table.id, cursor.id)),
  );
}

/** The dependencies, the verification of lost answers and where each walk stopped (kept between passes). */
export type ReconciliationContext = PaymentReconciliationDeps & {
  verification: ReturnType<typeof createPaymentVerification>;
  cursors: Record<WalkKind, Cursor>;
};

export function createReconciliationContext(deps: PaymentReconciliationDeps): ReconciliationContext {
  return {
    ...deps,
    verification: createPaymentVerification(deps),
    cursors: { links: null, charges: null, refunds: null },
  };
}

/** The next page of a walk, moving its cursor (back to the start after the last page). */
export function page<T extends { createdAt: Date; id: string }>(
  { cursors }: ReconciliationContext,
  kind: WalkKind,
  read: (after: Cursor) => T[],
): T[] {
  const rows = read(cursors[kind]);
  const last = rows[rows.length - 1];
  cursors[kind] = rows.length < BATCH || !last ? null : { createdAt: last.createdAt, id: last.id };
  return rows;
}

/** The next page of a walk over this provider's payments that meet `conditions`. */
export function paymentsPage(ctx: ReconciliationContext, kind: WalkKind, ...conditions: SQL[]) {
  return page(ctx, kind, (cursor) =>
    ctx.db
      .select()
      .from(payments)
      .where(and(...conditions, eq(payments.provider, ctx.provider.name), after(cursor, payments)))
      .orderBy(asc(payments.createdAt), asc(payments.id))
      .limit(BATCH)
      .all(),
  );
}
