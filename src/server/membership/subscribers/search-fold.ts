/**
 * The accents the back office's search ignores ("joao" finds "João", "conceicao" finds
 * "Conceição"). The search indexes are plain FTS5 `trigram` tables, which every SQLite since 3.34
 * opens, Debian 12's `sqlite3` shell included: the `remove_diacritics` option of the trigram
 * tokenizer would do this inside SQLite, but only from 3.45, and an owner repairing a row with an
 * older shell could then write no subscriber nor payment (ADR 050). So the accents are folded on
 * both sides with this one table: by the index's triggers, in SQL (`foldSql`, written into the
 * migration `search_folds_accents`), and by the query, in TypeScript (`foldForSearch`). Case is the
 * tokenizer's own business (it folds Unicode case by itself).
 *
 * Changing this table means a new migration that rewrites the triggers with the new `foldSql` and
 * refills the indexes: `search-fold.test.ts` fails until the migration's triggers match.
 */
// prettier-ignore
export const SEARCH_FOLDS: Readonly<Record<string, string>> = {
  à: 'a', á: 'a', â: 'a', ã: 'a', ä: 'a', å: 'a',
  À: 'A', Á: 'A', Â: 'A', Ã: 'A', Ä: 'A', Å: 'A',
  è: 'e', é: 'e', ê: 'e', ë: 'e',
  È: 'E', É: 'E', Ê: 'E', Ë: 'E',
  ì: 'i', í: 'i', î: 'i', ï: 'i',
  Ì: 'I', Í: 'I', Î: 'I', Ï: 'I',
  ò: 'o', ó: 'o', ô: 'o', õ: 'o', ö: 'o',
  Ò: 'O', Ó: 'O', Ô: 'O', Õ: 'O', Ö: 'O',
  ù: 'u', ú: 'u', û: 'u', ü: 'u',
  Ù: 'U', Ú: 'U', Û: 'U', Ü: 'U',
  ç: 'c', Ç: 'C', ñ: 'n', Ñ: 'N', ý: 'y', ÿ: 'y', Ý: 'Y',
  // The same accents typed as a letter followed by a combining mark (as some keyboards send them):
  // grave, acute, circumflex, tilde, diaeresis, ring above and cedilla are dropped.
  '\u0300': '', '\u0301': '', '\u0302': '', '\u0303': '', '\u0308': '', '\u030a': '', '\u0327': '',
};

// An alternation, not a character class: a combining mark must match on its own, apart from its letter.
const FOLDABLE = new RegExp(Object.keys(SEARCH_FOLDS).join('|'), 'gu');

/** A search term as the index holds names: each accented letter of the table made plain. */
export function foldForSearch(text: string): string {
  return text.replace(FOLDABLE, (letter) => SEARCH_FOLDS[letter] ?? letter);
}

/** A combining mark, invisible on its own, is written by its code point in SQL. */
const sqlText = (letter: string) =>
  /\p{M}/u.test(letter) ? `char(${letter.codePointAt(0)})` : `'${letter}'`;

/**
 * Replacements per level of `foldSql`. Older SQLite parsers (Debian 12's 3.40) keep a fixed stack
 * of 100 entries: about 20 nested `replace` calls inside a trigger overflow it ("parser stack
 * overflow"), so the table is applied in levels of this many, each a subquery over the last.
 */
const PER_LEVEL = 15;

const replaced = (expression: string, folds: [string, string][]) =>
  folds.reduce((folded, [letter, plain]) => `replace(${folded}, ${sqlText(letter)}, '${plain}')`, expression);

/**
 * The same folding as a SQL expression over `expression`, any SQLite: a scalar subquery whose
 * levels each apply `PER_LEVEL` replacements to the one below (`expression` may be a column of the
 * statement around it, or a trigger's `new.…`).
 */
export function foldSql(expression: string): string {
  const folds = Object.entries(SEARCH_FOLDS);
  let query = `select ${replaced(expression, folds.slice(0, PER_LEVEL))} as folded`;
  for (let start = PER_LEVEL; start < folds.length; start += PER_LEVEL) {
    query = `select ${replaced('folded', folds.slice(start, start + PER_LEVEL))} as folded from (${query})`;
  }
  return `(${query})`;
}
