import { inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { subscribers, users } from '../db/schema';

/** The names of the accounts (or records) among `ids`, in one query; nulls and repeats are skipped. */
export function namesById<T extends typeof users | typeof subscribers>(
  db: Db,
  table: T,
  ids: (string | null)[],
): Map<string, string> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  if (wanted.length === 0) return new Map<string, string>();
  const rows = db
    .select({ id: table.id, name: table.name })
    .from(table)
    .where(inArray(table.id, wanted))
    .all();
  return new Map(rows.map((row) => [row.id, row.name]));
}
