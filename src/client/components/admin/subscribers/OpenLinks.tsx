/**
 * The subscriber's open links (still payable, or past their deadline and "em verificação" until the
 * provider answers), each with "Cancelar link" (ADR 029): anyone can create
 * a link for any e-mail, and the club voids the ones it does not want paid. The first click asks,
 * the second cancels at the provider; an answer the provider did not give keeps the link open
 * ("em verificação") and says so.
 */
import { useState } from 'react';
import { toast } from 'sonner';
import type { PaymentLinkDetails } from '../../../../shared/checkout-schemas';
import { formatDateTime, formatMoney } from '../../../../shared/format';
import { planLabel, VERIFYING_LABEL } from '../../../../shared/plans';
import { errorText } from '../../../lib/errors';
import { trpc } from '../../../lib/trpc';
import { Button } from '../../ui/Button';

const CANCEL_FAILED = 'Não foi possível cancelar o link';

function OpenLink({ link, subscriberId }: { link: PaymentLinkDetails; subscriberId: string }) {
  const [confirming, setConfirming] = useState(false);
  const utils = trpc.useUtils();
  const cancel = trpc.payments.cancelLink.useMutation({
    onSuccess: (answer) => {
      toast.success(answer.message);
      void utils.payments.openLinks.invalidate({ subscriberId });
    },
    onError: (error) => {
      const reason = errorText(error, CANCEL_FAILED);
      toast.error(CANCEL_FAILED, reason === CANCEL_FAILED ? undefined : { description: reason });
      setConfirming(false);
      void utils.payments.openLinks.invalidate({ subscriberId });
    },
  });
  const what = `${planLabel(link.planType)}, ${formatMoney(link.amount)}`;
  return (
    <li className="sub-open-link">
      <p>
        <strong>{what}</strong> —{' '}
        {link.verifying ? (
          // Past its deadline and the provider not asked yet: never "expirado" before it answers.
          <>
            prazo terminou em {formatDateTime(link.expiresAt)}: <strong>{VERIFYING_LABEL}</strong>
          </>
        ) : (
          <>válido até {formatDateTime(link.expiresAt)}</>
        )}
        <br />
        <span className="sub-open-link__who">
          {link.customerName} ({link.customerEmail})
        </span>
      </p>
      {confirming ? (
        <div className="sub-open-link__confirm" role="group" aria-label="Confirmar cancelamento do link">
          <p>Cancelar este link? Ninguém poderá mais pagá-lo.</p>
          <div className="sub-open-link__buttons">
            <Button
              size="sm"
              className="btn--danger"
              loading={cancel.isPending}
              loadingLabel="Cancelando..."
              onClick={() => cancel.mutate({ id: link.id })}
            >
              Confirmar cancelamento
            </Button>
            <Button
              variant="secondary"
              size="sm"
              disabled={cancel.isPending}
              onClick={() => setConfirming(false)}
            >
              Voltar
            </Button>
          </div>
        </div>
      ) : (
        <Button
          variant="secondary"
          size="sm"
          onClick={() => setConfirming(true)}
          aria-label={`Cancelar link: ${what}`}
        >
          Cancelar link
        </Button>
      )}
    </li>
  );
}

export function OpenLinks({ subscriberId }: { subscriberId: string }) {
  const open = trpc.payments.openLinks.useQuery({ subscriberId });
  const links = open.data?.paymentLinks ?? [];
  if (links.length === 0) return null;
  return (
    <div className="sub-open-links">
      <h4>Links em aberto</h4>
      <ul>
        {links.map((link) => (
          <OpenLink key={link.id} link={link} subscriberId={subscriberId} />
        ))}
      </ul>
    </div>
  );
}
