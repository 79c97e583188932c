/**
 * Records every SQL statement better-sqlite3 runs while a piece of code runs, with the values it
 * was bound to: the query-plan test explains exactly what the real code paths send, so it cannot
 * drift from them (no statement retyped by hand).
 */
import Database from 'better-sqlite3';

export interface RecordedStatement {
  sql: string;
  args: unknown[];
}

type StatementMethod = (this: Database.Statement, ...args: unknown[]) => unknown;
const METHODS = ['run', 'get', 'all', 'iterate'] as const;

let recording: RecordedStatement[] | null = null;

/** Wraps the statement methods once (they live on one shared prototype). */
function install(): void {
  const probe = new Database(':memory:');
  const proto = Object.getPrototypeOf(probe.prepare('select 1')) as Record<string, StatementMethod>;
  probe.close();
  if ((proto as { __recorded?: boolean }).__recorded) return;
  (proto as { __recorded?: boolean }).__recorded = true;
  for (const name of METHODS) {
    const original = proto[name]!;
    proto[name] = function (this: Database.Statement, ...args: unknown[]) {
      recording?.push({ sql: this.source, args });
      return original.apply(this, args);
    };
  }
}

/** Runs `work` and returns the statements it ran, in order. */
export async function recordStatements(work: () => unknown): Promise<RecordedStatement[]> {
  install();
  const seen: RecordedStatement[] = [];
  recording = seen;
  try {
    await work();
  } finally {
    recording = null;
  }
  return seen;
}
