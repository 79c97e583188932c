/**
 * The back office's messaging (docs/product/back-office-and-member-area.md §2 "Admin WhatsApp templates", §5 "WhatsApp", §7, §8): the
 * editable templates with their placeholders and a sample member to preview them, the inputs of
 * the WhatsApp calls with the back office's messages (docs/product/back-office-and-member-area.md §7), and the shapes both transports answer.
 */
import { z } from 'zod';
import { FIELD_LIMITS } from './fields/limits';
import { phoneField, phoneMessage } from './fields/schemas';
import { CHANNELS, OUTBOX_STATUSES, type Channel, type TemplateKey } from './notifications';
import './zod-config';

export const WHATSAPP_MSG = {
  loadFailed: 'Erro ao carregar mensagens WhatsApp',
  saveFailed: 'Erro ao salvar mensagens',
  saved: 'Mensagens salvas com sucesso!',
  emptyMessage: 'Mensagem não pode estar vazia',
  testPhoneRequired: 'Digite um número de telefone para teste',
  phoneTooShort: 'Telefone deve ter pelo menos 10 dígitos',
  phoneTooLong: 'Telefone deve ter no máximo 15 dígitos',
  phoneNotFound: 'Telefone não encontrado para este assinante',
  subjectRequired: 'Assunto é obrigatório',
  sendFailed: (status: number) => `HTTP ${status}: Erro ao enviar mensagem`,
  queued: 'Mensagem enviada para a fila de envio.',
  testQueued: 'Mensagem de teste enviada para a fila de envio.',
  invalidType: 'Tipo de mensagem inválido',
  missingPlaceholder: (label: string, placeholder: string) =>
    `A mensagem "${label}" precisa conter {{${placeholder}}}`,
  remindersSent: (count: number) =>
    count === 1
      ? 'Lembrete de renovação enviado para 1 assinante.'
      : `Lembretes de renovação enviados para ${count} assinantes.`,
  // Skipped by a manual send: the same reminder already went out that day.
  remindersSkippedToday: (count: number) =>
    count === 1 ? '1 já recebeu hoje.' : `${count} já receberam hoje.`,
  remindersNone: 'Nenhum confrade com 30 dias ou menos de assinatura.',
  recipientsFailed: 'Erro ao carregar quem recebe os lembretes de renovação',
  remindersFailed: 'Erro ao enviar os lembretes de renovação',
  // A message sent to one typed number is a real message, not a test (ADR 033).
  phoneRequired: 'Digite o número de telefone',
} as const;

/** The templates an admin edits (docs/product/back-office-and-member-area.md §3), in the screen's order; each has both channels. */
export const EDITABLE_TEMPLATE_KEYS = [
  'welcome',
  'renewal',
  'event',
  'payment_confirmed',
  'payment_reminder',
] as const satisfies readonly TemplateKey[];
export type EditableTemplateKey = (typeof EDITABLE_TEMPLATE_KEYS)[number];

export const TEMPLATE_LABELS: Record<EditableTemplateKey, string> = {
  welcome: 'Boas-vindas',
  renewal: 'Renovação',
  event: 'Evento',
  payment_confirmed: 'Pagamento confirmado',
  payment_reminder: 'Lembrete de pagamento',
};

export const CHANNEL_LABELS: Record<Channel, string> = { email: 'E-mail', whatsapp: 'WhatsApp' };

/** What each placeholder stands for, as the editor lists them. */
export const PLACEHOLDER_LABELS: Record<string, string> = {
  name: 'nome do confrade',
  email: 'e-mail do confrade',
  clubName: 'nome do clube',
  amount: 'valor',
  endDate: 'fim da assinatura',
  plan: 'plano',
  paymentUrl: 'link de pagamento',
  setPasswordUrl: 'link para definir a senha',
  vipGroupLink: 'link do grupo VIP',
  receiptUrl: 'link do recibo',
  eventName: 'nome do evento',
  eventDetails: 'detalhes do evento',
};

/** The placeholders each template can use; `required` ones carry what the message is for. */
export const TEMPLATE_PLACEHOLDERS: Record<EditableTemplateKey, { available: string[]; required: string[] }> =
  {
    welcome: { available: ['name', 'email', 'setPasswordUrl', 'clubName'], required: ['setPasswordUrl'] },
    renewal: { available: ['name', 'endDate', 'amount', 'paymentUrl', 'clubName'], required: ['paymentUrl'] },
    event: { available: ['name', 'eventName', 'eventDetails', 'clubName'], required: [] },
    payment_confirmed: {
      available: ['name', 'amount', 'plan', 'endDate', 'vipGroupLink', 'receiptUrl', 'clubName'],
      required: [],
    },
    payment_reminder: { available: ['name', 'amount', 'paymentUrl', 'clubName'], required: ['paymentUrl'] },
  };

/**
 * The sample member every preview and test send uses. The set-password link of a test is a
 * placeholder: a real one signs its holder in.
 */
export function sampleTemplateVars(input: {
  clubName: string;
  vipGroupLink: string;
  publicUrl: string;
  renewalAmount: string;
  endDate: string;
}) {
  return {
    name: 'Mariana Costa',
    email: 'mariana@exemplo.com.br',
    clubName: input.clubName,
    amount: input.renewalAmount,
    endDate: input.endDate,
    plan: 'Renovação anual',
    paymentUrl: `${input.publicUrl}/checkout/payment-link-status/exemplo`,
    setPasswordUrl: `${input.publicUrl}/definir-senha?token=exemplo`,
    vipGroupLink: input.vipGroupLink,
    receiptUrl: `${input.publicUrl}/user/payments/exemplo/recibo`,
    eventName: 'Degustação de vinhos do Douro',
    eventDetails: 'Sábado, às 19h, na nossa adega. Confirme sua presença respondendo esta mensagem.',
  };
}

/** A phone as typed ("(11) 98765-4321", "+55 11 9…"): the shared phone rule (ADR 037), stored as digits. */
const phoneDigits = (emptyMessage: string) =>
  phoneField({
    required: emptyMessage,
    tooShort: WHATSAPP_MSG.phoneTooShort,
    tooLong: WHATSAPP_MSG.phoneTooLong,
  });

const message = z
  .string({ error: WHATSAPP_MSG.emptyMessage })
  .trim()
  .min(1, WHATSAPP_MSG.emptyMessage)
  .max(
    FIELD_LIMITS.messageText,
    `Mensagem muito longa: use no máximo ${FIELD_LIMITS.messageText} caracteres`,
  );

/** POST /admin/whatsapp/send: to a subscriber (their phone on file) or to a typed phone. */
export const whatsappSendInput = z
  .object({
    phone: z.string().max(FIELD_LIMITS.phoneTyped).optional(),
    message,
    subscriberId: z.string().max(64).optional(),
  })
  .superRefine((input, ctx) => {
    if (input.subscriberId) return;
    const problem = phoneMessage(input.phone ?? '', {
      required: WHATSAPP_MSG.phoneRequired,
      tooShort: WHATSAPP_MSG.phoneTooShort,
      tooLong: WHATSAPP_MSG.phoneTooLong,
    });
    if (problem) ctx.addIssue({ code: 'custom', path: ['phone'], message: problem });
  });
export type WhatsappSendInput = z.input<typeof whatsappSendInput>;

/** POST /admin/whatsapp/test-message: one template, rendered with the sample member. */
export const whatsappTestMessageInput = z.object({
  messageType: z.enum(EDITABLE_TEMPLATE_KEYS, { error: WHATSAPP_MSG.invalidType }),
  testPhone: phoneDigits(WHATSAPP_MSG.testPhoneRequired),
});

/** POST /admin/whatsapp/test: a plain test message to a typed phone. */
export const whatsappTestInput = z.object({ phone: phoneDigits(WHATSAPP_MSG.testPhoneRequired) });

const templateText = z.object({
  key: z.enum(EDITABLE_TEMPLATE_KEYS, { error: WHATSAPP_MSG.invalidType }),
  channel: z.enum(CHANNELS, { error: 'Canal inválido' }),
  subject: z
    .string()
    .trim()
    .max(
      FIELD_LIMITS.messageSubject,
      `Assunto muito longo: use no máximo ${FIELD_LIMITS.messageSubject} caracteres`,
    )
    .nullish(),
  body: message,
});
export type TemplateTextInput = z.input<typeof templateText>;

/**
 * PUT /admin/whatsapp/messages: `messages` (the WhatsApp texts by type, the documented payload)
 * and/or `templates` (any channel, with the e-mail's subject).
 */
export const templatesSaveInput = z.object({
  messages: z
    .partialRecord(z.enum(EDITABLE_TEMPLATE_KEYS), message, { error: WHATSAPP_MSG.invalidType })
    .optional(),
  templates: z
    .array(templateText)
    .max(EDITABLE_TEMPLATE_KEYS.length * CHANNELS.length)
    .optional(),
});

export const editableTemplate = z.object({
  key: z.enum(EDITABLE_TEMPLATE_KEYS),
  label: z.string(),
  channel: z.enum(CHANNELS),
  subject: z.string().nullable(),
  body: z.string(),
  isDefault: z.boolean(),
  defaultSubject: z.string().nullable(),
  defaultBody: z.string(),
  placeholders: z.array(z.string()),
  requiredPlaceholders: z.array(z.string()),
});
export type EditableTemplate = z.infer<typeof editableTemplate>;

export const templatesResponse = z.object({
  success: z.literal(true),
  /** The WhatsApp texts by type (the documented `messages`). */
  messages: z.record(z.string(), z.string()),
  templates: z.array(editableTemplate),
  /** The sample member the previews use. */
  sample: z.record(z.string(), z.string()),
});
export type TemplatesResponse = z.infer<typeof templatesResponse>;

export const queuedResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  messageId: z.string(),
  status: z.enum(OUTBOX_STATUSES),
});

export const remindersResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  sent: z.number().int(),
  failed: z.number().int(),
  /** Members skipped: they already received a renewal reminder today (São Paulo's day). */
  skippedToday: z.number().int(),
});

/** Who "Enviar lembretes de renovação" would reach, before sending. */
export const reminderRecipientsResponse = z.object({
  success: z.literal(true),
  recipients: z.array(
    z.object({
      subscriberId: z.string(),
      name: z.string(),
      /** End of the paid period (ISO). */
      periodEnd: z.string(),
      /** Has a WhatsApp number: gets the reminder there too. */
      whatsapp: z.boolean(),
      /** Already reminded today: skipped. */
      remindedToday: z.boolean(),
    }),
  ),
  /** How many the send would reach now, and how many it would skip. */
  toSend: z.number().int(),
  skippedToday: z.number().int(),
});
export type ReminderRecipientsResponse = z.infer<typeof reminderRecipientsResponse>;
