/** The FAQ's search (docs/product/public-site-and-checkout.md §2), apart from the questions themselves. */

/** Lower case, without accents or extra spaces: "Degustação" and "degustacao" match. */
export function normalizeText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** Items whose question or answer contains every word of the query (accent- and case-insensitive). */
export function searchFaq<T extends { question: string; answer: string }>(
  items: readonly T[],
  query: string,
): T[] {
  const terms = normalizeText(query).split(' ').filter(Boolean);
  if (terms.length === 0) return [...items];
  return items.filter((item) => {
    const haystack = normalizeText(`${item.question} ${item.answer}`);
    return terms.every((term) => haystack.includes(term));
  });
}

/**
 * The questions the FAQ shows: while the search box has text, those it finds in any category;
 * otherwise the chosen category's. The app's FaqPage (React state) and the static FAQ's script
 * (faq-filter.ts, reading the served markup) both show exactly these.
 */
export function shownFaqItems<T extends { question: string; answer: string; category?: string }>(
  items: readonly T[],
  category: string,
  query: string,
): T[] {
  return query.trim() !== '' ? searchFaq(items, query) : items.filter((item) => item.category === category);
}

/** The heading over a search's results. */
export function faqResultsHeading(count: number, query: string): string {
  return `${count} ${count === 1 ? 'resultado' : 'resultados'} para “${query.trim()}”`;
}
