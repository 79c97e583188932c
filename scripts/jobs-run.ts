/**
 * `npm run jobs:run`: the scheduled jobs once, by hand, on DATA_DIR's database — memberships whose
 * period ended, overdue payment links and (when on in the settings) renewal reminders and the
 * automatic renewal pass — and one
 * reconciliation pass with the payment provider, then the messages they queued are handed to the
 * providers. Safe to run while the server runs and any
 * number of times: what was done is in the database, so nothing is sent twice.
 */
import { openCli } from '../src/server/cli';
import { runJobsByHand } from '../src/server/jobs';
import { runOnce } from '../src/server/messaging/outbox-worker/delivery';

const cli = openCli();
try {
  const result = await runJobsByHand(cli.services);
  const delivered = await runOnce(cli.services.outboxWorker);
  console.log(`Links de pagamento expirados: ${result.expiredLinks}`);
  console.log(`Assinaturas expiradas: ${result.expiredMembers}`);
  console.log(`Cancelamentos concluídos: ${result.cancelledMembers}`);
  console.log(
    result.reminders
      ? `Lembretes de renovação: ${result.reminders.sent} enviados, ${result.reminders.failed} com falha (tentados de novo na próxima execução)`
      : 'Lembretes de renovação: automáticos desligados nas configurações',
  );
  const renewal = result.automaticRenewal;
  console.log(
    renewal
      ? `Renovação automática: ${renewal.charged} cobrança(s) enviada(s) (${renewal.paid} paga(s), ${renewal.declined} recusada(s), ` +
          `${renewal.verifying} em verificação), ${renewal.notices + renewal.cardNotices} aviso(s), ${renewal.failed} com falha`
      : 'Renovação automática: desligada nas configurações',
  );
  const settled = result.reconciliation;
  console.log(
    settled
      ? `Conciliação com o provedor: ${settled.linksConfirmed + settled.chargesSettled} pagamento(s) confirmado(s), ` +
          `${settled.refundsCompleted} reembolso(s) concluído(s), ${settled.refundsReverted} reembolso(s) não concluído(s), ` +
          `${settled.cardsDeleted} cartão(ões) de cadastro anonimizado excluído(s) no provedor`
      : 'Conciliação com o provedor: não foi possível consultar o provedor agora (tentada de novo na próxima execução)',
  );
  console.log(
    `Mensagens entregues agora: ${delivered.sent} (${delivered.retrying} aguardando nova tentativa, ${delivered.failed} com falha)`,
  );
} finally {
  cli.close();
}
