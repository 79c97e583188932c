/**
 * The app's connection: better-sqlite3's `Database`, whose `prepare` answers the statement it
 * compiled before for the same SQL text (ADR 049, "The statement cache, kept for the back office").
 *
 * Drizzle compiles every query it runs without `.prepare()` again: `sqlite3_prepare` parses and
 * plans the text on every call. The back office's lists are built per call (their filters, sort and
 * search vary), and on the 100,000-member club compiling was 10–20 % of the CPU of most of them
 * (docs/performance.md, "The structural step's bench gate"). Their SQL text repeats (values are
 * bound), so the connection keeps the compiled statements, the least recently used dropped first.
 *
 * A cached statement is shared by every caller with that SQL, so it is handed back as a fresh one
 * would be: out of raw mode (Drizzle switches it on for its mapped reads and never off), and never
 * while it is busy (a statement being iterated is left to its caller; another one is compiled).
 * Nothing in the app binds parameters permanently (`bind`) or uses `pluck`, `expand` or
 * `safeIntegers`, whose settings would also stick. SQLite re-plans a statement itself when the
 * schema changes (`sqlite3_prepare_v3`).
 */
import Database from 'better-sqlite3';

/** Enough for every statement the app runs; SQL with inlined values (a search's ids) ages out first. */
export const STATEMENT_CACHE_SIZE = 1000;

export class StatementCachingDatabase extends Database {
  // Map order is insertion order: a hit moves its entry to the end, so the first one is the least
  // recently used.
  readonly #statements = new Map<string, Database.Statement>();
  readonly #size: number;

  constructor(file: string, size = STATEMENT_CACHE_SIZE) {
    super(file);
    this.#size = size;
  }

  // The signature is better-sqlite3's own, `{}` included.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  override prepare<BindParameters extends unknown[] | {} = unknown[], Result = unknown>(
    source: string,
  ): Database.Statement<BindParameters, Result> {
    const cached = this.#statements.get(source);
    if (cached && !cached.busy) {
      this.#statements.delete(source);
      this.#statements.set(source, cached);
      if (cached.reader) cached.raw(false);
      return cached as Database.Statement<BindParameters, Result>;
    }
    const statement = super.prepare<BindParameters, Result>(source);
    if (cached) return statement;
    this.#statements.set(source, statement);
    if (this.#statements.size > this.#size) this.#statements.delete(this.#statements.keys().next().value!);
    return statement;
  }
}
