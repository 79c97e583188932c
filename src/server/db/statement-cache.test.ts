import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { parseEnv } from '../env';
import { openDatabase } from './client';
import { users } from './schema';
import { StatementCachingDatabase } from './statement-cache';

function connection(size?: number) {
  const sqlite = new StatementCachingDatabase(':memory:', size);
  sqlite.exec('create table t (id integer primary key, name text)');
  sqlite.prepare('insert into t (name) values (?)').run('a');
  sqlite.prepare('insert into t (name) values (?)').run('b');
  return sqlite;
}

describe('StatementCachingDatabase', () => {
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

describe('the app connection', () => {
  it('is the caching one, and Drizzle reads mapped rows through statements shared with raw SQL', () => {
    const env = parseEnv({ NODE_ENV: 'test', DATA_DIR: ':memory:' });
    const { db, sqlite, close } = openDatabase(':memory:', env.MIGRATIONS_DIR);
    try {
      expect(sqlite).toBeInstanceOf(StatementCachingDatabase);
      sqlite.prepare("insert into users (id, email, name) values ('u1', 'ana@exemplo.com', 'Ana')").run();
      const query = db.select({ email: users.email }).from(users).where(eq(users.email, 'ana@exemplo.com'));
      const { sql: text } = query.toSQL();
      // The same text compiled once: Drizzle's mapped read leaves the statement in raw mode…
      expect(query.all()).toEqual([{ email: 'ana@exemplo.com' }]);
      expect(sqlite.prepare(text)).toBe(sqlite.prepare(text));
      // …and a caller of the same SQL still gets objects, not arrays.
      expect(sqlite.prepare(text).all('ana@exemplo.com')).toEqual([{ email: 'ana@exemplo.com' }]);
      expect(sqlite.prepare('select 1 as one').raw().get()).toEqual([1]);
      expect(sqlite.prepare('select 1 as one').get()).toEqual({ one: 1 });
    } finally {
      close();
    }
  });
});
