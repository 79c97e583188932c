/**
 * The dashboard's LGPD item (ADR 029): open deletion requests and how many are past their legal
 * deadline, leading to the screen where they are completed.
 */
import { Link } from '@tanstack/react-router';
import { formatDate } from '../../../../shared/format';
import type { DeletionRequestSummary } from '../../../../shared/privacy-schemas';
import '../../../styles/admin-privacy.css';

export function PrivacySummary({ summary: data }: { summary: DeletionRequestSummary }) {
  return (
    <section
      className={`panel${data.overdue > 0 ? ' privacy-summary--overdue' : ''}`}
      aria-labelledby="privacy-summary-title"
      data-testid="privacy-summary"
    >
      <h2 id="privacy-summary-title">Pedidos de exclusão (LGPD)</h2>
      {data.open === 0 ? (
        <p className="muted">Nenhum pedido de exclusão aberto.</p>
      ) : (
        <>
          <p>
            <Link to="/admin/lgpd">
              {data.open === 1 ? '1 pedido aberto' : `${data.open} pedidos abertos`}
            </Link>
          </p>
          {data.overdue > 0 ? (
            <p className="privacy-summary__overdue">
              {data.overdue === 1 ? '1 com prazo vencido' : `${data.overdue} com prazo vencido`}
            </p>
          ) : (
            data.nextDueAt && <p className="muted">Próximo prazo: {formatDate(data.nextDueAt)}</p>
          )}
        </>
      )}
    </section>
  );
}
