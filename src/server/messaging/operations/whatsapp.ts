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
import { procedureFor } from '../../operations/procedure';

const TAG = ['admin: whatsapp'];

const queued = (message: OutboxMessage, text: string) => ({
  success: true as const,
  message: text,
  messageId: message.id,
  status: message.status,
});

export const whatsappProcedures = {
  /** The editable templates (both channels), the WhatsApp texts by type, and the preview's sample. */
  messages: procedureFor('admin')
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/whatsapp/messages',
        tags: TAG,
        summary: 'Modelos de mensagem (WhatsApp e e-mail) com os marcadores e o exemplo da pré-visualização',
      },
    })
    .output(templatesResponse)
    .query(({ ctx: { services } }) => services.whatsappAdmin.templates()),

  saveMessages: procedureFor('admin')
    .meta({
      // The texts every member receives, links included: the admin confirms their identity first.
      stepUp: true,
      openapi: {
        method: 'PUT',
        path: '/admin/whatsapp/messages',
        tags: TAG,
        summary: 'Salva modelos: `messages` (textos de WhatsApp por tipo) e/ou `templates` (qualquer canal)',
        errorResponses: { 400: WHATSAPP_MSG.emptyMessage, 403: SECURITY_MSG.stepUpRequired },
      },
    })
    .input(templatesSaveInput)
    .output(templatesResponse)
    .mutation(({ ctx: { services }, input }) => services.whatsappAdmin.saveTemplates(input)),

  send: procedureFor('admin')
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/whatsapp/send',
        tags: TAG,
        summary: 'Envia uma mensagem por WhatsApp a um assinante (telefone do cadastro) ou a um telefone',
        errorResponses: { 400: WHATSAPP_MSG.emptyMessage, 404: 'Assinante não encontrado' },
      },
    })
    .input(whatsappSendInput)
    .output(queuedResponse)
    .mutation(({ ctx: { services, user }, input }) =>
      queued(services.whatsappAdmin.send(input, user.id), WHATSAPP_MSG.queued),
    ),

  /** Who the renewal reminders would reach, said before sending (names, end dates, reminded today). */
  renewalRecipients: procedureFor('admin')
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/whatsapp/renewal-reminders',
        tags: TAG,
        summary: 'Quem receberia o link de renovação agora (30 dias ou menos) e quem já recebeu hoje',
      },
    })
    .output(reminderRecipientsResponse)
    .query(({ ctx: { services } }) => {
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
    }),

  renewalReminders: procedureFor('admin')
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/whatsapp/renewal-reminders',
        tags: TAG,
        summary: 'Envia o link de renovação a todos os confrades com 30 dias ou menos de assinatura',
        description:
          'Quem já recebeu um lembrete de renovação hoje (dia de São Paulo) é pulado e contado em ' +
          '`skippedToday`: um segundo clique ou uma nova tentativa não envia de novo.',
      },
    })
    .output(remindersResponse)
    .mutation(async ({ ctx: { services, user } }) => {
      const result = await services.whatsappAdmin.renewalReminders(user.id);
      const skipped =
        result.skippedToday > 0 ? ` ${WHATSAPP_MSG.remindersSkippedToday(result.skippedToday)}` : '';
      return {
        success: true as const,
        message: `${WHATSAPP_MSG.remindersSent(result.sent)}${skipped}`,
        ...result,
      };
    }),

  test: procedureFor('admin')
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/whatsapp/test',
        tags: TAG,
        summary: 'Envia uma mensagem de teste simples a um telefone',
        errorResponses: { 400: WHATSAPP_MSG.testPhoneRequired },
      },
    })
    .input(whatsappTestInput)
    .output(queuedResponse)
    .mutation(({ ctx: { services }, input }) =>
      queued(services.whatsappAdmin.test(input.phone), WHATSAPP_MSG.testQueued),
    ),

  testMessage: procedureFor('admin')
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/whatsapp/test-message',
        tags: TAG,
        summary: 'Envia um modelo, preenchido com um confrade de exemplo, a um telefone de teste',
        errorResponses: { 400: WHATSAPP_MSG.testPhoneRequired },
      },
    })
    .input(whatsappTestMessageInput)
    .output(queuedResponse)
    .mutation(({ ctx: { services }, input }) =>
      queued(services.whatsappAdmin.testMessage(input.messageType, input.testPhone), WHATSAPP_MSG.testQueued),
    ),
};
