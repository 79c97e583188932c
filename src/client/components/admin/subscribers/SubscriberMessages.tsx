/**
 * "Mensagens" of a record's history (ADR 046): every message sent to this subscriber from the
 * back office, alone or with a list, as the outbox keeps it (links to a person only as their
 * placeholder), with its channel, address and delivery status.
 */
import { formatDateTime } from '../../../../shared/format';
import { LIST_MESSAGE_CHANNEL_LABELS } from '../../../../shared/batch-schemas';
import { errorText } from '../../../lib/errors';
import { trpc } from '../../../lib/trpc';
import { Alert } from '../../ui/Alert';

const STATUS_LABELS: Record<string, string> = {
  queued: 'na fila',
  sent: 'enviada',
  failed: 'falhou',
};

export function SubscriberMessages({ id }: { id: string }) {
  const messages = trpc.subscribers.messages.useQuery({ id });
  return (
    <section aria-labelledby="sub-messages-title">
      <h3 id="sub-messages-title">Mensagens</h3>
      {messages.isPending ? (
        <p role="status">Carregando mensagens...</p>
      ) : messages.isError ? (
        <Alert>{errorText(messages.error, 'Erro ao carregar as mensagens')}</Alert>
      ) : messages.data.length === 0 ? (
        <p>Nenhuma mensagem enviada.</p>
      ) : (
        <ol className="sub-history">
          {messages.data.map((message) => (
            <li key={message.id}>
              <span className="sub-history__when">{formatDateTime(message.createdAt)}</span>
              <span className="sub-history__what">{message.text}</span>
              <span className="sub-history__who">
                {LIST_MESSAGE_CHANNEL_LABELS[message.channel]} para {message.recipient}
                {message.toList ? ' (mensagem para uma lista)' : ''} —{' '}
                {STATUS_LABELS[message.status] ?? message.status}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
