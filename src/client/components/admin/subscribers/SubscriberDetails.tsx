/**
 * View mode of the subscriber modal: every field of docs/product/back-office-and-member-area.md §3, the activity history, and the
 * actions (approve, cancel, payment link, message, edit, delete).
 */
import { SubscriberMessages } from './SubscriberMessages';
import { formatDate, formatDateTime, formatMoney } from '../../../../shared/format';
import { SUBSCRIBER_STATUS_LABELS } from '../../../../shared/plans';
import { GENDER_LABELS, SUBSCRIBER_MSG, type SubscriberRecord } from '../../../../shared/subscriber-schemas';
import { errorText } from '../../../lib/errors';
import { trpc } from '../../../lib/trpc';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { AccessSection } from './AccessSection';
import { AutomaticRenewalSection } from './AutomaticRenewalSection';
import { ProposedChanges } from './ProposedChanges';
import { ApproveAction, CancelAction, MessageAction, PaymentLinkAction } from './SubscriberActions';
import { formatCep, formatCpf, formatPhone } from './subscriber-form-values';
import { StatusBadge } from './StatusBadge';

const ACTOR_LABELS: Record<string, string> = {
  admin: 'Administrador',
  member: 'Assinante',
  system: 'Sistema',
  provider: 'Pagamento',
};

function Field({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <div className="sub-details__field">
      <dt>{label}</dt>
      <dd>{value ? value : '—'}</dd>
    </div>
  );
}

export function SubscriberDetails({
  id,
  onEdit,
  onDelete,
}: {
  id: string;
  onEdit: (record: SubscriberRecord) => void;
  onDelete: (record: SubscriberRecord) => void;
}) {
  const subscriber = trpc.subscribers.get.useQuery({ id });
  const history = trpc.subscribers.history.useQuery({ id });

  if (subscriber.isPending) return <p role="status">Carregando...</p>;
  if (subscriber.isError) return <Alert>{errorText(subscriber.error, SUBSCRIBER_MSG.notFound)}</Alert>;
  const s = subscriber.data;
  const address = [s.address, s.number, s.complement].filter(Boolean).join(', ');
  const cityLine = [s.neighborhood, s.city, s.state].filter(Boolean).join(' · ');

  return (
    <div className="sub-details">
      <div className="sub-details__top">
        <StatusBadge status={s.status} />
        {s.cancelRequestedAt && <span className="sub-badge sub-badge--warn">Cancelamento pedido</span>}
        <div className="sub-details__buttons">
          <Button size="sm" variant="secondary" onClick={() => onEdit(s)}>
            Editar
          </Button>
          <Button size="sm" variant="ghost" className="btn--danger-text" onClick={() => onDelete(s)}>
            Excluir
          </Button>
        </div>
      </div>

      <h3>Dados pessoais</h3>
      <dl className="sub-details__list">
        <Field label="Nome completo" value={s.fullName} />
        <Field label="Email" value={s.email} />
        <Field label="Telefone" value={s.phone ? formatPhone(s.phone) : null} />
        <Field label="CPF" value={s.cpf ? formatCpf(s.cpf) : null} />
        <Field
          label="Data de nascimento"
          value={s.birthDate ? formatDate(`${s.birthDate}T12:00:00Z`) : null}
        />
        <Field label="Gênero" value={s.gender ? GENDER_LABELS[s.gender] : null} />
        <Field label="Profissão" value={s.profession} />
        <Field label="Tamanho da camiseta" value={s.shirtSize} />
        <Field label="Preferência de vinho" value={s.winePreference} />
      </dl>

      <h3>Endereço</h3>
      <dl className="sub-details__list">
        <Field label="CEP" value={s.zipCode ? formatCep(s.zipCode) : null} />
        <Field label="Endereço" value={address} />
        <Field label="Bairro, cidade e estado" value={cityLine} />
      </dl>

      <h3>Assinatura</h3>
      <dl className="sub-details__list">
        <Field label="Status" value={SUBSCRIBER_STATUS_LABELS[s.status]} />
        <Field label="Pagamento" value={s.paymentStatus === 'paid' ? 'Pago' : 'Pendente'} />
        <Field label="Valor" value={formatMoney(s.subscriptionPrice)} />
        <Field label="Início" value={s.subscriptionStartDate ? formatDate(s.subscriptionStartDate) : null} />
        <Field label="Término" value={s.subscriptionEndDate ? formatDate(s.subscriptionEndDate) : null} />
        <Field label="Aprovado em" value={s.approvedAt ? formatDateTime(s.approvedAt) : null} />
        <Field label="Conta de acesso" value={s.hasAccount ? 'Sim' : 'Não'} />
        <Field label="Perfil completo" value={s.profileCompleted ? 'Sim' : 'Não'} />
        <Field label="Código de indicação" value={s.referralCode} />
        <Field label="Cadastrado em" value={formatDateTime(s.createdAt)} />
        <Field label="Atualizado em" value={formatDateTime(s.updatedAt)} />
        <Field label="Observações internas" value={s.adminNotes} />
      </dl>

      <AccessSection id={s.id} />

      <AutomaticRenewalSection id={s.id} />

      <ProposedChanges id={s.id} />

      <div className="sub-details__actions">
        <ApproveAction subscriber={s} />
        <CancelAction subscriber={s} />
        <PaymentLinkAction subscriber={s} />
        <MessageAction subscriber={s} />
      </div>

      <SubscriberMessages id={s.id} />

      <h3>Histórico</h3>
      {history.isPending ? (
        <p role="status">Carregando histórico...</p>
      ) : history.isError ? (
        <Alert>{errorText(history.error, 'Erro ao carregar o histórico')}</Alert>
      ) : history.data.length === 0 ? (
        <p>Nenhuma atividade registrada.</p>
      ) : (
        <ol className="sub-history">
          {[...history.data].reverse().map((entry) => (
            <li key={entry.id}>
              <span className="sub-history__when">{formatDateTime(entry.createdAt)}</span>
              <span className="sub-history__what">
                {entry.label}
                {entry.fromStatus && entry.toStatus && entry.fromStatus !== entry.toStatus && (
                  <>
                    {' '}
                    (
                    {SUBSCRIBER_STATUS_LABELS[entry.fromStatus as keyof typeof SUBSCRIBER_STATUS_LABELS] ??
                      entry.fromStatus}{' '}
                    →{' '}
                    {SUBSCRIBER_STATUS_LABELS[entry.toStatus as keyof typeof SUBSCRIBER_STATUS_LABELS] ??
                      entry.toStatus}
                    )
                  </>
                )}
              </span>
              <span className="sub-history__who">
                {entry.actorName ?? ACTOR_LABELS[entry.actorKind] ?? entry.actorKind}
                {entry.reason ? ` — ${entry.reason}` : ''}
              </span>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
