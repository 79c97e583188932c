/**
 * Why a write that returns a row never ends in `.get()` outside a transaction (ADR 013). A
 * commit the database refuses is provoked portably with a deferred foreign key, checked at COMMIT
 * like a full disk's failed write: `.get()` hands back a row that is not there, `returningWrite`
 * and a transaction throw.
 */
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { returningWrite } from './returning-write';

let sqlite: Database.Database;
beforeEach(() => {
  sqlite = new Database(':memory:');
  sqlite.pragma('foreign_keys = ON');
  sqlite.exec(`create table members (id integer primary key);
    create table links (id integer primary key,
      member integer references members(id) deferrable initially deferred)`);
});
afterEach(() => sqlite.close());

// eslint-disable-next-line no-restricted-syntax -- the failure the rule keeps out of the product
const insertLink = () => sqlite.prepare('insert into links (id, member) values (?, 99) returning id');
const stored = () => sqlite.prepare('select count(*) as n from links').pluck().get();

describe('a write with RETURNING whose commit fails', () => {
  it('through .get() outside a transaction: the row comes back, the write is not there', () => {
    // The reason for the lint rule: better-sqlite3 ignores what the statement's reset reports.
    expect(insertLink().get(1)).toEqual({ id: 1 });
    expect(stored()).toBe(0);
  });

  it('through returningWrite: the failed commit is thrown', () => {
    const write = returningWrite<{ id: number }>({
      all: (values) => insertLink().all(values?.id) as { id: number }[],
    });
    expect(() => write.row({ id: 2 })).toThrow(
      expect.objectContaining({ code: 'SQLITE_CONSTRAINT_FOREIGNKEY' }),
    );
    expect(stored()).toBe(0);
  });

  it('inside a transaction: COMMIT throws and nothing is written', () => {
    expect(() => sqlite.transaction(() => insertLink().get(3))()).toThrow(
      expect.objectContaining({ code: 'SQLITE_CONSTRAINT_FOREIGNKEY' }),
    );
    expect(stored()).toBe(0);
    expect(sqlite.inTransaction).toBe(false);
  });
});
