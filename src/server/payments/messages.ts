/** Messages of the payment services (Portuguese, shown to people or in the API's answers). */
import { formatMoney } from '../../shared/format';

export const PAYMENT_MSG = {
  webhookUnauthorized: 'Webhook não autorizado',
  webhookNotConfigured: 'Webhook não configurado para este provedor',
  webhookInvalid: 'Webhook inválido',
  webhookFailed: 'Não foi possível processar o webhook. Tente novamente.',
  webhookNotYet: 'O provedor ainda não confirma este evento. Tente novamente mais tarde.',
  notPaidYet: 'Pagamento ainda não confirmado',
  refundOnlyPaid: 'Apenas pagamentos pagos podem ser reembolsados',
  refundFailed: 'Erro ao processar reembolso',
  refundReasonRequired: 'Motivo do reembolso é obrigatório',
  refundedByProvider: 'Reembolso registrado pelo provedor de pagamento',
  refundInProgress: 'O reembolso deste pagamento já está em processamento.',
  sandboxOnly: 'Disponível apenas no ambiente de testes',
  processing: 'Pagamento em processamento',
  attemptInProgress: 'Este pagamento já está em processamento. Aguarde a confirmação.',
  attemptRefunded: 'Este pagamento foi reembolsado. Inicie um novo pagamento.',
  welcomeAfterApproval:
    'Cadastro aguardando aprovação: as credenciais de acesso serão enviadas por email após a aprovação.',
  welcomeNoAccount: 'Assinante sem conta de acesso: as credenciais serão enviadas na aprovação.',
  welcomeLinkPending:
    'As credenciais de acesso já foram enviadas por email: use o link recebido para definir sua senha.',
  // Attempts, lost answers and extra charges (ADR 030).
  verifying:
    'Pagamento em verificação: o provedor de pagamento ainda não respondeu. Não pague de novo: esta página mostra o resultado assim que ele chegar.',
  verifyingHeldBack:
    'Pagamento em verificação: você já tem um pagamento aguardando a resposta do provedor de pagamento, e nada foi cobrado agora. Não pague de novo: esta página mostra o resultado assim que ele chegar.',
  verifyingForPerson:
    'Há um pagamento em verificação para este e-mail ou CPF: nada foi cobrado agora. Não pague de novo; aguarde a resposta do provedor de pagamento e, se ele não confirmar o pagamento, tente mais tarde.',
  verifyingGaveUp:
    'O provedor de pagamento não registrou esta cobrança: nenhum valor foi cobrado. Tente novamente.',
  underpaid: (received: number, due: number) =>
    `Valor pago menor que o devido: recebidos ${formatMoney(received)} de ${formatMoney(due)}. O valor recebido será devolvido.`,
  refundReverted:
    'O provedor não concluiu o reembolso e a cobrança continua paga. Tente reembolsar novamente.',
  refundExtraOnly: 'Este pagamento não é uma cobrança duplicada nem um valor recebido a menor.',
  duplicateRefundReason: 'Cobrança duplicada',
  underpaidRefundReason: 'Valor recebido a menor',
  // Refunds and disputes (ADR 030).
  overpaidRefundReason: 'Valor recebido a mais',
  cancelledLinkRefundReason: 'Pago em link cancelado pelo clube',
  // The owner keeps an extra charge as the club's money (docs/decisions/054-month-close.md).
  keepExtraOnly: 'Só uma cobrança extra (duplicada ou com valor diferente do devido) pode ser mantida.',
  keepExtraRefunded: 'Esta cobrança extra já foi reembolsada e não pode ser mantida.',
  keepExtraUnpaid: 'Esta cobrança extra não está paga e não pode ser mantida.',
  keepExtraChanged:
    'Esta cobrança extra mudou enquanto você decidia (reembolso pedido ou concluído): ela não foi mantida.',
  chargebackReason: 'Contestação (chargeback) junto ao banco do cartão',
} as const;
