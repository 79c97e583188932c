/**
 * The FAQ's categories and search (FaqPage.tsx's markup), the only copy: the app's FaqPage wires
 * it once mounted, and the script of the pages served without the app
 * (src/client/static-page/enhance.ts) wires the same markup (ADR 040). Every question is in the
 * page; this shows the chosen category's, or while the search box has text, those whose question
 * and answer — as the visitor reads them, settings filled in — hold every word (searchFaq: case and
 * accents ignored), in any category. Each change starts with every answer closed.
 * Returns what undoes the wiring (the app's component unmounts).
 */
import { searchFaq } from '../../../shared/content/faq-search';
import { closeAnswers } from './accordion';

/** The heading over a search's results. */
export function faqResultsHeading(count: number, query: string): string {
  return `${count} ${count === 1 ? 'resultado' : 'resultados'} para “${query.trim()}”`;
}

export function enhanceFaqFilter(root: HTMLElement): () => void {
  const search = root.querySelector<HTMLInputElement>('.faq-search input');
  const heading = root.querySelector<HTMLElement>('.faq-heading');
  const list = root.querySelector<HTMLElement>('.faq-list');
  const empty = root.querySelector<HTMLElement>('.faq-empty');
  const categories = [...root.querySelectorAll<HTMLButtonElement>('.faq-category')];
  if (!search || !heading || !list || !empty) return () => {};
  // Read as each search runs: in the app, new settings can change the text.
  const items = () =>
    [...list.querySelectorAll<HTMLElement>('.faq-item')].map((element) => ({
      element,
      category: element.dataset.category,
      question: element.querySelector('.faq-item__question')?.textContent ?? '',
      answer: element.querySelector('.faq-item__answer')?.textContent ?? '',
    }));
  let category =
    categories.find((button) => button.getAttribute('aria-pressed') === 'true')?.dataset.category ?? '';

  const update = () => {
    const query = search.value;
    const searching = query.trim() !== '';
    const all = items();
    const shown = new Set(
      searching ? searchFaq(all, query) : all.filter((item) => item.category === category),
    );
    closeAnswers(list);
    for (const item of all) item.element.hidden = !shown.has(item);
    for (const button of categories)
      button.setAttribute('aria-pressed', String(!searching && button.dataset.category === category));
    const label = categories.find((button) => button.dataset.category === category)?.dataset.label ?? '';
    heading.textContent = searching ? faqResultsHeading(shown.size, query) : label;
    empty.hidden = shown.size > 0;
  };
  const onInput = () => update();
  const onCategory = (event: MouseEvent) => {
    const button =
      event.target instanceof Element ? event.target.closest<HTMLButtonElement>('.faq-category') : null;
    if (!button?.dataset.category) return;
    category = button.dataset.category;
    search.value = '';
    update();
  };
  search.addEventListener('input', onInput);
  for (const button of categories) button.addEventListener('click', onCategory);
  // Text typed before this ran (the page was on screen before its script) is searched at once.
  if (search.value.trim() !== '') update();
  return () => {
    search.removeEventListener('input', onInput);
    for (const button of categories) button.removeEventListener('click', onCategory);
  };
}
