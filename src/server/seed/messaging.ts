/**
 * Demo messaging: edited templates (an event invitation, a warmer renewal text) and outbox history
 * the "Mensagens" screen can show — a delivered WhatsApp and e-mail, and a failed WhatsApp an admin
 * can retry. Messages are found again by recipient and template, so a second run adds nothing.
 */
import { and, eq } from 'drizzle-orm';
import { outbox } from '../db/schema';
import type { Services } from '../services';
import { HOUR_MS } from '../../shared/sao-paulo-time';
import type { SeedModule } from './types';

export const DEMO_TEMPLATES = [
  {
    key: 'event',
    channel: 'whatsapp',
    body: 'Olá, {{name}}! 🍷 Convite da {{clubName}}: {{eventName}}. {{eventDetails}} Responda SIM para reservar seu lugar.',
  },
  {
    key: 'event',
    channel: 'email',
    subject: 'Convite: {{eventName}}',
    body: 'Olá, {{name}}!\n\nVocê está convidado(a) para {{eventName}}.\n\n{{eventDetails}}\n\nResponda este email para reservar seu lugar.\n\nSaúde!\n{{clubName}}',
  },
  {
    key: 'renewal',
    channel: 'whatsapp',
    body: 'Olá, {{name}}! 🍷 Sua confraria continua com você: a assinatura vence em {{endDate}}. Renove por {{amount}} neste link: {{paymentUrl}}',
  },
] as const;

interface DemoMessage {
  channel: 'email' | 'whatsapp';
  recipient: string;
  template: 'custom' | 'event';
  vars: Record<string, string>;
  outcome: 'sent' | 'failed';
  hoursAgo: number;
  error?: string;
}

const DEMO_MESSAGES: DemoMessage[] = [
  {
    channel: 'whatsapp',
    recipient: '11987654321',
    template: 'event',
    vars: {
      name: 'Mariana Costa',
      eventName: 'Degustação de vinhos do Douro',
      eventDetails: 'Sábado, às 19h, na nossa adega.',
    },
    outcome: 'sent',
    hoursAgo: 30,
  },
  {
    channel: 'email',
    recipient: 'mariana@confraria.local',
    template: 'event',
    vars: {
      name: 'Mariana Costa',
      eventName: 'Degustação de vinhos do Douro',
      eventDetails: 'Sábado, às 19h, na nossa adega. Vagas limitadas a 20 confrades.',
    },
    outcome: 'sent',
    hoursAgo: 30,
  },
  {
    channel: 'whatsapp',
    recipient: '21900000000',
    template: 'custom',
    vars: { message: 'Olá! Sua caixa de vinhos de novembro saiu para entrega hoje. 🍷' },
    outcome: 'failed',
    hoursAgo: 6,
    error: 'Cloud API 400: (#131026) Message undeliverable: o número não está no WhatsApp',
  },
];

function seedTemplates(services: Services): number {
  const current = services.templates.listEditable();
  const pending = DEMO_TEMPLATES.filter((demo) => {
    const stored = current.find((t) => t.key === demo.key && t.channel === demo.channel);
    return stored?.isDefault;
  });
  if (pending.length > 0) services.templates.save(pending.map((demo) => ({ subject: null, ...demo })));
  return pending.length;
}

function seedMessages(services: Services): number {
  const { db, clock } = services;
  let created = 0;
  for (const demo of DEMO_MESSAGES) {
    const exists = db
      .select({ id: outbox.id })
      .from(outbox)
      .where(and(eq(outbox.recipient, demo.recipient), eq(outbox.template, demo.template)))
      .get();
    if (exists) continue;
    const message = services.outbox.enqueue({
      channel: demo.channel,
      recipient: demo.recipient,
      template: demo.template,
      vars: demo.vars,
    });
    const at = new Date(clock.now().getTime() - demo.hoursAgo * HOUR_MS);
    // Written as the worker would have left them, at a time in the past.
    db.update(outbox)
      .set(
        demo.outcome === 'sent'
          ? { status: 'sent', attempts: 1, sentAt: at, createdAt: at, updatedAt: at, nextAttemptAt: at }
          : {
              status: 'failed',
              attempts: 10,
              lastError: demo.error ?? null,
              createdAt: at,
              updatedAt: new Date(at.getTime() + 3 * HOUR_MS),
              nextAttemptAt: new Date(at.getTime() + 3 * HOUR_MS),
            },
      )
      .where(eq(outbox.id, message.id))
      .run();
    created++;
  }
  return created;
}

export const messagingSeed: SeedModule = {
  name: 'mensagens',
  run(services, ctx) {
    const templates = seedTemplates(services);
    const messages = seedMessages(services);
    ctx.report(
      `modelos de mensagem: ${templates} editados, ${DEMO_TEMPLATES.length - templates} já existiam; ` +
        `mensagens enviadas e com falha: ${messages} criadas, ${DEMO_MESSAGES.length - messages} já existiam`,
    );
  },
};
