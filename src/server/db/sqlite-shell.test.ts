/**
 * The database is an ordinary SQLite file: an owner repairing a row with Debian's `sqlite3` shell
 * (or drizzle-kit studio) can insert, update and delete in every table, because no trigger or view
 * calls a function only the app registers. A seeded database is copied and, through the real shell,
 * one row of every table is updated (every column, so `UPDATE OF` triggers fire), deleted and put
 * back. The shell is a CI requirement (`.ci/run` installs it): missing, the test fails.
 *
 * One limit is the shell's own age, not the app: the search indexes are FTS5 trigram tables with
 * `remove_diacritics` (ADR 016), which SQLite has from 3.45. Debian 12's shell (3.40) cannot open
 * them, so with an older shell the copy's search-index triggers are dropped first (and said so in the
 * test's name) and every other trigger, the money and membership rules included, still runs.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTestApp, type TestApp } from '../../../tests/app';
import { runSeed } from '../seed';

let t: TestApp;
useTestApp((app) => (t = app));

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Tables an owner may write: not SQLite's own, not a virtual table nor an FTS5 table's shadows. */
function writableTables(): string[] {
  return (
    t.database.sqlite
      .prepare(
        "select name from pragma_table_list where schema = 'main' and type = 'table' and name not like 'sqlite_%' order by name",
      )
      .all() as { name: string }[]
  ).map((row) => row.name);
}

function columnsOf(table: string): string[] {
  return (
    t.database.sqlite.prepare('select name from pragma_table_info(?)').all(table) as { name: string }[]
  ).map((column) => column.name);
}

/** The version of the `sqlite3` shell as a comparable number (3.45.0 → 3045000). */
function shellVersion(): number {
  let banner: string;
  try {
    banner = execFileSync('sqlite3', ['-version'], { encoding: 'utf8' });
  } catch (error) {
    throw new Error("Debian's sqlite3 shell is required by this test: apt-get install sqlite3", {
      cause: error,
    });
  }
  const [major = 0, minor = 0, patch = 0] = banner.split(' ')[0]!.split('.').map(Number);
  return major * 1_000_000 + minor * 1000 + patch;
}

/** The first SQLite whose trigram tokenizer takes `remove_diacritics`. */
const TRIGRAM_DIACRITICS = 3_045_000;

/** Triggers that write an FTS5 table (the search indexes). */
function searchIndexTriggers(): string[] {
  const indexes = (
    t.database.sqlite
      .prepare(
        "select name from sqlite_master where type = 'table' and sql like 'CREATE VIRTUAL TABLE%USING fts5%'",
      )
      .all() as { name: string }[]
  ).map((row) => row.name);
  const triggers = t.database.sqlite
    .prepare("select name, sql from sqlite_master where type = 'trigger'")
    .all() as {
    name: string;
    sql: string;
  }[];
  return triggers
    .filter((trigger) => indexes.some((index) => trigger.sql.includes(`\`${index}\``)))
    .map((trigger) => trigger.name);
}

/** Copies a table's first row aside, rewrites it in place, deletes it and inserts it back. */
function roundTrip(table: string): string {
  const columns = columnsOf(table).map(quote);
  const first = `rowid = (select min(rowid) from ${quote(table)})`;
  return [
    `create temp table kept as select ${columns.join(', ')} from ${quote(table)} where ${first};`,
    `update ${quote(table)} set ${columns.map((column) => `${column} = ${column}`).join(', ')} where ${first};`,
    `delete from ${quote(table)} where ${first};`,
    `insert into ${quote(table)} (${columns.join(', ')}) select * from temp.kept;`,
    'drop table temp.kept;',
  ].join('\n');
}

const oldShell = shellVersion() < TRIGRAM_DIACRITICS;

describe("a seeded database in Debian's sqlite3 shell", () => {
  const withoutSearch = oldShell ? ' (search-index triggers dropped: the shell predates SQLite 3.45)' : '';
  it(`inserts, updates and deletes a row of every table${withoutSearch}`, async () => {
    await runSeed(t.services);
    const tables = writableTables();
    const count = (table: string) =>
      (t.database.sqlite.prepare(`select count(*) as n from ${quote(table)}`).get() as { n: number }).n;
    // The tables whose writes fire the money and membership rules hold rows in the demo.
    for (const table of [
      'payments',
      'subscribers',
      'payment_month_totals',
      'member_spans',
      'member_month_totals',
    ]) {
      expect(count(table), table).toBeGreaterThan(0);
    }
    const tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'confraria-shell-'));
    const copy = path.join(tempDir, 'club.db');
    try {
      t.database.sqlite.prepare('vacuum into ?').run(copy);
      const dropped = oldShell ? searchIndexTriggers() : [];
      if (oldShell) expect(dropped).toHaveLength(7);
      const script = [
        ...dropped.map((trigger) => `drop trigger ${quote(trigger)};`),
        ...tables.map(roundTrip),
      ].join('\n');
      const run = () =>
        execFileSync('sqlite3', ['-bail', copy], { input: script, encoding: 'utf8', stdio: 'pipe' });
      expect(run).not.toThrow();
      // The shell really wrote: every table holds the rows it held (the row went and came back).
      const after = execFileSync('sqlite3', [copy, 'select count(*) from payments'], { encoding: 'utf8' });
      expect(Number(after.trim())).toBe(count('payments'));
    } finally {
      fs.rmSync(tempDir, { recursive: true, force: true });
    }
  });
});
