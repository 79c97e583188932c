/**
 * Messages an admin sends a subscriber from the back office (docs/product/back-office-and-member-area.md §2 "Admin subscriber
 * management"): the stored templates welcome, payment reminder and renewal, or a custom text. One
 * schema for the view modal and the `subscribers.sendMessage` operation.
 */
import { z } from 'zod';
import './zod-config';
import { recordId } from './record-id';

export const ADMIN_MESSAGE_TEMPLATES = ['welcome', 'payment_reminder', 'renewal', 'custom'] as const;
export type AdminMessageTemplate = (typeof ADMIN_MESSAGE_TEMPLATES)[number];

export const ADMIN_MESSAGE_LABELS: Record<AdminMessageTemplate, string> = {
  welcome: 'Boas-vindas (link para definir a senha: por WhatsApp só se o número foi confirmado)',
  payment_reminder: 'Lembrete de pagamento (com link de pagamento)',
  renewal: 'Renovação (com link de renovação)',
  custom: 'Mensagem personalizada',
};

export const CUSTOM_MESSAGE_MAX = 1000;

export const ADMIN_MESSAGE_MSG = {
  empty: 'Mensagem não pode estar vazia',
  tooLong: `Mensagem muito longa (máximo ${CUSTOM_MESSAGE_MAX} caracteres)`,
  invalidOption: 'Opção inválida. Operação cancelada.',
  sent: 'Mensagem enviada para a fila do WhatsApp!',
  sendFailed: 'Erro ao enviar mensagem',
  welcomeNeedsApproval:
    'Aprove o cadastro antes de enviar as boas-vindas: o link de acesso só existe depois da aprovação.',
} as const;

export const sendMessageInput = z
  .object({
    subscriberId: recordId,
    template: z.enum(ADMIN_MESSAGE_TEMPLATES, { error: ADMIN_MESSAGE_MSG.invalidOption }),
    message: z.string().trim().max(CUSTOM_MESSAGE_MAX, ADMIN_MESSAGE_MSG.tooLong).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.template === 'custom' && !value.message) {
      ctx.addIssue({ code: 'custom', path: ['message'], message: ADMIN_MESSAGE_MSG.empty });
    }
  });
export type SendMessageInput = z.input<typeof sendMessageInput>;

export const sendMessageOutput = z.object({
  success: z.literal(true),
  message: z.string(),
  /** The outbox entry (WhatsApp), for the admin outbox screen. */
  outboxId: z.string(),
  /** The payment link sent with a reminder or renewal, when there is one. */
  paymentUrl: z.string().nullable(),
});
