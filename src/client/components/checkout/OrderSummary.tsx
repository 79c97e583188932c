import type { ReactNode } from 'react';
import { SummaryLines, type SummaryLine } from './SummaryLines';

/** The "Resumo do pedido" aside beside a checkout form; `children` go under the lines. */
export function OrderSummary({ lines, children }: { lines: readonly SummaryLine[]; children?: ReactNode }) {
  return (
    <aside className="co-grid__aside card co-summary" aria-labelledby="resumo-pedido">
      <h2 id="resumo-pedido">Resumo do pedido</h2>
      <SummaryLines lines={lines} />
      {children}
    </aside>
  );
}
