/**
 * What an admin does to one subscriber from the view modal (docs/product/back-office-and-member-area.md §2, docs/product/decisions.md §3.3, §3.5):
 * approve a paid member, ask for the cancellation (access to the end of the paid period), generate
 * a payment link (optionally sent by WhatsApp), cancel an open one, and send a WhatsApp message.
 */
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { formatDate, formatMoney } from '../../../../shared/format';
import {
  ADMIN_MESSAGE_LABELS,
  ADMIN_MESSAGE_MSG,
  ADMIN_MESSAGE_TEMPLATES,
  CUSTOM_MESSAGE_MAX,
  type AdminMessageTemplate,
} from '../../../../shared/subscriber-messages';
import { SUBSCRIBER_MSG, type SubscriberRecord } from '../../../../shared/subscriber-schemas';
import { errorText } from '../../../lib/errors';
import { trpc } from '../../../lib/trpc';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { TextAreaField } from '../../ui/TextField';
import { OpenLinks } from './OpenLinks';
import { FIELD_LIMITS } from '../../../../shared/fields/limits';

function failed(fallback: string, error: unknown) {
  const reason = errorText(error, fallback);
  toast.error(fallback, reason === fallback ? undefined : { description: reason });
}

function useRefresh(id: string) {
  const utils = trpc.useUtils();
  return () => {
    void utils.subscribers.get.invalidate({ id });
    void utils.subscribers.history.invalidate({ id });
    void utils.subscribers.list.invalidate();
    void utils.subscribers.access.invalidate({ id });
  };
}

export function ApproveAction({ subscriber }: { subscriber: SubscriberRecord }) {
  const approve = trpc.subscribers.approve.useMutation();
  const access = trpc.subscribers.access.useQuery({ id: subscriber.id });
  const refresh = useRefresh(subscriber.id);
  // docs/product/decisions.md §3.3: only a paid member waiting for the club (pending) and never approved.
  if (subscriber.status !== 'pending' || subscriber.approvedBy) return null;
  // ADR 027: a record naming an admin's e-mail is refused, and the screen says why before the click.
  const refusal = access.data?.approvalRefusal ?? null;
  const existing = access.data?.account ?? null;
  return (
    <section className="sub-action" aria-labelledby="approve-title">
      <h3 id="approve-title">Aprovação</h3>
      <p>
        Pagamento confirmado, aguardando a aprovação do clube.{' '}
        {existing
          ? `Este email já tem uma conta (${existing.email}): aprovar ativa o cadastro e avisa essa conta por email, sem link de acesso.`
          : 'Aprovar ativa o cadastro e cria a conta: o link para definir a senha vai só ao email do cadastro, e o WhatsApp recebe um aviso sem link.'}
      </p>
      {refusal && <Alert>{refusal}</Alert>}
      <Button
        loading={approve.isPending}
        loadingLabel="Aprovando..."
        disabled={refusal !== null || access.isPending}
        onClick={() => {
          approve.mutate(
            { id: subscriber.id },
            {
              onSuccess: (answer) => {
                toast.success(answer.message);
                refresh();
              },
              onError: (error) => failed(SUBSCRIBER_MSG.approveFailed, error),
            },
          );
        }}
      >
        Aprovar cadastro
      </Button>
    </section>
  );
}

export function CancelAction({ subscriber }: { subscriber: SubscriberRecord }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const cancel = trpc.subscribers.requestCancellation.useMutation();
  const refresh = useRefresh(subscriber.id);
  const end = subscriber.subscriptionEndDate ? formatDate(subscriber.subscriptionEndDate) : null;

  if (subscriber.cancelRequestedAt) {
    return (
      <section className="sub-action" aria-labelledby="cancel-title">
        <h3 id="cancel-title">Cancelamento</h3>
        <p>
          Cancelamento pedido em {formatDate(subscriber.cancelRequestedAt)}.{' '}
          {end
            ? `O acesso continua até ${end}; depois o cadastro passa a Cancelado.`
            : 'O cadastro passa a Cancelado no fim do período pago.'}
        </p>
      </section>
    );
  }
  if (subscriber.status !== 'active' && subscriber.status !== 'pending') return null;
  return (
    <section className="sub-action" aria-labelledby="cancel-title">
      <h3 id="cancel-title">Cancelamento</h3>
      <p>
        {end
          ? `Ao cancelar, o acesso continua até o fim do período pago (${end}); nada é cobrado depois disso.`
          : 'Ao cancelar, o acesso continua até o fim do período pago; nada é cobrado depois disso.'}
      </p>
      {!open ? (
        <Button variant="secondary" onClick={() => setOpen(true)}>
          Cancelar assinatura
        </Button>
      ) : (
        <form
          className="sub-form"
          onSubmit={(event) => {
            event.preventDefault();
            cancel.mutate(
              { id: subscriber.id, reason: reason.trim() || undefined },
              {
                onSuccess: (record) => {
                  toast.success(
                    record.subscriptionEndDate
                      ? `Cancelamento registrado. Acesso até ${formatDate(record.subscriptionEndDate)}.`
                      : 'Cancelamento registrado.',
                  );
                  setOpen(false);
                  refresh();
                },
                onError: (error) => failed('Erro ao cancelar assinatura', error),
              },
            );
          }}
        >
          <TextAreaField
            label="Motivo (opcional)"
            maxLength={FIELD_LIMITS.reason}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
          <div className="sub-form__actions">
            <Button variant="secondary" onClick={() => setOpen(false)}>
              Voltar
            </Button>
            <Button type="submit" loading={cancel.isPending} loadingLabel="Registrando...">
              Confirmar cancelamento
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}

export function PaymentLinkAction({ subscriber }: { subscriber: SubscriberRecord }) {
  const canRenew = Boolean(subscriber.approvedAt);
  const [planType, setPlanType] = useState<'annual' | 'renewal'>(canRenew ? 'renewal' : 'annual');
  const [sendWhatsApp, setSendWhatsApp] = useState(false);
  const [link, setLink] = useState<{ url: string; amount: number; whatsApp: boolean } | null>(null);
  const create = trpc.payments.createLinkForSubscriber.useMutation();
  const refresh = useRefresh(subscriber.id);
  const utils = trpc.useUtils();
  const urlId = useId();

  function generate() {
    if (sendWhatsApp && !subscriber.phone) {
      toast.error(SUBSCRIBER_MSG.phoneMissing);
      return;
    }
    const plan = canRenew ? planType : 'annual';
    create.mutate(
      { subscriberId: subscriber.id, planType: plan, sendWhatsApp },
      {
        onSuccess: (answer) => {
          setLink({
            url: answer.paymentLink.url,
            amount: answer.paymentLink.amount,
            whatsApp: answer.whatsAppQueued,
          });
          toast.success(
            answer.whatsAppQueued ? 'Link gerado e enviado por WhatsApp!' : 'Link de pagamento gerado!',
          );
          refresh();
          void utils.payments.openLinks.invalidate({ subscriberId: subscriber.id });
        },
        onError: (error) =>
          failed(plan === 'renewal' ? SUBSCRIBER_MSG.renewalLinkFailed : SUBSCRIBER_MSG.newLinkFailed, error),
      },
    );
  }

  async function copy(url: string) {
    try {
      await navigator.clipboard.writeText(url);
      toast.success('Link copiado para a área de transferência!');
    } catch {
      toast.error('Não foi possível copiar: selecione o link e copie.');
    }
  }

  return (
    <section className="sub-action" aria-labelledby="link-title">
      <h3 id="link-title">Link de pagamento</h3>
      <fieldset className="sub-choices">
        <legend>Plano</legend>
        <label className="checkbox">
          <input
            type="radio"
            name="planType"
            checked={planType === 'annual' || !canRenew}
            onChange={() => setPlanType('annual')}
          />
          <span>Nova assinatura (anual)</span>
        </label>
        <label className="checkbox">
          <input
            type="radio"
            name="planType"
            disabled={!canRenew}
            checked={canRenew && planType === 'renewal'}
            onChange={() => setPlanType('renewal')}
          />
          <span>Renovação{canRenew ? '' : ' (só para assinantes já aprovados)'}</span>
        </label>
      </fieldset>
      <label className="checkbox">
        <input
          type="checkbox"
          checked={sendWhatsApp}
          onChange={(event) => setSendWhatsApp(event.target.checked)}
        />
        <span>Enviar o link por WhatsApp</span>
      </label>
      <Button variant="secondary" loading={create.isPending} loadingLabel="Gerando..." onClick={generate}>
        Gerar link de pagamento
      </Button>
      {link && (
        <div className="sub-link">
          <label className="field__label" htmlFor={urlId}>
            Link gerado ({formatMoney(link.amount)}){link.whatsApp ? ' — enviado por WhatsApp' : ''}
          </label>
          <div className="sub-link__row">
            <input
              id={urlId}
              className="field__input"
              readOnly
              value={link.url}
              onFocus={(e) => e.target.select()}
            />
            <Button size="sm" onClick={() => void copy(link.url)}>
              Copiar link
            </Button>
          </div>
        </div>
      )}
      <OpenLinks subscriberId={subscriber.id} />
    </section>
  );
}

export function MessageAction({ subscriber }: { subscriber: SubscriberRecord }) {
  const [template, setTemplate] = useState<AdminMessageTemplate>('custom');
  const [text, setText] = useState('');
  const [textError, setTextError] = useState<string | undefined>();
  const send = trpc.subscribers.sendMessage.useMutation();
  const refresh = useRefresh(subscriber.id);

  function submit() {
    if (!(ADMIN_MESSAGE_TEMPLATES as readonly string[]).includes(template)) {
      toast.error(ADMIN_MESSAGE_MSG.invalidOption);
      return;
    }
    if (!subscriber.phone) {
      toast.error(SUBSCRIBER_MSG.phoneMissing);
      return;
    }
    if (template === 'custom' && !text.trim()) {
      setTextError(ADMIN_MESSAGE_MSG.empty);
      return;
    }
    setTextError(undefined);
    send.mutate(
      { subscriberId: subscriber.id, template, message: template === 'custom' ? text : undefined },
      {
        onSuccess: (answer) => {
          toast.success(answer.message);
          setText('');
          refresh();
        },
        onError: (error) => failed(ADMIN_MESSAGE_MSG.sendFailed, error),
      },
    );
  }

  return (
    <section className="sub-action" aria-labelledby="message-title">
      <h3 id="message-title">Mensagem por WhatsApp</h3>
      <form
        className="sub-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <fieldset className="sub-choices">
          <legend>Modelo</legend>
          {ADMIN_MESSAGE_TEMPLATES.map((key) => (
            <label key={key} className="checkbox">
              <input
                type="radio"
                name="template"
                value={key}
                checked={template === key}
                onChange={() => setTemplate(key)}
              />
              <span>{ADMIN_MESSAGE_LABELS[key]}</span>
            </label>
          ))}
        </fieldset>
        {template === 'custom' && (
          <TextAreaField
            label="Mensagem"
            maxLength={CUSTOM_MESSAGE_MAX}
            value={text}
            error={textError}
            onChange={(event) => setText(event.target.value)}
          />
        )}
        <div>
          <Button type="submit" variant="secondary" loading={send.isPending} loadingLabel="Enviando...">
            Enviar mensagem
          </Button>
        </div>
      </form>
    </section>
  );
}
