/**
 * The back office's WhatsApp screen (docs/product/back-office-and-member-area.md §2, §5, §7): the template editor's data, a message
 * to a subscriber or a typed phone, test sends rendered with a sample member, and the renewal
 * reminders button. Everything goes through the outbox (ADR 008): nothing here talks to a provider.
 */
import { digitsOf } from '../../shared/fields/rules';
import { formatDate, formatMoney } from '../../shared/format';
import {
  sampleTemplateVars,
  WHATSAPP_MSG,
  type EditableTemplateKey,
  type TemplatesResponse,
} from '../../shared/messaging-schemas';
import type { Channel } from '../../shared/notifications';
import { renderText } from '../../shared/template-text';
import { AppError } from '../lib/errors';
import type { ServiceDeps } from '../lib/deps';
import type { OutboxMessage, OutboxService } from './outbox';
import type { SettingsService } from '../settings/settings';
import type { SubscriberLifecycle } from '../membership/subscribers/lifecycle';
import type { SubscribersService } from '../membership/subscribers/subscribers';
import type { TemplatesService } from './templates';
import { DAY_MS } from '../../shared/sao-paulo-time';
import type { RemindersContext } from '../membership/renewal-reminders/context';
import { sendToAllExpiring, expiringRecipients } from '../membership/renewal-reminders/remind';

export interface TemplatesSave {
  messages?: Partial<Record<EditableTemplateKey, string>>;
  templates?: { key: EditableTemplateKey; channel: Channel; subject?: string | null; body: string }[];
}

/** What the WhatsApp screen is built from, by name. */
export type WhatsAppAdminDeps = ServiceDeps & {
  settings: SettingsService;
  templates: TemplatesService;
  outbox: OutboxService;
  subscribers: Pick<SubscribersService, 'getById'>;
  lifecycle: Pick<SubscriberLifecycle, 'record'>;
  reminders: RemindersContext;
};

/** The sample member the editor previews and test sends render with, renewing in 30 days. */
function sample({ env, clock, settings }: WhatsAppAdminDeps): Record<string, string> {
  const club = settings.get();
  return sampleTemplateVars({
    clubName: club.clubName,
    vipGroupLink: club.vipGroupLink,
    publicUrl: env.publicUrl,
    renewalAmount: formatMoney(club.priceRenewal),
    endDate: formatDate(new Date(clock.now().getTime() + 30 * DAY_MS)),
  });
}

function templatesAnswer(deps: WhatsAppAdminDeps): TemplatesResponse {
  const list = deps.templates.listEditable();
  const messages = Object.fromEntries(
    list.filter((item) => item.channel === 'whatsapp').map((item) => [item.key, item.body]),
  );
  return { success: true, messages, templates: list, sample: sample(deps) };
}

function queueText({ outbox }: WhatsAppAdminDeps, recipient: string, text: string): OutboxMessage {
  return outbox.enqueue({ channel: 'whatsapp', recipient, template: 'custom', vars: { message: text } });
}

/** `messages` are WhatsApp texts (the documented payload); `templates` may be either channel. */
function saveTemplates(deps: WhatsAppAdminDeps, input: TemplatesSave): TemplatesResponse {
  const items = [
    ...Object.entries(input.messages ?? {}).map(([key, body]) => ({
      key: key as EditableTemplateKey,
      channel: 'whatsapp' as const,
      body: body ?? '',
    })),
    ...(input.templates ?? []),
  ];
  deps.templates.save(items);
  return templatesAnswer(deps);
}

/**
 * A message typed by an admin. With a subscriber: to the phone given, else the one on file,
 * with the subscriber's `{{name}}`, `{{email}}` and `{{endDate}}` filled in, and a line in
 * their history.
 */
function send(
  deps: WhatsAppAdminDeps,
  input: { phone?: string; message: string; subscriberId?: string },
  adminId: string,
): OutboxMessage {
  const typed = digitsOf(input.phone ?? '');
  if (!input.subscriberId) return queueText(deps, typed, input.message);

  const subscriber = deps.subscribers.getById(input.subscriberId);
  if (!subscriber) throw new AppError('NOT_FOUND', 'Assinante não encontrado');
  const phone = typed || digitsOf(subscriber.phone);
  if (!phone) throw new AppError('BAD_REQUEST', WHATSAPP_MSG.phoneNotFound);
  const text = renderText(input.message, {
    clubName: deps.settings.get().clubName,
    name: subscriber.name,
    email: subscriber.email,
    endDate: subscriber.subscriptionEndDate ? formatDate(subscriber.subscriptionEndDate) : '',
  });
  const queued = queueText(deps, phone, text);
  deps.lifecycle.record({
    subscriberId: subscriber.id,
    event: 'message_sent',
    actor: { kind: 'admin', id: adminId },
    details: { channel: 'whatsapp', outboxId: queued.id },
  });
  return queued;
}

/** One template (as stored now) rendered with the sample member, to a test phone. */
function testMessage(deps: WhatsAppAdminDeps, messageType: EditableTemplateKey, testPhone: string) {
  return deps.outbox.enqueue({
    channel: 'whatsapp',
    recipient: testPhone,
    template: messageType,
    vars: sample(deps),
  });
}

/** A plain message proving the WhatsApp channel works end to end. */
function testChannel(deps: WhatsAppAdminDeps, phone: string): OutboxMessage {
  const { clubName } = deps.settings.get();
  return queueText(
    deps,
    phone,
    `Mensagem de teste da ${clubName}: se você recebeu, o envio por WhatsApp está funcionando. 🍷`,
  );
}

export function createWhatsAppAdmin(deps: WhatsAppAdminDeps) {
  return {
    templates: (): TemplatesResponse => templatesAnswer(deps),
    saveTemplates: (input: TemplatesSave): TemplatesResponse => saveTemplates(deps, input),
    send: (
      input: { phone?: string; message: string; subscriberId?: string },
      adminId: string,
    ): OutboxMessage => send(deps, input, adminId),
    testMessage: (messageType: EditableTemplateKey, testPhone: string): OutboxMessage =>
      testMessage(deps, messageType, testPhone),
    test: (phone: string): OutboxMessage => testChannel(deps, phone),
    renewalReminders: (adminId: string) => sendToAllExpiring(deps.reminders, adminId),
    renewalRecipients: () => expiringRecipients(deps.reminders),
  };
}
