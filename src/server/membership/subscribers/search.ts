/**
 * The back office's search over subscribers (name, e-mail, phone and CPF fragments), for the
 * subscriber list and the payments list. Fragments of 3 characters or more go through a trigram
 * full-text index — `subscribers_search` (one row per subscriber, migration `subscriber_search`) and
 * `payments_search` (the payer's fields once per payment, migration `admin_search_and_totals`),
 * both kept by triggers, their rowids the rows' rowids (docs/decisions/016, 026 and 050): a substring
 * match that reads only the matching rows, where `LIKE '%…%'` reads them all. Shorter fragments
 * (which match most of the club anyway) fall back to LIKE.
 */
import { like, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { payments, subscribers } from '../../db/schema';
import { likeTerm } from '../../lib/like-term';
import { foldForSearch } from './search-fold';

/** An FTS5 phrase: the text as typed, quotes doubled (no operator can be injected). */
const phrase = (text: string) => `"${text.replace(/"/g, '""')}"`;

/** The trigram tokenizer indexes sequences of three characters: shorter ones cannot be looked up. */
const TRIGRAM = 3;

/**
 * A term typed as a phone or a CPF: digits with their usual punctuation only. Only such a term is
 * looked up in the phone and CPF columns, so a name, an e-mail or a transaction id that holds a few
 * digits ("ana2024@…", "tx-12-0") does not also bring every payer whose phone holds them.
 */
const PHONE_OR_CPF = /^[\d\s().+\-/]+$/;

/**
 * The FTS5 query for `term` (name or e-mail contains it, accents aside, or phone or CPF its
 * digits), if indexable. The index holds names with their accents folded (search-fold.ts).
 */
function indexQuery(term: string): string | undefined {
  const text = foldForSearch(term.trim());
  if ([...text].length < TRIGRAM) return undefined;
  const query = [`{name email} : ${phrase(text)}`];
  const digits = PHONE_OR_CPF.test(text) ? text.replace(/\D/g, '') : '';
  if (digits.length >= TRIGRAM) query.push(`{phone cpf} : ${phrase(digits)}`);
  return query.join(' OR ');
}

/** Short fragments: name or e-mail contains the text (LIKE, reads every subscriber). */
function shortMatch(text: string): SQL | undefined {
  return or(
    sql`lower(${subscribers.name}) like ${likeTerm(text.toLowerCase())} escape '\\'`,
    like(subscribers.email, likeTerm(text.toLowerCase())),
  );
}

const INDEXES = {
  subscribers: { table: subscribers, index: sql.raw('subscribers_search') },
  payments: { table: payments, index: sql.raw('payments_search') },
} as const;
type Searchable = keyof typeof INDEXES;

/** Which page the list wants: the index only drives the query when the page is worth it. */
export interface SearchPage {
  offset: number;
  limit: number;
}

/** A search made ready for one page of a list. */
export interface SearchPlan {
  /** Condition for reading the page (`subscribers` or `payments`); undefined without a term. */
  where: SQL | undefined;
  /** The trigram index's view, when the term is long enough to use it. */
  indexed?: {
    /** Rows matching the term alone, counted in the index. */
    matches: number;
    /** The same condition as `where`, driven from the match list (counting costs the matches). */
    inMatches: SQL;
    /** "The index matches this row", checked row by row: for a few rows. */
    matchesRow: SQL;
  };
}

/** The rowids the index matches for an FTS5 query. */
const matching = (index: SQL, query: string) => sql`select rowid from ${index} where ${index} match ${query}`;

/** Condition on the searched table for `term`: every match, whatever the order (the CSV exports). */
export function searchCondition(on: Searchable, term: string): SQL | undefined {
  const text = term.trim();
  if (!text) return undefined;
  const { table, index } = INDEXES[on];
  const query = indexQuery(text);
  if (query !== undefined) return sql`${table}.rowid in (${matching(index, query)})`;
  const short = shortMatch(text);
  return on === 'subscribers'
    ? short
    : sql`${payments.subscriberId} in (select ${subscribers.id} from ${subscribers} where ${short})`;
}

/**
 * Plans a search over `subscribers` or `payments` for one page of a list, the cheaper of two ways:
 * - Few matches (up to √((offset + limit) × rows ÷ 8): about 450 at 100,000 rows, page 1) are read
 *   from the index as a list of rowids, and the page is read from that list and sorted.
 * - Many are counted in the index, and the page is found by walking the sort's own index and keeping
 *   the matching rows, which stops after one page (work grows with rows ÷ matches); the unary `+`
 *   keeps SQLite from driving the query from the match list.
 * The constant 8 comes from `npm run bench -- --only admin` (docs/decisions/026).
 */
export function planSearch(db: Db, on: Searchable, term: string, page: SearchPage): SearchPlan {
  const query = indexQuery(term);
  if (query === undefined) return { where: searchCondition(on, term) };
  const { table, index } = INDEXES[on];
  // The index counts the matches first (one evaluation; the table's size comes free with it): a
  // phrase's evaluation costs the same whether one row or all are read, so each path adds only one.
  const counted = db.get<{ matches: number; rows: number | null }>(
    sql`select (select count(*) from ${index} where ${index} match ${query}) as matches,
               (select max(rowid) from ${table}) as rows`,
  );
  const matches = counted?.matches ?? 0;
  const few = Math.ceil(Math.sqrt(((page.offset + page.limit) * (counted?.rows ?? 0)) / 8));
  if (matches <= few) {
    const found =
      matches === 0 ? [] : db.all<{ rowid: number }>(matching(index, query)).map(({ rowid }) => rowid);
    // Integers the database just gave: written into the statement, no parameter limit to mind.
    const list = sql.raw(found.filter(Number.isSafeInteger).join(', '));
    const inList = found.length ? sql`${table}.rowid in (${list})` : sql`0`;
    return { where: inList, indexed: { matches: found.length, inMatches: inList, matchesRow: inList } };
  }
  return {
    where: sql`+${table}.rowid in (${matching(index, query)})`,
    indexed: {
      matches,
      inMatches: sql`${table}.rowid in (${matching(index, query)})`,
      matchesRow: sql`exists (select 1 from ${index} where ${index} match ${query} and rowid = ${table}.rowid)`,
    },
  };
}
