/**
 * /admin/outbox ("Mensagens", DECISIONS §4): every e-mail and WhatsApp message the club sent or
 * tried to send — to whom, when, its status and last error — filtered by status and channel, with
 * a retry for failed ones. Links that sign someone in were replaced by a placeholder before the
 * message was stored (ADR 008), so nothing here can be used to become a member.
 */
import { useState } from 'react';
import { toast } from 'sonner';
import { formatDateTime } from '../../../../shared/format';
import { CHANNEL_LABELS } from '../../../../shared/messaging-schemas';
import { CHANNELS, OUTBOX_STATUSES, type Channel, type OutboxStatus } from '../../../../shared/notifications';
import { errorText } from '../../../lib/errors';
import { trpc } from '../../../lib/trpc';
import '../../../styles/admin-messaging.css';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { PageLoading } from '../../ui/PageLoading';

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
  // Added by the profile-update wizard (issue 12); unknown keys show as they are.
  profile_update_code: 'Código de atualização de cadastro',
  // LGPD requests (issue 21 §4).
  lgpd_request: 'Pedido de exclusão de dados (LGPD)',
  lgpd_erased: 'Dados excluídos (LGPD)',
  // The owner's account (ADR 028).
  account_security: 'Aviso de segurança da conta',
  // Proven contacts (ADR 027).
  access_ready: 'Acesso pronto (aviso)',
  email_change_confirm: 'Confirmar novo email',
  email_change_requested: 'Pedido de troca de email (aviso)',
  email_changed: 'Email de acesso trocado (aviso)',
  phone_proof_code: 'Código de confirmação do WhatsApp',
};

export function OutboxPage() {
  const [status, setStatus] = useState<OutboxStatus | ''>('');
  const [channel, setChannel] = useState<Channel | ''>('');
  const [page, setPage] = useState(1);
  const list = trpc.outbox.list.useQuery(
    { status: status || undefined, channel: channel || undefined, page, limit: PAGE_SIZE },
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
          <div className="field">
            <label className="field__label" htmlFor="outbox-status">
              Status
            </label>
            <select
              id="outbox-status"
              className="field__input adm-select"
              value={status}
              onChange={(event) => {
                setStatus(event.target.value as OutboxStatus | '');
                setPage(1);
              }}
            >
              <option value="">Todos</option>
              {OUTBOX_STATUSES.map((value) => (
                <option key={value} value={value}>
                  {OUTBOX_STATUS_LABELS[value]}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label className="field__label" htmlFor="outbox-channel">
              Canal
            </label>
            <select
              id="outbox-channel"
              className="field__input adm-select"
              value={channel}
              onChange={(event) => {
                setChannel(event.target.value as Channel | '');
                setPage(1);
              }}
            >
              <option value="">Todos</option>
              {CHANNELS.map((value) => (
                <option key={value} value={value}>
                  {CHANNEL_LABELS[value]}
                </option>
              ))}
            </select>
          </div>
        </div>

        {list.isPending ? (
          <PageLoading />
        ) : list.isError ? (
          <Alert>{errorText(list.error, 'Erro ao carregar mensagens')}</Alert>
        ) : list.data.items.length === 0 ? (
          <EmptyState>Nenhuma mensagem encontrada.</EmptyState>
        ) : (
          <>
            <table className="adm-table">
              <caption className="sr-only">
                Mensagens, página {list.data.page} de {Math.max(1, list.data.pages)}
              </caption>
              <thead>
                <tr>
                  <th scope="col">Data</th>
                  <th scope="col">Canal</th>
                  <th scope="col">Para</th>
                  <th scope="col">Mensagem</th>
                  <th scope="col">Status</th>
                  <th scope="col">Ações</th>
                </tr>
              </thead>
              <tbody>
                {list.data.items.map((message) => (
                  <tr key={message.id} data-testid="outbox-row">
                    <td data-label="Data">
                      <div>
                        {formatDateTime(message.createdAt)}
                        {message.sentAt && (
                          <div className="adm-note">Enviada {formatDateTime(message.sentAt)}</div>
                        )}
                      </div>
                    </td>
                    <td data-label="Canal">
                      <div>{CHANNEL_LABELS[message.channel]}</div>
                    </td>
                    <td data-label="Para">
                      <div>{message.recipient}</div>
                    </td>
                    <td data-label="Mensagem">
                      <div>
                        <details>
                          <summary>
                            {TEMPLATE_NAMES[message.template] ?? message.template}
                            {message.subject ? `: ${message.subject}` : ''}
                          </summary>
                          <pre>{message.body}</pre>
                        </details>
                      </div>
                    </td>
                    <td data-label="Status">
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
                    </td>
                    <td data-label="Ações">
                      <div>
                        {message.status === 'failed' ? (
                          <Button
                            size="sm"
                            variant="secondary"
                            loading={retry.isPending && retry.variables?.id === message.id}
                            loadingLabel="Reenviando..."
                            onClick={() => retry.mutate({ id: message.id })}
                            aria-label={`Reenviar mensagem para ${message.recipient}`}
                          >
                            Reenviar
                          </Button>
                        ) : (
                          <span className="adm-note">—</span>
                        )}
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            <nav className="adm-pager" aria-label="Paginação das mensagens">
              <span className="adm-note">
                {list.data.total} {list.data.total === 1 ? 'mensagem' : 'mensagens'} · página {list.data.page}{' '}
                de {Math.max(1, list.data.pages)}
              </span>
              <div className="adm-actions">
                <Button size="sm" variant="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                  Anterior
                </Button>
                <Button
                  size="sm"
                  variant="secondary"
                  disabled={page >= list.data.pages}
                  onClick={() => setPage(page + 1)}
                >
                  Próxima
                </Button>
              </div>
            </nav>
          </>
        )}
      </section>
    </div>
  );
}
