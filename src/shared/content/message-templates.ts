/**
 * Default texts of every message the club sends, per channel. Placeholders are `{{name}}`.
 * Admins override them later from the back office; a missing override means the text below.
 */
import type { Channel, TemplateKey } from '../notifications';

export interface TemplateText {
  subject: string | null;
  body: string;
}

export const TEMPLATE_DEFAULTS: Record<TemplateKey, Record<Channel, TemplateText>> = {
  welcome: {
    email: {
      subject: 'Bem-vindo(a) à {{clubName}}!',
      body:
        'Olá, {{name}}!\n\nSeu cadastro na {{clubName}} foi aprovado. Para acessar o Portal do Confrade, ' +
        'defina sua senha pelo link abaixo (válido por 7 dias):\n\n{{setPasswordUrl}}\n\n' +
        'Seu login é o seu email: {{email}}\n\nSaúde!\n{{clubName}}',
    },
    whatsapp: {
      subject: null,
      body:
        'Olá, {{name}}! 🍷 Seu cadastro na {{clubName}} foi aprovado. Defina sua senha de acesso ao ' +
        'Portal do Confrade por este link (válido por 7 dias): {{setPasswordUrl}}',
    },
  },
  verify_email: {
    email: {
      subject: 'Confirme seu email - {{clubName}}',
      body:
        'Olá, {{name}}!\n\nPara confirmar que este email é seu, use o link abaixo (válido por 7 dias, ' +
        'uma única vez):\n\n{{verifyEmailUrl}}\n\nDepois da confirmação, seus pagamentos e seu cadastro ' +
        'feitos com este email aparecem no Portal do Confrade.\n\n' +
        'Se você não criou uma conta, ignore este email.\n\n{{clubName}}',
    },
    whatsapp: {
      subject: null,
      body: 'Olá, {{name}}! Confirme seu email na {{clubName}} por este link (válido por 7 dias): {{verifyEmailUrl}}',
    },
  },
  set_password: {
    email: {
      subject: 'Defina sua senha - {{clubName}}',
      body:
        'Olá, {{name}}!\n\nRecebemos um pedido para definir a senha da sua conta. Use o link abaixo ' +
        '(válido por 7 dias, uma única vez):\n\n{{setPasswordUrl}}\n\n' +
        'Se você não fez este pedido, ignore este email.\n\n{{clubName}}',
    },
    whatsapp: {
      subject: null,
      body: 'Olá, {{name}}! Defina sua senha da {{clubName}} por este link (válido por 7 dias): {{setPasswordUrl}}',
    },
  },
  payment_confirmed: {
    email: {
      subject: 'Pagamento confirmado - {{clubName}}',
      body:
        'Olá, {{name}}!\n\nRecebemos seu pagamento de {{amount}} ({{plan}}). Obrigado!\n\n' +
        'Entre no grupo VIP dos confrades: {{vipGroupLink}}\n\n' +
        'Sua assinatura é válida até {{endDate}}.\n\n' +
        'Seu recibo (para imprimir ou baixar em PDF): {{receiptUrl}}\n\nSaúde!\n{{clubName}}',
    },
    whatsapp: {
      subject: null,
      body: 'Olá, {{name}}! ✅ Pagamento de {{amount}} confirmado. Entre no grupo VIP: {{vipGroupLink}}',
    },
  },
  payment_reminder: {
    email: {
      subject: 'Lembrete de pagamento - {{clubName}}',
      body:
        'Olá, {{name}}!\n\nSeu pagamento de {{amount}} ainda está pendente. Conclua pelo link:\n\n' +
        '{{paymentUrl}}\n\n{{clubName}}',
    },
    whatsapp: {
      subject: null,
      body: 'Olá, {{name}}! Seu pagamento de {{amount}} está pendente. Conclua por aqui: {{paymentUrl}}',
    },
  },
  renewal: {
    email: {
      subject: 'Renove sua assinatura - {{clubName}}',
      body:
        'Olá, {{name}}!\n\nSua assinatura vence em {{endDate}}. Renove por {{amount}} pelo link:\n\n' +
        '{{paymentUrl}}\n\nSaúde!\n{{clubName}}',
    },
    whatsapp: {
      subject: null,
      body: 'Olá, {{name}}! 🍷 Sua assinatura da {{clubName}} vence em {{endDate}}. Renove por {{amount}}: {{paymentUrl}}',
    },
  },
  event: {
    email: {
      subject: '{{eventName}} - {{clubName}}',
      body: 'Olá, {{name}}!\n\n{{eventDetails}}\n\nSaúde!\n{{clubName}}',
    },
    whatsapp: {
      subject: null,
      body: 'Olá, {{name}}! 🍷 {{eventName}}: {{eventDetails}}',
    },
  },
  contact: {
    email: {
      subject: '[Contato] {{subject}}',
      body:
        'Nova mensagem pelo formulário de contato do site.\n\nNome: {{name}}\nEmail: {{email}}\n' +
        'Assunto: {{subject}}\n\n{{message}}',
    },
    whatsapp: {
      subject: null,
      body: 'Nova mensagem de contato de {{name}} ({{email}}): {{subject}}',
    },
  },
  profile_update_code: {
    email: {
      subject: 'Seu código para atualizar o cadastro - {{clubName}}',
      body:
        'Olá, {{name}}!\n\nSeu código para atualizar seus dados na {{clubName}} é:\n\n{{code}}\n\n' +
        'Ele vale por 10 minutos. Não compartilhe este código com ninguém.\n\n' +
        'Se você não pediu para atualizar seu cadastro, ignore esta mensagem.\n\n{{clubName}}',
    },
    whatsapp: {
      subject: null,
      body:
        'Olá, {{name}}! Seu código para atualizar o cadastro na {{clubName}} é {{code}} (vale por 10 minutos). ' +
        'Não compartilhe este código.',
    },
  },
  /** A text an admin writes for one subscriber in the back office (docs/product/back-office-and-member-area.md §2). */
  custom: {
    email: { subject: '{{subject}}', body: '{{message}}' },
    whatsapp: { subject: null, body: '{{message}}' },
  },
  /**
   * To every admin when the provider reports a charge disputed by the card holder (chargeback,
   * ADR 030): the money went back and the membership followed the refund rule.
   */
  chargeback_alert: {
    email: {
      subject: 'Contestação de pagamento (chargeback) - {{clubName}}',
      body:
        'O titular do cartão contestou junto ao banco o pagamento de {{name}} de {{amount}}, feito em {{paidDate}}. ' +
        'O valor foi devolvido a ele pelo provedor de pagamento em {{date}}.\n\n' +
        'Como num reembolso, o período pago por este pagamento foi retirado da assinatura e a comissão de indicação, cancelada.\n\n' +
        'Para contestar, responda à disputa no painel do Pagar.me dentro do prazo indicado lá. ' +
        'O pagamento aparece como "Contestado (chargeback)" em:\n{{paymentsUrl}}\n\n{{clubName}}',
    },
    whatsapp: {
      subject: null,
      body: 'Contestação (chargeback) do pagamento de {{name}} de {{amount}}. Veja em {{paymentsUrl}}',
    },
  },
  // Automatic annual renewal (docs/product/decisions.md §3.4). The card is named by
  // brand and last four only; {{manageUrl}} is "Minha Assinatura", where it is turned off in one click.
  automatic_renewal_notice: {
    email: {
      subject: 'Sua assinatura será renovada em {{chargeDate}} - {{clubName}}',
      body:
        'Olá, {{name}}!\n\nEm {{chargeDate}} vamos renovar sua assinatura automaticamente: {{amount}} no cartão {{card}}.\n\n' +
        'Se não quiser renovar, desligue a renovação automática em Minha Assinatura até a data:\n{{manageUrl}}\n\nSaúde!\n{{clubName}}',
    },
    whatsapp: {
      subject: null,
      body: 'Olá, {{name}}! 🍷 Em {{chargeDate}} sua assinatura da {{clubName}} será renovada automaticamente: {{amount}} no cartão {{card}}. Para desligar: {{manageUrl}}',
    },
  },
  automatic_renewal_card_expiring: {
    email: {
      subject: 'Atualize seu cartão para a renovação - {{clubName}}',
      body:
        'Olá, {{name}}!\n\nO cartão {{card}} vence em {{cardExpiry}}, antes da renovação automática da sua assinatura em {{chargeDate}}.\n\n' +
        'Pague a renovação com um cartão válido (ele passa a ser usado nas próximas) ou por PIX em Minha Assinatura:\n{{manageUrl}}\n\n{{clubName}}',
    },
    whatsapp: {
      subject: null,
      body: 'Olá, {{name}}! O cartão {{card}} vence antes da renovação automática de {{chargeDate}}. Atualize em {{manageUrl}}',
    },
  },
  automatic_renewal_failed: {
    email: {
      subject: 'Não conseguimos renovar sua assinatura - {{clubName}}',
      body:
        'Olá, {{name}}!\n\nA cobrança de {{amount}} no cartão {{card}} para renovar sua assinatura não foi aprovada ({{reason}}).\n\n' +
        '{{nextStep}}\n\nVocê pode renovar agora com outro cartão ou por PIX em Minha Assinatura:\n{{manageUrl}}\n\n{{clubName}}',
    },
    whatsapp: {
      subject: null,
      body: 'Olá, {{name}}! A renovação de {{amount}} no cartão {{card}} não foi aprovada. {{nextStep}} Renove com outro cartão ou PIX: {{manageUrl}}',
    },
  },
  automatic_renewal_off: {
    email: {
      subject: 'Renovação automática desligada - {{clubName}}',
      body:
        'Olá, {{name}}!\n\n{{who}} desligou a renovação automática da sua assinatura em {{date}}. Nenhuma cobrança automática será feita no cartão {{card}}.\n\n' +
        'Sua assinatura continua válida até {{endDate}}; para renovar, use Minha Assinatura:\n{{manageUrl}}\n\n{{clubName}}',
    },
    whatsapp: {
      subject: null,
      body: 'Olá, {{name}}! A renovação automática da sua assinatura foi desligada. Nenhuma cobrança automática será feita.',
    },
  },
  // LGPD requests (ADR 029). Neither names the member: the outbox keeps these texts.
  /** To every admin when a member asks for their data to be erased. */
  lgpd_request: {
    email: {
      subject: 'Novo pedido de exclusão de dados (LGPD) - {{clubName}}',
      body:
        'Um confrade pediu a exclusão dos seus dados pessoais pelo Portal do Confrade.\n\n' +
        'Prazo legal para concluir o pedido: {{dueDate}} (15 dias).\n\n' +
        'Veja os pedidos abertos e conclua este em:\n{{requestsUrl}}\n\n{{clubName}}',
    },
    whatsapp: {
      subject: null,
      body: 'Novo pedido de exclusão de dados (LGPD). Prazo: {{dueDate}}. Veja em {{requestsUrl}}',
    },
  },
  /** To the member, at the address on file before it is erased, when the request is completed. */
  lgpd_erased: {
    email: {
      subject: 'Seus dados foram excluídos - {{clubName}}',
      body:
        'Olá!\n\nConcluímos o seu pedido de exclusão de dados pessoais (LGPD), feito em {{requestDate}}.\n\n' +
        'Seus dados de cadastro foram anonimizados e sua conta foi encerrada: não é mais possível entrar com ela. ' +
        'Sua assinatura, se ainda estava em vigor, foi encerrada sem reembolso do período restante.\n\n' +
        'Os registros de pagamento são mantidos pelo prazo que a lei exige, sem o seu nome.\n\n' +
        'Se quiser voltar a fazer parte do clube, será um prazer: basta assinar de novo pelo site.\n\n{{clubName}}',
    },
    whatsapp: {
      subject: null,
      body: 'Concluímos o seu pedido de exclusão de dados (LGPD) na {{clubName}}. Sua conta foi encerrada.',
    },
  },
  // The owner's account (ADR 028): a notice of a change in the account's security (password,
  // two-factor, sign-in address). It carries no link that opens the account and no code.
  account_security: {
    email: {
      subject: 'Aviso de segurança da sua conta - {{clubName}}',
      body:
        // `notMe`: the "não fui eu" sentence with its one-time link (a secret), or an advice without one.
        'Olá, {{name}}!\n\n{{change}}\n\nQuando: {{when}}\n\n{{notMe}}\n\n{{clubName}}',
    },
    whatsapp: {
      subject: null,
      body: 'Olá, {{name}}! Aviso de segurança da {{clubName}}: {{change}} Se não foi você, fale com o clube.',
    },
  },

  // Proven contacts (ADR 027). Only `email_change_confirm` and `phone_proof_code` carry a secret, and
  // each goes only to the address or number it proves.
  /** The approval's notice: no link. WhatsApp and an account that already existed get this one. */
  access_ready: {
    email: {
      subject: 'Seu acesso está pronto - {{clubName}}',
      body:
        'Olá, {{name}}!\n\nSeu cadastro na {{clubName}} foi aprovado e o Portal do Confrade já está ' +
        'disponível para a conta deste email ({{email}}).\n\nEntre com seu email e sua senha. Se ainda ' +
        'não tem senha, ou não se lembra dela, use "Esqueci minha senha" na página de login: o link ' +
        'chega a este email.\n\nSaúde!\n{{clubName}}',
    },
    whatsapp: {
      subject: null,
      body:
        'Olá, {{name}}! 🍷 Seu cadastro na {{clubName}} foi aprovado: seu acesso está pronto, veja o ' +
        'seu e-mail. Por segurança, links de acesso só vão por email.',
    },
  },
  /** To the new address: the link that makes it the sign-in address. */
  email_change_confirm: {
    email: {
      subject: 'Confirme seu novo email - {{clubName}}',
      body:
        'Olá, {{name}}!\n\nPediram para que este email ({{email}}) passe a ser o email de acesso da ' +
        'sua conta na {{clubName}}. Para confirmar, use o link abaixo (válido por 48 horas, uma única ' +
        'vez):\n\n{{confirmUrl}}\n\nAté a confirmação, nada muda. Se você não pediu esta troca, ' +
        'ignore este email.\n\n{{clubName}}',
    },
    whatsapp: {
      subject: null,
      body: 'Olá, {{name}}! Confirme seu novo email na {{clubName}} pelo link enviado a ele.',
    },
  },
  /** To the current address when a change is asked for: no link that opens the account; `notMe` closes it. */
  email_change_requested: {
    email: {
      subject: 'Pedido de troca do seu email de acesso - {{clubName}}',
      body:
        'Olá, {{name}}!\n\nRecebemos um pedido, {{requester}}, para trocar o email do seu cadastro ' +
        'na {{clubName}} (o email com que você entra no Portal do Confrade) para {{newEmailMasked}}. ' +
        'A troca só vale depois que o novo endereço for ' +
        'confirmado pelo link enviado a ele; até lá, você continua entrando com este email.\n\n' +
        'Você também pode cancelar a troca em "Meu Perfil", no Portal do Confrade.\n\n' +
        '{{notMe}}\n\n{{clubName}}',
    },
    whatsapp: {
      subject: null,
      body: 'Olá, {{name}}! Pediram a troca do seu email de acesso na {{clubName}}. Veja o seu email.',
    },
  },
  /** To the previous address once the change took effect: no link. */
  email_changed: {
    email: {
      subject: 'Seu email de acesso foi trocado - {{clubName}}',
      body:
        'Olá, {{name}}!\n\nO email de acesso da sua conta na {{clubName}} agora é ' +
        '{{newEmailMasked}}, confirmado pelo link enviado a ele. As outras sessões da conta foram ' +
        'encerradas.\n\nSe não foi você, fale com o clube imediatamente.\n\n{{clubName}}',
    },
    whatsapp: {
      subject: null,
      body: 'Olá, {{name}}! O email de acesso da sua conta na {{clubName}} foi trocado.',
    },
  },
  /** The code that proves a WhatsApp number (sent only to that number). */
  phone_proof_code: {
    email: {
      subject: 'Seu código de confirmação - {{clubName}}',
      body: 'Olá, {{name}}!\n\nSeu código de confirmação na {{clubName}} é {{code}} (vale por 10 minutos).',
    },
    whatsapp: {
      subject: null,
      body:
        'Olá, {{name}}! Seu código para confirmar este WhatsApp na {{clubName}} é {{code}} (vale por ' +
        '10 minutos). Não compartilhe este código.',
    },
  },
};
