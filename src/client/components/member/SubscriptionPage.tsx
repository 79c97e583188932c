import { useState } from 'react';
import { formatDate, formatMoney } from '../../../shared/format';
import { MEMBER_MSG, MEMBER_RENEWAL_MSG, type MemberSubscription } from '../../../shared/member-schemas';
import { errorText } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';
import { useRefreshMember } from './member-data';
import { MemberGate } from './MemberGate';
import { ReasonConfirmForm } from './ReasonConfirmForm';
import { RenewalWarning } from './RenewalWarning';
import { AutomaticRenewalCard } from './AutomaticRenewalCard';
import { RenewalConsentBox } from './RenewalConsentBox';
import { FIELD_LIMITS } from '../../../shared/fields/limits';

const date = (value: string | null) => (value ? formatDate(value) : '—');

/** "Assinatura": the real membership (docs/product/decisions.md §4), renewal link, cancellation (docs/product/decisions.md §3.5). */
export function SubscriptionPage() {
  return (
    <section className="member-section member-stack" aria-labelledby="member-section-title">
      <h1 id="member-section-title">Assinatura</h1>
      <MemberGate>{(subscription) => <SubscriptionDetails subscription={subscription} />}</MemberGate>
    </section>
  );
}

function SubscriptionDetails({ subscription }: { subscription: MemberSubscription }) {
  return (
    <>
      <RenewalWarning subscription={subscription} />
      {subscription.renewedAt && subscription.subscriptionEndDate && (
        <Alert tone="success">
          {MEMBER_RENEWAL_MSG.thanks(formatDate(subscription.subscriptionEndDate))}
        </Alert>
      )}
      {subscription.cancelRequestedAt && subscription.subscriptionEndDate && (
        <div className="member-warning" role="status">
          <p>
            <strong>Cancelamento solicitado.</strong> Seu acesso continua até{' '}
            {formatDate(subscription.subscriptionEndDate)}; depois disso a assinatura será encerrada.
          </p>
        </div>
      )}
      <div className="card member-card">
        <h2>Minha assinatura</h2>
        <dl className="member-facts">
          <dt>Status</dt>
          <dd data-testid="subscription-status">{subscription.statusLabel}</dd>
          <dt>Plano</dt>
          <dd>{subscription.planLabel}</dd>
          {subscription.pricePaid !== null && (
            <>
              <dt>Valor pago</dt>
              <dd>{formatMoney(subscription.pricePaid)}</dd>
            </>
          )}
          <dt>Início</dt>
          <dd data-testid="subscription-start">{date(subscription.subscriptionStartDate)}</dd>
          <dt>Término</dt>
          <dd data-testid="subscription-end">{date(subscription.subscriptionEndDate)}</dd>
          <dt>Dias restantes</dt>
          <dd data-testid="subscription-days-left">{subscription.daysLeft ?? '—'}</dd>
        </dl>
      </div>
      {subscription.canRenew && <RenewCard subscription={subscription} />}
      <AutomaticRenewalCard />
      {(subscription.canCancel || subscription.canWithdrawCancellation) && (
        <CancelCard subscription={subscription} />
      )}
    </>
  );
}

/** The renewal (or first payment) offer: also what the files page shows a member whose access ended. */
export function RenewCard({ subscription }: { subscription: MemberSubscription }) {
  const utils = trpc.useUtils();
  // Automatic renewal ticked at this checkout: the sentence the box showed (null: not ticked).
  const [consent, setConsent] = useState<string | null>(null);
  const renew = trpc.member.renew.useMutation({
    // The provider's page: the member pays there and comes back through the tracking page.
    onSuccess: (link) => window.location.assign(link.url),
    // A sentence that no longer matches (price or date changed, club switch off): read it again.
    onError: () => {
      setConsent(null);
      void utils.automaticRenewal.mine.invalidate();
    },
  });
  const renewal = subscription.renewalPlan === 'renewal';
  return (
    <div className="card member-card">
      <h2>{renewal ? 'Renovar assinatura' : 'Pagar assinatura'}</h2>
      <p>
        {renewal
          ? `Renovação anual por ${formatMoney(subscription.renewalPrice)}: mais 365 dias somados ao seu período atual.`
          : `Assinatura anual por ${formatMoney(subscription.renewalPrice)}.`}
      </p>
      {renewal && (
        <RenewalConsentBox checked={consent !== null} disabled={renew.isPending} onChange={setConsent} />
      )}
      {renew.isError && <Alert>{errorText(renew.error, MEMBER_MSG.renewFailed)}</Alert>}
      <div className="member-actions">
        <Button
          loading={renew.isPending}
          loadingLabel="Gerando link..."
          onClick={() => renew.mutate(consent ? { automaticRenewal: true, consentText: consent } : undefined)}
        >
          {renewal ? 'Renovar agora' : 'Pagar agora'}
        </Button>
      </div>
    </div>
  );
}

function CancelCard({ subscription }: { subscription: MemberSubscription }) {
  const refresh = useRefreshMember();
  const [confirming, setConfirming] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const cancel = trpc.member.cancel.useMutation({
    onSuccess: async (answer) => {
      setDone(answer.message);
      setConfirming(false);
      await refresh();
    },
  });
  const withdraw = trpc.member.withdrawCancellation.useMutation({
    onSuccess: async (answer) => {
      setDone(answer.message);
      await refresh();
    },
  });
  const end = subscription.subscriptionEndDate ? formatDate(subscription.subscriptionEndDate) : null;
  const failed = cancel.error ?? withdraw.error;

  return (
    <div className="card member-card">
      <h2>Cancelar assinatura</h2>
      {done && <Alert tone="success">{done}</Alert>}
      {failed && <Alert>{errorText(failed, MEMBER_MSG.cancelFailed)}</Alert>}
      {subscription.canWithdrawCancellation ? (
        <>
          <p>
            Você pediu o cancelamento. {end ? `Seu acesso termina em ${end}.` : ''} Mudou de ideia? Você pode
            desfazer o cancelamento até lá.
          </p>
          <div className="member-actions">
            <Button
              variant="secondary"
              loading={withdraw.isPending}
              loadingLabel="Desfazendo..."
              onClick={() => withdraw.mutate()}
            >
              Desfazer cancelamento
            </Button>
          </div>
        </>
      ) : confirming ? (
        <ReasonConfirmForm
          reasonLabel="Motivo (opcional)"
          reasonMaxLength={FIELD_LIMITS.reason}
          confirmLabel="Confirmar cancelamento"
          pendingLabel="Cancelando..."
          pending={cancel.isPending}
          onConfirm={(reason) => cancel.mutate({ reason })}
          onBack={() => setConfirming(false)}
        >
          <p>
            <strong>
              {end
                ? `Seu acesso continua até ${end}, o fim do período pago.`
                : 'Seu acesso continua até o fim do período pago.'}
            </strong>{' '}
            Não há reembolso proporcional. Depois dessa data a assinatura fica cancelada.
          </p>
        </ReasonConfirmForm>
      ) : (
        <>
          <p>
            Cancele quando quiser: seu acesso continua até o fim do período já pago{end ? ` (${end})` : ''}.
          </p>
          <div className="member-actions">
            <Button variant="secondary" onClick={() => setConfirming(true)}>
              Cancelar assinatura
            </Button>
          </div>
        </>
      )}
    </div>
  );
}
