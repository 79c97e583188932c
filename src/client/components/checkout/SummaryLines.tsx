import type { ReactNode } from 'react';

export interface SummaryLine {
  label: string;
  value: ReactNode;
  /** The last line of an order: emphasised and separated. */
  total?: boolean;
}

/** A definition list of "label: value" lines (order summaries and payment details). */
export function SummaryLines({ lines }: { lines: readonly SummaryLine[] }) {
  return (
    <dl className="co-summary__lines">
      {lines.map((line) => (
        <div
          key={line.label}
          className={line.total ? 'co-summary__line co-summary__total' : 'co-summary__line'}
        >
          <dt>{line.label}</dt>
          <dd>{line.value}</dd>
        </div>
      ))}
    </dl>
  );
}
