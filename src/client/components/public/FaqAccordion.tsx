import { useId, useState } from 'react';

export interface AccordionItem {
  id: string;
  question: string;
  answer: string;
}

/** Questions with one answer open at a time; a click on the open question closes it. */
export function FaqAccordion({
  items,
  headingLevel = 3,
}: {
  items: readonly AccordionItem[];
  headingLevel?: 2 | 3;
}) {
  const [openId, setOpenId] = useState<string | null>(null);
  const baseId = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div className="faq-list">
      {items.map((item) => {
        const open = item.id === openId;
        const buttonId = `${baseId}-${item.id}-q`;
        const panelId = `${baseId}-${item.id}-a`;
        return (
          <div key={item.id} className={`faq-item${open ? ' faq-item--open' : ''}`}>
            <Heading className="faq-item__heading">
              <button
                type="button"
                id={buttonId}
                className="faq-item__question"
                aria-expanded={open}
                aria-controls={panelId}
                onClick={() => setOpenId(open ? null : item.id)}
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
            <div
              id={panelId}
              role="region"
              aria-labelledby={buttonId}
              className="faq-item__answer"
              hidden={!open}
            >
              <p>{item.answer}</p>
            </div>
          </div>
        );
      })}
    </div>
  );
}
