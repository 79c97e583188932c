import { useEffect, useId, useRef } from 'react';
import { enhanceAccordion } from './accordion';

export interface AccordionItem {
  id: string;
  question: string;
  answer: string;
  /** The FAQ's category (its filter reads it). */
  category?: string;
  /** Left out of the list shown (the FAQ draws every question, its filter shows some). */
  hidden?: boolean;
}

/**
 * Questions with one answer open at a time; a click on the open question closes it. Drawn with
 * every answer closed; the behaviour is accordion.ts's, wired once mounted — the same the pages
 * served without the app wire to this markup (ADR 040).
 */
export function FaqAccordion({
  items,
  headingLevel = 3,
}: {
  items: readonly AccordionItem[];
  headingLevel?: 2 | 3;
}) {
  const listRef = useRef<HTMLDivElement>(null);
  useEffect(() => (listRef.current ? enhanceAccordion(listRef.current) : undefined), []);
  const baseId = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div ref={listRef} className="faq-list">
      {items.map((item) => {
        const buttonId = `${baseId}-${item.id}-q`;
        const panelId = `${baseId}-${item.id}-a`;
        return (
          <div key={item.id} className="faq-item" data-category={item.category} hidden={item.hidden}>
            <Heading className="faq-item__heading">
              <button
                type="button"
                id={buttonId}
                className="faq-item__question"
                aria-expanded="false"
                aria-controls={panelId}
              >
                <span>{item.question}</span>
                <svg
                  viewBox="0 0 16 16"
                  width="16"
                  height="16"
                  aria-hidden="true"
                  className="faq-item__chevron"
                >
                  <path
                    d="M3 6l5 5 5-5"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="2"
                    strokeLinecap="round"
                  />
                </svg>
              </button>
            </Heading>
            <div id={panelId} role="region" aria-labelledby={buttonId} className="faq-item__answer" hidden>
              <p>{item.answer}</p>
            </div>
          </div>
        );
      })}
    </div>
  );
}
