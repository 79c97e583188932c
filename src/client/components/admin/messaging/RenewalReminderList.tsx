/**
 * "Enviar lembretes de renovação" (the WhatsApp screen, and the dashboard's "Enviar renovação para N
 * confrade(s)"): who will receive the renewal link and how many, before anything is sent; members
 * already reminded today are listed as skipped, and the server skips them again whatever the
 * clicks (two tabs, a retry). Sending asks once more, naming the count.
 */
import { useState } from 'react';
import { formatDate } from '../../../../shared/format';
import { WHATSAPP_MSG } from '../../../../shared/messaging-schemas';
import { errorText } from '../../../lib/errors';
import { trpc } from '../../../lib/trpc';
import '../../../styles/admin-messaging.css';
import { Alert } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { LoadFailed } from '../../ui/LoadFailed';
import { PageLoading } from '../../ui/PageLoading';
import { AdmTable } from '../AdmTable';

const confrades = (count: number) => (count === 1 ? '1 confrade' : `${count} confrades`);

export function RenewalReminderList() {
  const utils = trpc.useUtils();
  const recipients = trpc.whatsapp.renewalRecipients.useQuery();
  const send = trpc.whatsapp.renewalReminders.useMutation();
  const [confirming, setConfirming] = useState(false);
  const [result, setResult] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  if (recipients.isPending) return <PageLoading />;
  if (recipients.isError) {
    return (
      <LoadFailed
        className="adm-stack"
        message={errorText(recipients.error, WHATSAPP_MSG.recipientsFailed)}
        retrying={recipients.isFetching}
        onRetry={() => void recipients.refetch()}
      />
    );
  }
  const { recipients: list, toSend, skippedToday } = recipients.data;

  async function run() {
    setResult(null);
    try {
      const answer = await send.mutateAsync();
      const failed = answer.failed > 0 ? ` ${answer.failed} não puderam ser gerados agora.` : '';
      setResult({ tone: 'success', text: `${answer.message}${failed}` });
    } catch (error) {
      setResult({ tone: 'error', text: errorText(error, WHATSAPP_MSG.remindersFailed) });
    } finally {
      setConfirming(false);
      await utils.whatsapp.renewalRecipients.invalidate();
    }
  }

  return (
    <div className="adm-stack">
      {list.length === 0 ? (
        <p>{WHATSAPP_MSG.remindersNone}</p>
      ) : (
        <>
          <p role="status">
            {toSend > 0
              ? `O lembrete vai para ${confrades(toSend)}, por e-mail e, quem tem telefone, por WhatsApp.`
              : 'Nenhum lembrete a enviar agora.'}
            {skippedToday > 0 && ` ${WHATSAPP_MSG.remindersSkippedToday(skippedToday)}`}
          </p>
          <AdmTable
            caption="Confrades com 30 dias ou menos de assinatura"
            columns={['Confrade', 'Vencimento', 'Envio']}
          >
            {list.map((recipient) => (
              <tr key={recipient.subscriberId}>
                <td data-label="Confrade">{recipient.name}</td>
                <td data-label="Vencimento">{formatDate(recipient.periodEnd)}</td>
                <td data-label="Envio">
                  {recipient.remindedToday
                    ? 'Já recebeu hoje'
                    : recipient.whatsapp
                      ? 'E-mail e WhatsApp'
                      : 'E-mail'}
                </td>
              </tr>
            ))}
          </AdmTable>
        </>
      )}
      {result && <Alert tone={result.tone}>{result.text}</Alert>}
      {toSend > 0 &&
        (confirming ? (
          <div className="adm-actions" role="group" aria-label="Confirmar envio">
            <p>Enviar o link de renovação para {confrades(toSend)} agora?</p>
            <Button onClick={() => void run()} loading={send.isPending} loadingLabel="Enviando...">
              Confirmar envio para {confrades(toSend)}
            </Button>
            <Button variant="secondary" disabled={send.isPending} onClick={() => setConfirming(false)}>
              Voltar
            </Button>
          </div>
        ) : (
          <div>
            <Button onClick={() => setConfirming(true)}>Enviar lembretes para {confrades(toSend)}</Button>
          </div>
        ))}
    </div>
  );
}
