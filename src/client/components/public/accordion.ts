/**
 * The questions-and-answers accordion's behaviour (FaqAccordion.tsx's markup), the only copy: the
 * app's FaqAccordion wires it once mounted, and the script of the pages served without the app
 * (src/client/static-page/enhance.ts) wires the same markup on the FAQ (ADR 040). One answer open
 * at a time; a click on the open question closes it.
 * Returns what undoes the wiring (the app's component unmounts).
 */
export function enhanceAccordion(list: HTMLElement): () => void {
  const onClick = (event: MouseEvent) => {
    const question = event.target instanceof Element ? event.target.closest('.faq-item__question') : null;
    const item = question?.closest<HTMLElement>('.faq-item');
    if (!item || !list.contains(item)) return;
    const open = !item.classList.contains('faq-item--open');
    closeAnswers(list);
    if (open) setOpen(item, true);
  };
  list.addEventListener('click', onClick);
  return () => list.removeEventListener('click', onClick);
}

/** Closes every answer of the list (the FAQ's filter starts each new list closed). */
export function closeAnswers(list: HTMLElement): void {
  for (const item of list.querySelectorAll<HTMLElement>('.faq-item--open')) setOpen(item, false);
}

function setOpen(item: HTMLElement, open: boolean) {
  item.classList.toggle('faq-item--open', open);
  item.querySelector('.faq-item__question')?.setAttribute('aria-expanded', String(open));
  const answer = item.querySelector<HTMLElement>('.faq-item__answer');
  if (answer) answer.hidden = !open;
}
