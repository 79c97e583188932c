/**
 * The subscriber record's automatic renewal (ADR 052): whether it renews by itself, the card on
 * file, the consent, every attempt with its state and the notices the member was sent (which,
 * for which period, when, by which channel). An admin may turn it off, after confirming, never on.
 */
import { useState } from 'react';
import { toast } from 'sonner';
import {
  cardWithExpiry,
  RENEWAL_ATTEMPT_LABELS,
  RENEWAL_NOTICE_CHANNEL_LABELS,
  RENEWAL_NOTICE_LABELS,
  type AutomaticRenewalAdminView,
} from '../../../../shared/automatic-renewal';
import { formatDate, formatDateTime, formatMoney } from '../../../../shared/format';
import { errorText } from '../../../lib/errors';
import { trpc } from '../../../lib/trpc';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';

const DISABLED_BY = {
  member: 'pelo assinante',
  admin: 'pela administração',
  system: 'pelo sistema',
} as const;

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div className="sub-details__field">
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

function statusText(view: AutomaticRenewalAdminView): string {
  if (view.enabled) return view.consentAt ? `Sim, ligada em ${formatDateTime(view.consentAt)}` : 'Sim';
  if (view.disabledAt && view.disabledBy)
    return `Não, desligada ${DISABLED_BY[view.disabledBy]} em ${formatDateTime(view.disabledAt)}`;
  return 'Não';
}

export function AutomaticRenewalSection({ id }: { id: string }) {
  const renewal = trpc.automaticRenewal.ofSubscriber.useQuery({ subscriberId: id });
  return (
    <section aria-labelledby="automatic-renewal-title">
      <h3 id="automatic-renewal-title">Renovação automática</h3>
      {renewal.isPending ? (
        <p role="status">Carregando renovação automática...</p>
      ) : renewal.isError ? (
        <Alert>{errorText(renewal.error, 'Erro ao carregar a renovação automática')}</Alert>
      ) : (
        <AutomaticRenewalRecord id={id} view={renewal.data} />
      )}
    </section>
  );
}

function AutomaticRenewalRecord({ id, view }: { id: string; view: AutomaticRenewalAdminView }) {
  return (
    <>
      <dl className="sub-details__list" data-testid="automatic-renewal-record">
        <Fact label="Renova automaticamente" value={statusText(view)} />
        <Fact label="Cartão" value={view.card ? cardWithExpiry(view.card) : 'Nenhum cartão guardado'} />
        {view.enabled && view.nextChargeDate && view.amount !== null && (
          <Fact
            label={view.nextRetryAt ? 'Nova tentativa' : 'Próxima cobrança'}
            value={`${formatMoney(view.amount)} em ${formatDate(view.nextChargeDate)}`}
          />
        )}
        {view.enabled && view.consentText && <Fact label="Texto aceito" value={view.consentText} />}
      </dl>
      {view.attempts.length > 0 && <Attempts view={view} />}
      {view.notices.length > 0 && <Notices view={view} />}
      {view.enabled && <TurnOffAction id={id} />}
    </>
  );
}

function Attempts({ view }: { view: AutomaticRenewalAdminView }) {
  return (
    <div className="sub-table-wrap">
      <table className="sub-report" aria-label="Tentativas de cobrança automática">
        <thead>
          <tr>
            <th scope="col">Data</th>
            <th scope="col">Tentativa</th>
            <th scope="col">Período até</th>
            <th scope="col">Valor</th>
            <th scope="col">Situação</th>
          </tr>
        </thead>
        <tbody>
          {view.attempts.map((attempt) => (
            <tr key={attempt.paymentId}>
              <td>{formatDateTime(attempt.createdAt)}</td>
              <td>{attempt.attempt === 1 ? 'Cobrança' : `${attempt.attempt - 1}ª nova tentativa`}</td>
              <td>{formatDate(attempt.periodEnd)}</td>
              <td>{formatMoney(attempt.amount)}</td>
              <td>
                {RENEWAL_ATTEMPT_LABELS[attempt.state]}
                {attempt.failureReason ? ` — ${attempt.failureReason}` : ''}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Notices({ view }: { view: AutomaticRenewalAdminView }) {
  return (
    <>
      <h4 id="automatic-renewal-notices">Avisos enviados</h4>
      <div className="sub-table-wrap">
        <table className="sub-report" aria-labelledby="automatic-renewal-notices">
          <thead>
            <tr>
              <th scope="col">Enviado em</th>
              <th scope="col">Aviso</th>
              <th scope="col">Período até</th>
              <th scope="col">Canal</th>
            </tr>
          </thead>
          <tbody>
            {view.notices.map((notice, index) => (
              <tr key={`${notice.sentAt}-${notice.kind}-${index}`}>
                <td>{formatDate(notice.sentAt)}</td>
                <td>{RENEWAL_NOTICE_LABELS[notice.kind]}</td>
                <td>{notice.periodEnd ? formatDate(notice.periodEnd) : '—'}</td>
                <td>
                  {notice.channels.map((channel) => RENEWAL_NOTICE_CHANNEL_LABELS[channel]).join(' e ')}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

function TurnOffAction({ id }: { id: string }) {
  const utils = trpc.useUtils();
  const [confirming, setConfirming] = useState(false);
  const turnOff = trpc.automaticRenewal.turnOffForSubscriber.useMutation({
    onSuccess: (answer) => {
      toast.success(answer.message);
      setConfirming(false);
      void utils.automaticRenewal.ofSubscriber.invalidate({ subscriberId: id });
      void utils.subscribers.history.invalidate({ id });
    },
  });
  if (!confirming) {
    return (
      <Button variant="secondary" onClick={() => setConfirming(true)}>
        Desligar renovação automática
      </Button>
    );
  }
  return (
    <div className="sub-action" role="group" aria-labelledby="automatic-renewal-confirm">
      <p id="automatic-renewal-confirm">
        Desligar a renovação automática deste assinante? Nenhuma cobrança automática será feita e ele é
        avisado por email. Só o próprio assinante pode ligá-la de novo.
      </p>
      {turnOff.error && <Alert>{errorText(turnOff.error, 'Erro ao desligar a renovação automática')}</Alert>}
      <div className="sub-details__buttons">
        <Button
          variant="secondary"
          className="btn--danger-text"
          loading={turnOff.isPending}
          loadingLabel="Desligando..."
          onClick={() => turnOff.mutate({ subscriberId: id })}
        >
          Confirmar desligamento
        </Button>
        <Button variant="ghost" onClick={() => setConfirming(false)}>
          Voltar
        </Button>
      </div>
    </div>
  );
}
