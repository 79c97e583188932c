/**
 * A prepared write with RETURNING, run only to its end. Outside a transaction SQLite commits such
 * a statement when it is reset, and better-sqlite3's `.get()` ignores the error the reset reports
 * (a full disk): it hands back a row that was never written. `.all()` steps to the end, so the
 * failed commit is thrown. A prepared statement does not know whether its caller holds a
 * transaction, hence this wrapper, which has no `.get()` (the lint rule in eslint.config.js asks
 * for it; docs/decisions/013-runtime-safety.md, "Writes that are on disk").
 */
export interface PreparedRows<Row> {
  all(placeholderValues?: Record<string, unknown>): Row[];
}

export interface ReturningWrite<Row> {
  /** The row written, or undefined when the statement wrote none (a conflict, a WHERE that matched nothing). */
  row(placeholderValues?: Record<string, unknown>): Row | undefined;
}

export function returningWrite<Row>(statement: PreparedRows<Row>): ReturningWrite<Row> {
  return { row: (placeholderValues) => statement.all(placeholderValues)[0] };
}
