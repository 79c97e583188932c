/**
 * The database is an ordinary SQLite file: an owner repairing a row with Debian's `sqlite3` shell
 * (or drizzle-kit studio) can insert, update and delete in every table, because no trigger or view
 * calls a function only the app registers. A seeded database is copied and, through the real shell,
 * one row of every table is updated (every column, so `UPDATE OF` triggers fire), deleted and put
 * back. The shell is a CI requirement (`.ci/run` installs it): missing, the test fails.
 *
 * The search indexes are plain FTS5 `trigram` tables (SQLite 3.34 on) with the accents folded by
 * their triggers (search-fold.ts, ADR 050), so Debian 12's shell (3.40) opens and keeps them too.
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

/** Runs the `sqlite3` shell (`-bail`) on `file` with `script`; its output. */
function shell(file: string, script: string): string {
  try {
    return execFileSync('sqlite3', ['-bail', file], { input: script, encoding: 'utf8', stdio: 'pipe' });
  } catch (error) {
    const { code, stderr } = error as { code?: string; stderr?: string };
    if (code === 'ENOENT') {
      throw new Error("Debian's sqlite3 shell is required by this test: apt-get install sqlite3", {
        cause: error,
      });
    }
    throw new Error(`sqlite3 failed: ${stderr ?? String(error)}`, { cause: error });
  }
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

describe("a seeded database in Debian's sqlite3 shell", () => {
  it('inserts, updates and deletes a row of every table, the search indexes included', async () => {
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
      shell(copy, tables.map(roundTrip).join('\n'));
      // The shell really wrote: every table holds the rows it held (the row went and came back).
      expect(Number(shell(copy, 'select count(*) from payments;').trim())).toBe(count('payments'));

      // A payer renamed in the shell is found by the search indexes the shell's triggers kept, with
      // the accents folded as the app's queries fold them (search-fold.ts).
      const payer = t.database.sqlite
        .prepare(
          'select subscriber_id as id, count(*) as n from payments group by subscriber_id order by n desc limit 1',
        )
        .get() as { id: string; n: number };
      const found = shell(
        copy,
        [
          `update subscribers set name = 'Zuleica Brandão Araújo' where id = '${payer.id}';`,
          `select count(*) from subscribers_search where subscribers_search match '{name} : "brandao arau"';`,
          `select count(*) from payments_search where payments_search match '{name} : "brandao arau"';`,
        ].join('\n'),
      );
      expect(found.trim().split('\n').map(Number)).toEqual([1, payer.n]);
    } finally {
      fs.rmSync(tempDir, { recursive: true, force: true });
    }
  });
});
