/**
 * A payment's service invoice in its "Detalhes" (docs/product/service-invoices.md): the state, the
 * number and link, the provider's refusal as it came, and the number of an invoice issued elsewhere,
 * which the owner may type on a paid payment without an invoice issued here.
 */
import { useId, useState } from 'react';
import type { AdminPaymentDetail } from '../../../../shared/admin-schemas';
import { INVOICE_SCREEN_MSG, invoiceNumberField } from '../../../../shared/invoice';
import { errorText } from '../../../lib/errors';
import { trpc } from '../../../lib/trpc';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/TextField';
import { DetailList } from './DetailList';

/** Whether the owner may type a number: a paid payment with no invoice issued (or being issued) here. */
function mayType(detail: AdminPaymentDetail): boolean {
  const invoice = detail.invoice;
  if (detail.payment.status !== 'paid') return false;
  return (
    !invoice || invoice.source === 'manual' || invoice.status === 'rejected' || invoice.status === 'cancelled'
  );
}

function NumberForm({ paymentId }: { paymentId: string }) {
  const utils = trpc.useUtils();
  const [typed, setTyped] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [done, setDone] = useState<string | null>(null);
  const record = trpc.invoices.recordNumber.useMutation({
    onSuccess: async (answer) => {
      setDone(answer.message);
      setTyped('');
      await utils.payments.detail.invalidate({ paymentId });
    },
  });
  const formId = useId();
  return (
    <form
      aria-labelledby={`${formId}-title`}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setDone(null);
        const parsed = invoiceNumberField.safeParse(typed);
        if (!parsed.success) {
          setFieldError(INVOICE_SCREEN_MSG.numberInvalid);
          return;
        }
        setFieldError(undefined);
        record.mutate({ paymentId, number: parsed.data });
      }}
    >
      <p id={`${formId}-title`} className="muted">
        Emitiu a nota fora do sistema? Registre o número para o confrade vê-lo em “Pagamentos”.
      </p>
      <TextField
        label="Número da nota fiscal"
        inputMode="numeric"
        autoComplete="off"
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
        error={fieldError}
      />
      <Button type="submit" size="sm" loading={record.isPending} loadingLabel="Registrando...">
        Registrar número
      </Button>
      {record.error && <Alert>{errorText(record.error, INVOICE_SCREEN_MSG.saveFailed)}</Alert>}
      {done && <Alert tone="success">{done}</Alert>}
    </form>
  );
}

export function InvoiceSection({ detail }: { detail: AdminPaymentDetail }) {
  const invoice = detail.invoice;
  if (!invoice && !mayType(detail)) return null;
  const rows: [string, React.ReactNode][] = [];
  if (invoice) {
    rows.push([
      'Situação',
      invoice.source === 'manual'
        ? `${invoice.statusLabel} (número informado pela administração)`
        : invoice.statusLabel,
    ]);
    if (invoice.number) {
      rows.push([
        'Número',
        invoice.url ? (
          <a href={invoice.url} target="_blank" rel="noreferrer">
            {invoice.number}
          </a>
        ) : (
          invoice.number
        ),
      ]);
    }
    if (invoice.providerError) {
      rows.push([
        invoice.status === 'rejected' ? 'Recusa do emissor' : 'Cancelamento recusado',
        invoice.providerError,
      ]);
    }
  }
  return (
    <section aria-labelledby="payment-invoice-heading">
      <h3 id="payment-invoice-heading" className="detail-heading">
        Nota fiscal (NFS-e)
      </h3>
      {rows.length > 0 && <DetailList rows={rows} />}
      {mayType(detail) && <NumberForm paymentId={detail.payment.id} />}
    </section>
  );
}
