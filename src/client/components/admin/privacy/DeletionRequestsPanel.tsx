/**
 * The members' deletion requests (ADR 029): open ones by deadline, the deadline in São Paulo days
 * with the overdue ones marked, and "Concluir exclusão" behind a dialog that says what it does.
 */
import { useState } from 'react';
import { toast } from 'sonner';
import { formatDate, formatDateTime } from '../../../../shared/format';
import {
  deadlineText,
  PRIVACY_MSG,
  type DeletionRequestFilter,
  type DeletionRequestItem,
} from '../../../../shared/privacy-schemas';
import { errorText } from '../../../lib/errors';
import { trpc } from '../../../lib/trpc';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Pager } from '../../ui/DataTable';
import { EmptyState } from '../../ui/EmptyState';
import { Dialog } from '../../ui/Dialog';
import { PageLoading } from '../../ui/PageLoading';
import { Options } from '../../ui/Options';
import { SelectField } from '../../ui/TextField';
import { AdmTable } from '../AdmTable';

const FILTER_LABELS: Record<DeletionRequestFilter, string> = {
  open: 'Abertos',
  completed: 'Concluídos',
  all: 'Todos',
};
const DELETION_FILTERS = Object.keys(FILTER_LABELS) as DeletionRequestFilter[];

export function DeletionRequestsPanel({
  status,
  page,
  onChange,
}: {
  status: DeletionRequestFilter;
  page: number;
  onChange: (next: { status: DeletionRequestFilter; page: number }) => void;
}) {
  const list = trpc.privacy.deletionRequests.useQuery({ status, page }, { placeholderData: (last) => last });
  const [confirming, setConfirming] = useState<DeletionRequestItem | null>(null);

  return (
    <section className="card adm-card" aria-labelledby="deletion-requests-title">
      <h2 id="deletion-requests-title">Pedidos de exclusão de dados</h2>
      <p className="adm-card__intro">
        Pedidos feitos pelos confrades no Portal do Confrade. A LGPD dá ao clube 15 dias, contados do dia do
        pedido, para concluí-los. Concluir anonimiza os dados pessoais, encerra a conta e a assinatura (sem
        reembolso) e avisa o confrade por email; os pagamentos ficam guardados sem o nome.
      </p>
      <SelectField
        label="Mostrar"
        className="field__input adm-select"
        value={status}
        onChange={(event) => onChange({ status: event.target.value as DeletionRequestFilter, page: 1 })}
      >
        <Options values={DELETION_FILTERS} labels={FILTER_LABELS} />
      </SelectField>
      {list.isPending ? (
        <PageLoading />
      ) : list.isError ? (
        <Alert>{errorText(list.error, PRIVACY_MSG.loadFailed)}</Alert>
      ) : list.data.requests.length === 0 ? (
        <EmptyState>
          {status === 'open' ? 'Nenhum pedido de exclusão aberto.' : 'Nenhum pedido encontrado.'}
        </EmptyState>
      ) : (
        <>
          <AdmTable
            caption="Pedidos de exclusão de dados"
            columns={['Confrade', 'Pedido em', 'Prazo', 'Observações', 'Situação']}
          >
            {list.data.requests.map((request) => (
              <RequestRow key={request.id} request={request} onComplete={() => setConfirming(request)} />
            ))}
          </AdmTable>
          <Pager
            page={page}
            pages={list.data.pagination.pages}
            onPage={(next) => onChange({ status, page: next })}
            label="Paginação dos pedidos"
          />
        </>
      )}
      {confirming && <CompleteDialog request={confirming} onClose={() => setConfirming(null)} />}
    </section>
  );
}

function RequestRow({ request, onComplete }: { request: DeletionRequestItem; onComplete: () => void }) {
  const who = request.subscriber?.fullName ?? 'Registro excluído';
  return (
    <tr data-testid="deletion-request" className={request.overdue ? 'privacy-row--overdue' : undefined}>
      <td data-label="Confrade">
        <div>
          <div>{who}</div>
          {request.subscriber && <div className="adm-note">{request.subscriber.email}</div>}
        </div>
      </td>
      <td data-label="Pedido em">
        <div>{formatDateTime(request.requestedAt)}</div>
      </td>
      <td data-label="Prazo">
        <div>
          {formatDate(request.dueAt)}
          {request.status === 'open' && (
            <div className={request.overdue ? 'privacy-overdue' : 'adm-note'}>
              {request.overdue && <strong>Prazo vencido: </strong>}
              {deadlineText(request.daysLeft)}
            </div>
          )}
        </div>
      </td>
      <td data-label="Observações">
        <div>{request.reason ?? '—'}</div>
      </td>
      <td data-label="Situação">
        <div>
          {request.status === 'completed' ? (
            <>
              <span className="adm-badge adm-badge--ok">Concluído</span>
              {request.completedAt && (
                <div className="adm-note">
                  em {formatDateTime(request.completedAt)}
                  {request.completedBy ? ` por ${request.completedBy.name}` : ''}
                </div>
              )}
            </>
          ) : (
            <>
              {request.blocker && <div className="adm-error-text">{request.blocker}</div>}
              <Button
                size="sm"
                disabled={request.blocker !== null}
                onClick={onComplete}
                aria-label={`Concluir exclusão de ${who}`}
              >
                Concluir exclusão
              </Button>
            </>
          )}
        </div>
      </td>
    </tr>
  );
}

function CompleteDialog({ request, onClose }: { request: DeletionRequestItem; onClose: () => void }) {
  const utils = trpc.useUtils();
  const complete = trpc.privacy.completeDeletion.useMutation({
    onSuccess: async (answer) => {
      toast.success(answer.message);
      onClose();
      await Promise.all([utils.privacy.invalidate(), utils.subscribers.invalidate()]);
    },
  });
  return (
    <Dialog
      title="Concluir exclusão de dados"
      onClose={onClose}
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            Cancelar
          </Button>
          <Button
            loading={complete.isPending}
            loadingLabel="Excluindo..."
            onClick={() => complete.mutate({ id: request.id })}
          >
            Excluir dados
          </Button>
        </>
      }
    >
      <p>
        Excluir os dados pessoais de <strong>{request.subscriber?.fullName ?? 'este confrade'}</strong>? Esta
        ação não pode ser desfeita.
      </p>
      <ul>
        <li>Nome, email, telefone, CPF, endereço e demais dados do cadastro são apagados.</li>
        <li>A conta é encerrada: o confrade não consegue mais entrar.</li>
        <li>A assinatura termina hoje, sem reembolso do período restante.</li>
        <li>Os pagamentos ficam guardados pelo prazo legal, sem o nome do pagador.</li>
        <li>O confrade recebe um aviso no email cadastrado.</li>
      </ul>
      {complete.isError && <Alert>{errorText(complete.error, PRIVACY_MSG.completeFailed)}</Alert>}
    </Dialog>
  );
}
