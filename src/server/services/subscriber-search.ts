/**
 * The back office's search over subscribers (name, e-mail, phone and CPF fragments), shared by the
 * subscriber list and the payments list. Fragments of 3 characters or more go through the trigram
 * full-text index `subscribers_search` (migration `subscriber_search`; docs/decisions/016): a
 * substring match that reads only the matching rows, where `LIKE '%…%'` read all 100,000. Shorter
 * fragments (which match most of the club anyway) fall back to LIKE.
 */
import { like, or, sql, type SQL } from 'drizzle-orm';
import { subscribers } from '../db/schema';

/** Escapes LIKE wildcards so a search for "50%" finds the text, not everything. */
const likeTerm = (value: string) => `%${value.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/** An FTS5 phrase: the text as typed, quotes doubled (no operator can be injected). */
const phrase = (text: string) => `"${text.replace(/"/g, '""')}"`;

/** The trigram tokenizer indexes sequences of three characters: shorter ones cannot be looked up. */
const TRIGRAM = 3;

/** Condition on `subscribers`: the name or e-mail contains `term`, or the phone or CPF its digits. */
export function subscriberSearch(term: string): SQL | undefined {
  const text = term.trim();
  if (!text) return undefined;
  const digits = text.replace(/\D/g, '');
  if ([...text].length < TRIGRAM) {
    return or(
      sql`lower(${subscribers.name}) like ${likeTerm(text.toLowerCase())} escape '\\'`,
      like(subscribers.email, likeTerm(text.toLowerCase())),
    );
  }
  const query = [`{name email} : ${phrase(text)}`];
  if (digits.length >= TRIGRAM) query.push(`{phone cpf} : ${phrase(digits)}`);
  return sql`${subscribers}.rowid in (select rowid from subscribers_search where subscribers_search match ${query.join(' OR ')})`;
}
