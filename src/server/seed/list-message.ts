/**
 * Demo of a message to a list (ADR 046): the admin wrote to every active member about the
 * year-end tasting. Those with a proven contact received it (Helena on her confirmed WhatsApp, the
 * others with a confirmed sign-in e-mail); it is in Mensagens (the outbox) and in each record's
 * "Mensagens". The send's fixed key makes a second seed a replay that queues nothing.
 */
import type { SeedModule } from './types';

const DEMO_KEY = 'demo-degustacao-fim-de-ano';

export const listMessageSeed: SeedModule = {
  name: 'list-message',
  run(services, ctx) {
    const admin = ctx.users.admin;
    if (!admin) return;
    const answer = services.listMessages.send(
      {
        filter: { status: 'active', search: '', sortBy: 'fullName', sortOrder: 'asc' },
        message:
          'Olá, {{nome}}! A degustação de fim de ano será no dia 12/12, às 19h. Confirme sua presença.',
        idempotencyKey: DEMO_KEY,
      },
      admin.id,
    );
    ctx.report(
      answer.replayed
        ? 'mensagem para uma lista: já enviada antes, nada enviado de novo'
        : `mensagem para uma lista: ${answer.sent} enviada(s), ${answer.skipped} sem contato comprovado ` +
            '(Assinantes → Enviar mensagem; "Mensagens" no cadastro de Helena)',
    );
  },
};
