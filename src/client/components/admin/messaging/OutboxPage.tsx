/**
 * /admin/outbox ("Mensagens", docs/product/decisions.md §4): every e-mail and WhatsApp message the club sent or
 * tried to send — to whom, when, its status and last error — filtered by status and channel, with
 * a retry for failed ones. Links that sign someone in were replaced by a placeholder before the
 * message was stored (ADR 008), so nothing here can be used to become a member.
 */
import { toast } from 'sonner';
import { formatPhone, nationalPhoneDigits } from '../../../../shared/fields/rules';
import { formatDateTime } from '../../../../shared/format';
import { CHANNEL_LABELS } from '../../../../shared/messaging-schemas';
import { CHANNELS, OUTBOX_STATUSES, type OutboxStatus } from '../../../../shared/notifications';
import { errorText } from '../../../lib/errors';
import { nextListSearch, type OutboxSearch } from '../../../lib/list-search';
import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../../server/trpc/root';
import { trpc } from '../../../lib/trpc';
import '../../../styles/admin-messaging.css';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { BreakableEmail, DataTable, type Column } from '../../ui/DataTable';
import { FilterSelectField } from '../../ui/FilterSelectField';

const PAGE_SIZE = 20;

export const OUTBOX_STATUS_LABELS: Record<OutboxStatus, string> = {
  queued: 'Na fila',
  sent: 'Enviada',
  failed: 'Falhou',
};

const TEMPLATE_NAMES: Record<string, string> = {
  welcome: 'Boas-vindas',
  set_password: 'Definir senha',
  verify_email: 'Confirmar email',
  payment_confirmed: 'Pagamento confirmado',
  payment_reminder: 'Lembrete de pagamento',
  renewal: 'Renovação',
  event: 'Evento',
  contact: 'Contato do site',
  custom: 'Mensagem avulsa',
  // Added by the profile-update wizard; unknown keys show as they are.
  profile_update_code: 'Código de atualização de cadastro',
  // LGPD requests (ADR 029).
  lgpd_request: 'Pedido de exclusão de dados (LGPD)',
  lgpd_erased: 'Dados excluídos (LGPD)',
  // Disputes (ADR 030).
  chargeback_alert: 'Contestação de pagamento (chargeback)',
  // The owner's account (ADR 028).
  account_security: 'Aviso de segurança da conta',
  // Proven contacts (ADR 027).
  access_ready: 'Acesso pronto (aviso)',
  email_change_confirm: 'Confirmar novo email',
  email_change_requested: 'Pedido de troca de email (aviso)',
  email_changed: 'Email de acesso trocado (aviso)',
  phone_proof_code: 'Código de confirmação do WhatsApp',
};

export function OutboxPage({
  search: params,
  navigate,
}: {
  search: OutboxSearch;
  navigate: (next: OutboxSearch) => void;
}) {
  const page = params.page ?? 1;
  const update = (change: Partial<OutboxSearch>) => navigate(nextListSearch(params, change));
  const list = trpc.outbox.list.useQuery(
    { status: params.status, channel: params.channel, page, limit: PAGE_SIZE },
    { placeholderData: (previous) => previous, refetchInterval: 15_000 },
  );
  const utils = trpc.useUtils();
  const retry = trpc.outbox.retry.useMutation({
    onSuccess: () => {
      toast.success('Mensagem colocada de novo na fila de envio.');
      void utils.outbox.list.invalidate();
    },
    onError: (error) => toast.error(errorText(error, 'Erro ao reenviar mensagem')),
  });

  return (
    <div className="adm-stack">
      <section className="card adm-card" aria-labelledby="outbox-title">
        <h2 id="outbox-title">Mensagens enviadas</h2>
        <p className="adm-card__intro">
          E-mails e mensagens de WhatsApp do clube, das mais recentes às mais antigas. Uma mensagem com falha
          é tentada de novo automaticamente por algumas horas; depois disso, reenvie por aqui.
        </p>
        <div className="adm-filters">
          <FilterSelectField
            label="Status"
            className="field__input adm-select"
            value={params.status}
            values={OUTBOX_STATUSES}
            labels={OUTBOX_STATUS_LABELS}
            onFilter={(status) => update({ status })}
          />
          <FilterSelectField
            label="Canal"
            className="field__input adm-select"
            value={params.channel}
            values={CHANNELS}
            labels={CHANNEL_LABELS}
            onFilter={(channel) => update({ channel })}
          />
        </div>

        {list.isError ? (
          <Alert>{errorText(list.error, 'Erro ao carregar mensagens')}</Alert>
        ) : (
          <DataTable
            caption="Mensagens"
            columns={outboxColumns(retry)}
            rows={list.data?.items}
            rowKey={(message) => message.id}
            rowProps={() => ({ 'data-testid': 'outbox-row' })}
            loading={list.isPending}
            busy={list.isFetching}
            empty="Nenhuma mensagem encontrada."
            pagination={
              list.data && {
                page: list.data.page,
                pages: Math.max(1, list.data.pages),
                onPage: (next) => update({ page: next }),
                summary: `${list.data.total} ${list.data.total === 1 ? 'mensagem' : 'mensagens'}`,
              }
            }
            pagerLabel="Paginação das mensagens"
          />
        )}
      </section>
    </div>
  );
}

type OutboxItem = inferRouterOutputs<AppRouter>['outbox']['list']['items'][number];
interface Retry {
  isPending: boolean;
  variables?: { id: string };
  mutate: (input: { id: string }) => void;
}

/** A recipient as the back office shows it: an e-mail as is, a number as (11) 98765-4321. */
const recipientText = (recipient: string) =>
  recipient.includes('@') ? recipient : formatPhone(nationalPhoneDigits(recipient));

function outboxColumns(retry: Retry): Column<OutboxItem>[] {
  return [
    {
      key: 'date',
      header: 'Data',
      cell: (message) => (
        <div>
          {formatDateTime(message.createdAt)}
          {message.sentAt && <div className="adm-note">Enviada {formatDateTime(message.sentAt)}</div>}
        </div>
      ),
    },
    { key: 'channel', header: 'Canal', cell: (message) => CHANNEL_LABELS[message.channel] },
    {
      key: 'recipient',
      header: 'Para',
      // A number as everywhere else in the back office: (11) 98765-4321, not its raw digits.
      cell: (message) =>
        message.recipient.includes('@') ? (
          <BreakableEmail email={message.recipient} />
        ) : (
          recipientText(message.recipient)
        ),
    },
    {
      key: 'message',
      header: 'Mensagem',
      cell: (message) => (
        <details>
          <summary>
            {TEMPLATE_NAMES[message.template] ?? message.template}
            {message.subject ? `: ${message.subject}` : ''}
          </summary>
          <pre>{message.body}</pre>
        </details>
      ),
    },
    {
      key: 'status',
      header: 'Status',
      cell: (message) => (
        <div>
          <span className={`adm-badge adm-badge--${message.status}`}>
            {OUTBOX_STATUS_LABELS[message.status]}
          </span>
          {message.attempts > 0 && (
            <div className="adm-note">
              {message.attempts} {message.attempts === 1 ? 'tentativa' : 'tentativas'}
            </div>
          )}
          {message.lastError && message.status !== 'sent' && (
            <div className="adm-error-text">Erro: {message.lastError}</div>
          )}
        </div>
      ),
    },
    {
      key: 'actions',
      header: 'Ações',
      cell: (message) =>
        message.status === 'failed' ? (
          <Button
            size="sm"
            variant="secondary"
            loading={retry.isPending && retry.variables?.id === message.id}
            loadingLabel="Reenviando..."
            onClick={() => retry.mutate({ id: message.id })}
            aria-label={`Reenviar mensagem para ${recipientText(message.recipient)}`}
          >
            Reenviar
          </Button>
        ) : (
          <span className="adm-note">—</span>
        ),
    },
  ];
}
