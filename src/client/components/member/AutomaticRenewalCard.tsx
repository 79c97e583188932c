/**
 * "Renovação automática" in Minha Assinatura (ADR 052): the card, amount and next date, and a
 * switch whose label is the very sentence the member agrees to (sent back to turn it on). Off is
 * one click and takes effect at once; the server's answer is what the member reads.
 */
import { useId, useState } from 'react';
import {
  AUTOMATIC_RENEWAL_MSG,
  cardLabel,
  cardWithExpiry,
  type AutomaticRenewalView,
} from '../../../shared/automatic-renewal';
import { formatDate, formatLongDate, formatMoney } from '../../../shared/format';
import { errorText } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { Alert } from '../ui/Alert';

const SCREEN_MSG = {
  loadFailed: 'Erro ao carregar a renovação automática',
  changeFailed: 'Erro ao mudar a renovação automática',
} as const;

export function AutomaticRenewalCard() {
  const mine = trpc.automaticRenewal.mine.useQuery();
  return (
    <section className="card member-card" aria-labelledby="automatic-renewal-title">
      <h2 id="automatic-renewal-title">Renovação automática</h2>
      {mine.isPending ? (
        <p role="status">Carregando...</p>
      ) : mine.isError ? (
        <Alert>{errorText(mine.error, SCREEN_MSG.loadFailed)}</Alert>
      ) : (
        <AutomaticRenewalChoice view={mine.data} />
      )}
    </section>
  );
}

function AutomaticRenewalChoice({ view }: { view: AutomaticRenewalView }) {
  const utils = trpc.useUtils();
  const switchId = useId();
  const [message, setMessage] = useState<string | null>(null);
  const turnOn = trpc.automaticRenewal.turnOn.useMutation({
    onSuccess: (answer) => {
      setMessage(answer.message);
      utils.automaticRenewal.mine.setData(undefined, answer.view);
    },
    // A sentence that no longer matches (price, date or card changed): show the new one.
    onError: () => void utils.automaticRenewal.mine.invalidate(),
  });
  const turnOff = trpc.automaticRenewal.turnOff.useMutation({
    onSuccess: async (answer) => {
      setMessage(answer.message);
      await utils.automaticRenewal.mine.invalidate();
    },
  });
  const pending = turnOn.isPending || turnOff.isPending;
  const failed = turnOn.error ?? turnOff.error;
  // Off and not offered (club off, no card, not renewable): the reason instead of a switch.
  const offered = view.enabled || (view.unavailableReason === null && view.consentText !== null);

  function change(on: boolean) {
    setMessage(null);
    turnOn.reset();
    turnOff.reset();
    if (on && view.consentText) turnOn.mutate({ consentText: view.consentText });
    if (!on) turnOff.mutate();
  }

  return (
    <>
      {view.card && (
        <dl className="member-facts" data-testid="automatic-renewal-facts">
          <dt>Cartão</dt>
          <dd>{cardWithExpiry(view.card)}</dd>
          {view.amount !== null && (
            <>
              <dt>Valor</dt>
              <dd>{formatMoney(view.amount)}</dd>
            </>
          )}
          {view.nextChargeDate && (
            <>
              <dt>{view.nextRetryAt ? 'Nova tentativa' : 'Próxima cobrança'}</dt>
              <dd>{formatLongDate(view.nextChargeDate)}</dd>
            </>
          )}
        </dl>
      )}
      {view.card?.expiresBeforeRenewal && (
        <div className="member-warning" role="status">
          <p>{AUTOMATIC_RENEWAL_MSG.cardExpires(cardLabel(view.card))}</p>
        </div>
      )}
      {view.enabled && view.nextRetryAt && (
        <p>{AUTOMATIC_RENEWAL_MSG.retryOn(formatDate(view.nextRetryAt))}</p>
      )}
      {!view.available && <Alert tone="info">{AUTOMATIC_RENEWAL_MSG.clubOff}</Alert>}
      {offered ? (
        <label className="checkbox automatic-renewal__switch" htmlFor={switchId}>
          <input
            id={switchId}
            type="checkbox"
            role="switch"
            checked={view.enabled}
            disabled={pending}
            aria-busy={pending}
            onChange={(event) => change(event.target.checked)}
          />
          <span>{view.consentText ?? 'Renovar automaticamente todo ano'}</span>
        </label>
      ) : (
        view.available &&
        view.unavailableReason &&
        !view.card?.expiresBeforeRenewal && <Alert tone="info">{view.unavailableReason}</Alert>
      )}
      {view.enabled && view.consentAt && <p>Ligada por você em {formatDate(view.consentAt)}.</p>}
      {message && <Alert tone="success">{message}</Alert>}
      {failed && <Alert>{errorText(failed, SCREEN_MSG.changeFailed)}</Alert>}
    </>
  );
}
