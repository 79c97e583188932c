import { Link } from '@tanstack/react-router';
import {
  RECEIPT_MSG,
  receiptNotice,
  receiptRows,
  receiptStatement,
  type Receipt,
} from '../../../shared/receipt';
import { errorText } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { Alert } from '../ui/Alert';
import { Button, buttonClass } from '../ui/Button';
import { PageLoading } from '../ui/PageLoading';
import '../../styles/receipt.css';

/**
 * A payment's receipt, laid out to print on one A4 page (the app's frame is hidden when printing),
 * with its PDF one click away. The member opens it from "Pagamentos", the admin from a payment's
 * "Detalhes"; the server decides who may read which (docs/product/back-office-and-member-area.md).
 */
export function ReceiptPage({
  paymentId,
  back,
}: {
  paymentId: string;
  back: '/user/payments' | '/admin/payments';
}) {
  const query = trpc.receipts.get.useQuery({ paymentId }, { retry: false });
  return (
    <div className="receipt-page">
      <nav className="receipt-actions" aria-label="Ações do recibo">
        <Link to={back} className={buttonClass('secondary', { size: 'sm' })}>
          Voltar aos pagamentos
        </Link>
        {query.data && (
          <>
            <Button size="sm" variant="secondary" onClick={() => window.print()}>
              Imprimir
            </Button>
            <a
              className={buttonClass('primary', { size: 'sm' })}
              href={`/api/payments/${encodeURIComponent(paymentId)}/receipt.pdf`}
            >
              Baixar PDF
            </a>
          </>
        )}
      </nav>
      {query.isPending && <PageLoading label="Carregando recibo..." />}
      {query.isError && <Alert>{errorText(query.error, RECEIPT_MSG.loadFailed)}</Alert>}
      {query.data && <ReceiptDocument receipt={query.data.receipt} />}
    </div>
  );
}

function ReceiptDocument({ receipt }: { receipt: Receipt }) {
  const notice = receiptNotice(receipt);
  return (
    <article className="receipt" aria-labelledby="receipt-title">
      <header className="receipt__header">
        <h1 id="receipt-title">{RECEIPT_MSG.title}</h1>
        <p className="receipt__club">{receipt.clubName}</p>
      </header>
      {notice && (
        <p className="receipt__notice" role="status">
          {notice}
        </p>
      )}
      <p className="receipt__statement">{receiptStatement(receipt)}</p>
      <dl className="receipt__rows">
        {receiptRows(receipt).map(({ label, value }) => (
          <div key={label} className="receipt__row">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </article>
  );
}
