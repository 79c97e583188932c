import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { cacheStatements } from './statement-cache';

function connection(size?: number) {
  const sqlite = new Database(':memory:');
  cacheStatements(sqlite, size);
  sqlite.exec('create table t (id integer primary key, name text)');
  sqlite.prepare('insert into t (name) values (?)').run('a');
  sqlite.prepare('insert into t (name) values (?)').run('b');
  return sqlite;
}

describe('cacheStatements', () => {
  it('compiles a SQL text once and hands the same statement back', () => {
    const sqlite = connection();
    const first = sqlite.prepare('select name from t where id = ?');
    expect(sqlite.prepare('select name from t where id = ?')).toBe(first);
    expect(sqlite.prepare('select name from t where id = ? ')).not.toBe(first);
  });

  it('hands a statement back out of raw mode, as a fresh one would be', () => {
    const sqlite = connection();
    expect(sqlite.prepare('select name from t where id = ?').raw().get(1)).toEqual(['a']);
    expect(sqlite.prepare('select name from t where id = ?').get(1)).toEqual({ name: 'a' });
  });

  it('compiles another statement while the cached one is being iterated', () => {
    const sqlite = connection();
    const iterating = sqlite.prepare('select name from t order by id');
    const rows = iterating.iterate();
    expect(rows.next().value).toEqual({ name: 'a' });
    const other = sqlite.prepare('select name from t order by id');
    expect(other).not.toBe(iterating);
    rows.return?.();
    expect(sqlite.prepare('select name from t order by id')).toBe(iterating);
  });

  it('keeps the most recently used statements within its size', () => {
    const sqlite = connection(2);
    const a = sqlite.prepare('select 1');
    const b = sqlite.prepare('select 2');
    expect(sqlite.prepare('select 1')).toBe(a);
    sqlite.prepare('select 3');
    expect(sqlite.prepare('select 1')).toBe(a);
    expect(sqlite.prepare('select 2')).not.toBe(b);
  });

  it('runs writes and schema changes through cached statements', () => {
    const sqlite = connection();
    expect(sqlite.prepare('select * from t where id = ?').get(2)).toEqual({ id: 2, name: 'b' });
    sqlite.exec('alter table t add column note text');
    expect(sqlite.prepare('select * from t where id = ?').get(2)).toEqual({ id: 2, name: 'b', note: null });
    expect(sqlite.prepare('insert into t (name) values (?)').run('c').changes).toBe(1);
  });
});
