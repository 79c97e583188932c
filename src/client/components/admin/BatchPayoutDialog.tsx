/**
 * "Pagar comissões em lote" (ADR 046): the confirmed commissions due grouped by referrer
 * with the PIX key each member typed, those without a key listed apart (not paid), one
 * confirmation naming the total and the count, then the bank's CSV. The commissions and total
 * sent are those shown; the server refuses the batch if they changed meanwhile, and pays once per
 * opening of the dialog (its idempotency key), however often the button is pressed.
 */
import { useRef, useState } from 'react';
import { COMMISSION_PAYOUT_MSG, type PayoutReferrer } from '../../../shared/commission-payout-schemas';
import { formatDate, formatMoney } from '../../../shared/format';
import { errorText } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { Alert } from '../ui/Alert';
import { Button, buttonClass } from '../ui/Button';
import { Dialog } from '../ui/Dialog';
import { PageLoading } from '../ui/PageLoading';

const commissions = (count: number) => `${count} ${count === 1 ? 'comissão' : 'comissões'}`;

function ReferrerList({ label, groups }: { label: string; groups: PayoutReferrer[] }) {
  return (
    <ul className="batch-payout__list" aria-label={label}>
      {groups.map((group) => (
        <li key={group.referrerId} data-testid="payout-referrer">
          <strong>{group.name}</strong> — {commissions(group.count)}, {formatMoney(group.amount)}
          <span className="admin-referrals__muted batch-payout__key">
            {group.pixKey ? `Chave PIX: ${group.pixKey.label}` : 'Sem chave PIX'}
          </span>
        </li>
      ))}
    </ul>
  );
}

function Payout({ onClose }: { onClose: () => void }) {
  // One batch per opening of the dialog, however often the button is pressed.
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  // What is shown is what is paid: no refetch under the admin's eyes.
  const preview = trpc.referrals.payoutPreview.useQuery(undefined, {
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    gcTime: 0,
  });
  const utils = trpc.useUtils();
  const pay = trpc.referrals.payBatch.useMutation({
    onSuccess: () => void utils.referrals.list.invalidate(),
  });
  const paying = useRef(false);

  if (pay.data) {
    return (
      <>
        <Alert tone="success">{pay.data.message}</Alert>
        <p>
          Pagas em {formatDate(pay.data.paidAt)}. Baixe o arquivo para o banco: uma linha por indicador, com a
          chave PIX e o valor.
        </p>
        <div className="dialog__footer">
          <Button variant="secondary" onClick={onClose}>
            Fechar
          </Button>
          <a className={buttonClass('primary')} href={pay.data.csvUrl} download>
            Baixar CSV para o banco
          </a>
        </div>
      </>
    );
  }
  if (preview.isPending) return <PageLoading />;
  if (preview.isError) return <Alert>{errorText(preview.error, COMMISSION_PAYOUT_MSG.loadFailed)}</Alert>;
  const data = preview.data.preview;
  const ids = data.payable.flatMap((group) => group.referralIds);

  return (
    <>
      {data.count === 0 ? (
        <p>{COMMISSION_PAYOUT_MSG.nothingDue}</p>
      ) : (
        <section aria-label="A pagar neste lote">
          <p data-testid="payout-summary">
            Pagar <strong>{formatMoney(data.total)}</strong> em <strong>{commissions(data.count)}</strong> a{' '}
            {data.payable.length} {data.payable.length === 1 ? 'indicador' : 'indicadores'}? Cada comissão
            fica marcada como paga hoje, por você; faça as transferências com o CSV que aparece em seguida.
          </p>
          <ReferrerList label="Indicadores a pagar" groups={data.payable} />
          {data.remaining > 0 && (
            <p className="admin-referrals__muted">
              Mais {commissions(data.remaining)} ficam para o próximo lote (até 100 por lote).
            </p>
          )}
        </section>
      )}
      {data.withoutKey.length > 0 && (
        <section aria-label="Sem chave PIX">
          <h3 className="batch-payout__apart">
            Sem chave PIX: não entram no lote ({data.withoutKey.length})
          </h3>
          <p className="admin-referrals__muted">
            O confrade informa a chave em Indicações, no Portal do Confrade.
          </p>
          <ReferrerList label="Indicadores sem chave PIX" groups={data.withoutKey} />
        </section>
      )}
      {pay.isError && <Alert>{errorText(pay.error, COMMISSION_PAYOUT_MSG.payFailed)}</Alert>}
      <div className="dialog__footer">
        <Button variant="secondary" onClick={onClose} disabled={pay.isPending}>
          Cancelar
        </Button>
        <Button
          disabled={data.count === 0 || pay.isError}
          loading={pay.isPending}
          loadingLabel="Pagando..."
          onClick={() => {
            if (paying.current) return;
            paying.current = true;
            pay.mutate(
              { idempotencyKey, referralIds: ids, total: data.total },
              { onSettled: () => (paying.current = false) },
            );
          }}
        >
          Confirmar pagamento de {formatMoney(data.total)}
        </Button>
      </div>
    </>
  );
}

export function BatchPayoutDialog({ onClose }: { onClose: () => void }) {
  return (
    <Dialog onClose={onClose} title="Pagar comissões em lote" size="lg">
      <Payout onClose={onClose} />
    </Dialog>
  );
}
