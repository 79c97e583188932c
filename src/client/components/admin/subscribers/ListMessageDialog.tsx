/**
 * "Enviar mensagem" to everyone in the filtered list (ADR 046): the text (with `{{nome}}` for each
 * first name), how many receive it and by which proven contact, the first recipient's text, and
 * those without a proven contact listed apart, all before sending. The dialog makes one
 * idempotency key when it opens: a double click or a retry of the same send queues nothing again.
 */
import { keepPreviousData } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import {
  FIRST_NAME_PLACEHOLDER,
  LIST_MESSAGE_CHANNEL_LABELS,
  LIST_MESSAGE_TEXT_MAX,
  type ListMessageFilter,
} from '../../../../shared/batch-schemas';
import { errorText } from '../../../lib/errors';
import { trpc } from '../../../lib/trpc';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { TextAreaField } from '../../ui/TextField';

const PREVIEW_PAUSE_MS = 400;

function useSettled(value: string): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), PREVIEW_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [value]);
  return settled;
}

function Composer({ filter, onClose }: { filter: ListMessageFilter; onClose: () => void }) {
  // One send per opening of the dialog, however often the button is pressed.
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const [text, setText] = useState('');
  const settled = useSettled(text.trim());
  const preview = trpc.subscribers.previewListMessage.useQuery(
    { filter, message: settled },
    { placeholderData: keepPreviousData },
  );
  const send = trpc.subscribers.sendListMessage.useMutation();
  // The server sends once per key anyway; this spares the second request of a double click.
  const sending = useRef(false);
  const utils = trpc.useUtils();
  const data = preview.data;
  const done = send.data;

  if (done) {
    return (
      <>
        <p role="status">{done.message}</p>
        <div className="dialog__footer">
          <Button onClick={onClose}>Fechar</Button>
        </div>
      </>
    );
  }

  const canSend =
    !!data && !data.tooMany && data.reachable > 0 && text.trim() !== '' && settled === text.trim();
  return (
    <>
      <TextAreaField
        label="Mensagem"
        hint={`Escreva ${FIRST_NAME_PLACEHOLDER} para o primeiro nome de cada um.`}
        value={text}
        maxLength={LIST_MESSAGE_TEXT_MAX}
        rows={4}
        onChange={(event) => setText(event.target.value)}
        data-autofocus
      />
      {preview.isError && <Alert>{errorText(preview.error, 'Erro ao preparar o envio')}</Alert>}
      {data?.tooMany && <Alert>{data.tooMany}</Alert>}
      {data && !data.tooMany && (
        <section aria-label="Quem recebe" className="list-message__summary">
          <p>
            {data.total} assinante(s) nesta lista: <strong>{data.reachable} recebem</strong> (
            {data.byChannel.whatsapp} por {LIST_MESSAGE_CHANNEL_LABELS.whatsapp}, {data.byChannel.email} por{' '}
            {LIST_MESSAGE_CHANNEL_LABELS.email.toLowerCase()}).
          </p>
          {data.first && settled !== '' && (
            <figure className="list-message__preview">
              <figcaption>
                Prévia para {data.first.name} ({LIST_MESSAGE_CHANNEL_LABELS[data.first.channel]}):
              </figcaption>
              <blockquote>{data.first.text}</blockquote>
            </figure>
          )}
          {data.unreachable.length > 0 && (
            <>
              <h3 className="list-message__apart">
                Sem contato comprovado: não recebem ({data.unreachable.length})
              </h3>
              <ul className="plain-list" aria-label="Sem contato comprovado">
                {data.unreachable.map((row) => (
                  <li key={row.id}>
                    {row.name} <span className="muted">— {row.reason}</span>
                  </li>
                ))}
              </ul>
            </>
          )}
        </section>
      )}
      {send.isError && <Alert>{errorText(send.error, 'Erro ao enviar a mensagem')}</Alert>}
      <div className="dialog__footer">
        <Button variant="secondary" onClick={onClose} disabled={send.isPending}>
          Cancelar
        </Button>
        <Button
          disabled={!canSend}
          loading={send.isPending}
          loadingLabel="Enviando..."
          onClick={() => {
            if (sending.current) return;
            sending.current = true;
            send.mutate(
              { filter, message: text.trim(), idempotencyKey },
              {
                onSuccess: (answer) => {
                  toast.success(answer.message);
                  void utils.subscribers.history.invalidate();
                  void utils.subscribers.messages.invalidate();
                },
                onSettled: () => {
                  sending.current = false;
                },
              },
            );
          }}
        >
          Enviar para {data && !data.tooMany ? data.reachable : 0} assinante(s)
        </Button>
      </div>
    </>
  );
}

export function ListMessageDialog({
  open,
  filter,
  onClose,
}: {
  open: boolean;
  filter: ListMessageFilter;
  onClose: () => void;
}) {
  return (
    <Dialog open={open} onClose={onClose} title="Enviar mensagem para a lista" size="lg">
      <Composer filter={filter} onClose={onClose} />
    </Dialog>
  );
}
