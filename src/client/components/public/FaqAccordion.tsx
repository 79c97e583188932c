export interface AccordionItem {
  id: string;
  question: string;
  answer: string;
  /** The FAQ's category (the static FAQ's filter reads it). */
  category?: string;
  /** Left out of the list shown (the FAQ draws every question, its filter shows some). */
  hidden?: boolean;
}

/**
 * Questions with one answer open at a time, a click on the open question closing it: native
 * `<details>` sharing one `name` (an exclusive accordion), so it works with no script at all, in
 * the app and on the pages served without it alike (ADR 040). Drawn with every answer closed.
 */
export function FaqAccordion({
  items,
  headingLevel = 3,
}: {
  items: readonly AccordionItem[];
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className="faq-list">
      {items.map((item) => (
        <details
          key={item.id}
          name="faq"
          className="faq-item"
          data-category={item.category}
          hidden={item.hidden}
        >
          <summary className="faq-item__question">
            <Heading className="faq-item__heading">{item.question}</Heading>
            <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" className="faq-item__chevron">
              <path
                d="M3 6l5 5 5-5"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
              />
            </svg>
          </summary>
          <div className="faq-item__answer">
            <p>{item.answer}</p>
          </div>
        </details>
      ))}
    </div>
  );
}
