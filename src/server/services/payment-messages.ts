/** Messages of the payment services (Portuguese, shown to people or in the API's answers). */
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
} as const;
