/**
 * The categories and search of the FAQ served without the app (STATIC_PATHS, ADR 040), which has
 * no React: the app's FaqPage keeps them as state, and this script does the same to the page the
 * server drew from it. Every question is in the page; it shows the same ones as the app
 * (shownFaqItems: the chosen category's, or while the search box has text, those holding every
 * word, as the visitor reads them). Each change starts with every answer closed. Searching as one
 * types is what needs a script here; the answers open and close without one (native <details>).
 */
import { faqResultsHeading, shownFaqItems } from '../../../shared/content/faq-search';

export function enhanceFaqFilter(root: HTMLElement): void {
  const search = root.querySelector<HTMLInputElement>('.faq-search input');
  const heading = root.querySelector<HTMLElement>('.faq-heading');
  const empty = root.querySelector<HTMLElement>('.faq-empty');
  const categories = [...root.querySelectorAll<HTMLButtonElement>('.faq-category')];
  if (!search || !heading || !empty) return;
  const items = [...root.querySelectorAll<HTMLDetailsElement>('.faq-item')].map((element) => ({
    element,
    category: element.dataset.category,
    question: element.querySelector('summary')?.textContent ?? '',
    answer: element.querySelector('.faq-item__answer')?.textContent ?? '',
  }));
  let category =
    categories.find((button) => button.getAttribute('aria-pressed') === 'true')?.dataset.category ?? '';

  const update = () => {
    const query = search.value;
    const searching = query.trim() !== '';
    const shown = new Set(shownFaqItems(items, category, query));
    for (const item of items) {
      item.element.open = false;
      item.element.hidden = !shown.has(item);
    }
    for (const button of categories)
      button.setAttribute('aria-pressed', String(!searching && button.dataset.category === category));
    const label = categories.find((button) => button.dataset.category === category)?.dataset.label ?? '';
    heading.textContent = searching ? faqResultsHeading(shown.size, query) : label;
    empty.hidden = shown.size > 0;
  };
  search.addEventListener('input', update);
  for (const button of categories)
    button.addEventListener('click', () => {
      category = button.dataset.category ?? category;
      search.value = '';
      update();
    });
  // Text typed before this ran (the page was on screen before its script) is searched at once.
  if (search.value.trim() !== '') update();
}
