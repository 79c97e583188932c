/**
 * The back office's WhatsApp screen (docs/product/back-office-and-member-area.md §2, §5, §7, §8): templates, messages to a subscriber
 * or a typed phone, test sends and renewal reminders. Every message is queued in the outbox.
 */
import {
  queuedResponse,
  reminderRecipientsResponse,
  remindersResponse,
  templatesResponse,
  templatesSaveInput,
  WHATSAPP_MSG,
  whatsappSendInput,
  whatsappTestInput,
  whatsappTestMessageInput,
} from '../../../shared/messaging-schemas';
import { SECURITY_MSG } from '../../../shared/security-schemas';
import type { OutboxMessage } from '../outbox';
import { defineOperation } from '../../operations/define';

const TAG = 'admin: whatsapp';

const queued = (message: OutboxMessage, text: string) => ({
  success: true as const,
  message: text,
  messageId: message.id,
  status: message.status,
});

export const whatsappOperations = {
  /** The editable templates (both channels), the WhatsApp texts by type, and the preview's sample. */
  messages: defineOperation({
    kind: 'query',
    access: 'admin',
    output: templatesResponse,
    run: ({ services }) => services.whatsappAdmin.templates(),
    rest: {
      method: 'GET',
      path: '/admin/whatsapp/messages',
      tag: TAG,
      summary: 'Modelos de mensagem (WhatsApp e e-mail) com os marcadores e o exemplo da pré-visualização',
    },
  }),

  saveMessages: defineOperation({
    kind: 'mutation',
    access: 'admin',
    // The texts every member receives, links included: the admin confirms their identity first.
    stepUp: true,
    input: templatesSaveInput,
    output: templatesResponse,
    run: ({ services }, input) => services.whatsappAdmin.saveTemplates(input),
    rest: {
      method: 'PUT',
      path: '/admin/whatsapp/messages',
      tag: TAG,
      summary: 'Salva modelos: `messages` (textos de WhatsApp por tipo) e/ou `templates` (qualquer canal)',
      errors: { 400: WHATSAPP_MSG.emptyMessage, 403: SECURITY_MSG.stepUpRequired },
    },
  }),

  send: defineOperation({
    kind: 'mutation',
    access: 'admin',
    input: whatsappSendInput,
    output: queuedResponse,
    run: ({ services, user }, input) =>
      queued(services.whatsappAdmin.send(input, user.id), WHATSAPP_MSG.queued),
    rest: {
      method: 'POST',
      path: '/admin/whatsapp/send',
      tag: TAG,
      summary: 'Envia uma mensagem por WhatsApp a um assinante (telefone do cadastro) ou a um telefone',
      errors: { 400: WHATSAPP_MSG.emptyMessage, 404: 'Assinante não encontrado' },
    },
  }),

  /** Who the renewal reminders would reach, said before sending (names, end dates, reminded today). */
  renewalRecipients: defineOperation({
    kind: 'query',
    access: 'admin',
    output: reminderRecipientsResponse,
    run({ services }) {
      const recipients = services.whatsappAdmin.renewalRecipients().map((recipient) => ({
        ...recipient,
        periodEnd: recipient.periodEnd.toISOString(),
      }));
      const skippedToday = recipients.filter((recipient) => recipient.remindedToday).length;
      return {
        success: true as const,
        recipients,
        toSend: recipients.length - skippedToday,
        skippedToday,
      };
    },
    rest: {
      method: 'GET',
      path: '/admin/whatsapp/renewal-reminders',
      tag: TAG,
      summary: 'Quem receberia o link de renovação agora (30 dias ou menos) e quem já recebeu hoje',
    },
  }),

  renewalReminders: defineOperation({
    kind: 'mutation',
    access: 'admin',
    output: remindersResponse,
    async run({ services, user }) {
      const result = await services.whatsappAdmin.renewalReminders(user.id);
      const skipped =
        result.skippedToday > 0 ? ` ${WHATSAPP_MSG.remindersSkippedToday(result.skippedToday)}` : '';
      return {
        success: true as const,
        message: `${WHATSAPP_MSG.remindersSent(result.sent)}${skipped}`,
        ...result,
      };
    },
    rest: {
      method: 'POST',
      path: '/admin/whatsapp/renewal-reminders',
      tag: TAG,
      summary: 'Envia o link de renovação a todos os confrades com 30 dias ou menos de assinatura',
      description:
        'Quem já recebeu um lembrete de renovação hoje (dia de São Paulo) é pulado e contado em ' +
        '`skippedToday`: um segundo clique ou uma nova tentativa não envia de novo.',
    },
  }),

  test: defineOperation({
    kind: 'mutation',
    access: 'admin',
    input: whatsappTestInput,
    output: queuedResponse,
    run: ({ services }, input) => queued(services.whatsappAdmin.test(input.phone), WHATSAPP_MSG.testQueued),
    rest: {
      method: 'POST',
      path: '/admin/whatsapp/test',
      tag: TAG,
      summary: 'Envia uma mensagem de teste simples a um telefone',
      errors: { 400: WHATSAPP_MSG.testPhoneRequired },
    },
  }),

  testMessage: defineOperation({
    kind: 'mutation',
    access: 'admin',
    input: whatsappTestMessageInput,
    output: queuedResponse,
    run: ({ services }, input) =>
      queued(services.whatsappAdmin.testMessage(input.messageType, input.testPhone), WHATSAPP_MSG.testQueued),
    rest: {
      method: 'POST',
      path: '/admin/whatsapp/test-message',
      tag: TAG,
      summary: 'Envia um modelo, preenchido com um confrade de exemplo, a um telefone de teste',
      errors: { 400: WHATSAPP_MSG.testPhoneRequired },
    },
  }),
};
