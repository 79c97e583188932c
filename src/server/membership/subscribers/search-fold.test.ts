/**
 * The search's accents are folded twice, by the index's triggers (SQL) and by the query
 * (TypeScript), from one table: the triggers the migrations leave must be the ones `foldSql` writes
 * today, or a change of the table would fold the queries one way and the index another.
 */
import { describe, expect, it } from 'vitest';
import { useTestApp, type TestApp } from '../../../../tests/app';
import { foldForSearch, foldSql, SEARCH_FOLDS } from './search-fold';

let t: TestApp;
useTestApp((app) => (t = app));

describe('the search folds accents', () => {
  it('in the query: every letter of the table, composed or typed with its combining mark', () => {
    expect(foldForSearch('João Conceição ÁVILA Müller')).toBe('Joao Conceicao AVILA Muller');
    expect(foldForSearch('Jose\u0301 Conceic\u0327a\u0303o')).toBe('Jose Conceicao');
    expect(foldForSearch('ana@exemplo.com.br (11) 98765-4321')).toBe('ana@exemplo.com.br (11) 98765-4321');
  });

  it('in SQL, the same as in TypeScript for every letter of the table', () => {
    const letters = Object.keys(SEARCH_FOLDS).join('');
    const text = `Nome ${letters} fim`;
    const folded = t.database.sqlite.prepare(`select ${foldSql('?')} as folded`).get(text) as {
      folded: string;
    };
    expect(folded.folded).toBe(foldForSearch(text));
  });

  it("the index's triggers fold with today's table (a change of it needs a migration)", () => {
    const triggers = t.database.sqlite
      .prepare("select name, sql from sqlite_master where type = 'trigger' and name glob '*_search_*'")
      .all() as { name: string; sql: string }[];
    const writers = triggers.filter((trigger) => !trigger.name.endsWith('_delete'));
    expect(writers.map((trigger) => trigger.name).sort()).toEqual([
      'payments_search_insert',
      'payments_search_move',
      'payments_search_subscriber',
      'subscribers_search_insert',
      'subscribers_search_update',
    ]);
    for (const trigger of writers) {
      expect(
        trigger.sql.includes(foldSql('new.name')) || trigger.sql.includes(foldSql('name')),
        trigger.name,
      ).toBe(true);
    }
  });
});
