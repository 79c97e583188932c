/**
 * Compiled statements kept per connection, keyed by their SQL (ADR 043). Drizzle compiles every
 * query it runs without `.prepare()` again (`sqlite3_prepare` parses the text and plans it each
 * time), which was the largest single cost of a checkout or a webhook after the commit itself.
 * The queries' SQL text is the same on every request (values are bound, not inlined), so the
 * connection's `prepare` answers the statement it compiled before.
 *
 * A cached statement is shared by every caller with that SQL, so it is handed back as a fresh one
 * would be: out of raw mode (drizzle switches it on for its mapped reads and never off), and never
 * while it is busy (a statement being iterated is left to its caller; another one is compiled).
 * Nothing in the app binds parameters permanently (`bind`) or uses `pluck`, `expand` or
 * `safeIntegers`, whose settings would also stick. SQLite re-plans a cached statement itself when
 * the schema changes (`sqlite3_prepare_v3`).
 */
import type Database from 'better-sqlite3';

/** Enough for every statement the app runs; SQL with inlined values (a search's ids) is evicted first. */
export const STATEMENT_CACHE_SIZE = 1000;

export function cacheStatements(sqlite: Database.Database, size = STATEMENT_CACHE_SIZE): void {
  const prepare = sqlite.prepare.bind(sqlite) as (source: string) => Database.Statement;
  // Map order is insertion order: a hit moves its entry to the end, so the first one is the least
  // recently used.
  const cache = new Map<string, Database.Statement>();
  sqlite.prepare = ((source: string) => {
    const cached = cache.get(source);
    if (cached && !cached.busy) {
      cache.delete(source);
      cache.set(source, cached);
      if (cached.reader) cached.raw(false);
      return cached;
    }
    const statement = prepare(source);
    if (cached) return statement;
    cache.set(source, statement);
    if (cache.size > size) cache.delete(cache.keys().next().value!);
    return statement;
  }) as typeof sqlite.prepare;
}
