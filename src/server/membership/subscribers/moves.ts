/**
 * The status update of a subscriber's move (subscriber-lifecycle.ts `apply`), prepared once per set
 * of columns it writes besides the status (ADR 043): the callers pass a handful of shapes (a
 * payment's period, an approval, a refund, an erasure), and building the update through drizzle
 * on every move cost more than SQLite running it. Values are encoded by their columns, as
 * drizzle's own `set` encodes them; a value given as SQL is left to the statement built per call.
 */
import { and, eq, getTableColumns, is, SQL, sql } from 'drizzle-orm';
import { subscribers, type Subscriber } from '../../db/schema';
import { returningWrite } from '../../db/returning-write';
import type { ServiceDeps } from '../../lib/deps';

export type SubscriberPatch = Partial<
  Omit<typeof subscribers.$inferInsert, 'id' | 'status' | 'createdAt' | 'email' | 'referralCode'>
>;

const COLUMNS = getTableColumns(subscribers);
type ColumnName = keyof typeof COLUMNS;
/** Placeholder names of the patch's columns, apart from the statement's own (`id`, `from`, …). */
const slot = (column: string) => `set_${column}`;

function prepareMove(db: ServiceDeps['db'], columns: readonly ColumnName[]) {
  const set = Object.fromEntries(columns.map((column) => [column, sql`${sql.placeholder(slot(column))}`]));
  return returningWrite(
    db
      .update(subscribers)
      .set({
        ...set,
        status: sql`${sql.placeholder('to')}`,
        updatedAt: sql`${sql.placeholder('now')}`,
      })
      .where(and(eq(subscribers.id, sql.placeholder('id')), eq(subscribers.status, sql.placeholder('from'))))
      .returning()
      .prepare(),
  );
}

export interface Move {
  id: string;
  from: Subscriber['status'];
  to: Subscriber['status'];
  set: SubscriberPatch | undefined;
  now: Date;
}

/** Moves a subscriber still in `from` to `to` with the patch; undefined when it was no longer in `from`. */
export function createSubscriberMoves(db: ServiceDeps['db']) {
  const prepared = new Map<string, ReturnType<typeof prepareMove>>();

  function built({ id, from, to, set, now }: Move): Subscriber | undefined {
    return db
      .update(subscribers)
      .set({ ...set, status: to, updatedAt: now })
      .where(and(eq(subscribers.id, id), eq(subscribers.status, from)))
      .returning()
      .all()[0];
  }

  return function move(input: Move): Subscriber | undefined {
    // drizzle's `set` skips undefined values; `updatedAt` is the move's own time.
    const entries = Object.entries(input.set ?? {}).filter(
      ([column, value]) => value !== undefined && column !== 'updatedAt',
    ) as [ColumnName, unknown][];
    if (entries.some(([, value]) => is(value, SQL))) return built(input);
    const columns = entries.map(([column]) => column);
    const key = columns.join(',');
    let statement = prepared.get(key);
    if (!statement) prepared.set(key, (statement = prepareMove(db, columns)));
    const params: Record<string, unknown> = {
      id: input.id,
      from: input.from,
      to: input.to,
      now: COLUMNS.updatedAt.mapToDriverValue(input.now),
    };
    for (const [column, value] of entries)
      params[slot(column)] = value === null ? null : COLUMNS[column].mapToDriverValue(value);
    return statement.row(params);
  };
}
