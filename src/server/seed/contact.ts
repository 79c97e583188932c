/** Demo contact messages, so the back office's outbox shows what the site's form produces. */
import type { SeedModule } from './types';

const DEMO_MESSAGES = [
  {
    name: 'Carla Mendes',
    email: 'carla.mendes@exemplo.com.br',
    subject: 'Próxima degustação',
    message: 'Olá! Gostaria de saber quando será a próxima degustação presencial em São Paulo.',
  },
  {
    name: 'Eduardo Lima',
    email: 'eduardo.lima@exemplo.com.br',
    subject: 'Dúvida sobre a assinatura',
    message: 'Posso pagar a anuidade via PIX? E o acesso ao grupo começa logo após o pagamento?',
  },
];

export const contactSeed: SeedModule = {
  name: 'contato',
  async run(services, ctx) {
    const existing = new Set(services.contact.list(500).map((m) => `${m.email}|${m.subject}`));
    let created = 0;
    for (const message of DEMO_MESSAGES) {
      if (existing.has(`${message.email}|${message.subject}`)) continue;
      services.contact.send(message);
      created++;
    }
    ctx.report(`mensagens de contato: ${created} criadas, ${DEMO_MESSAGES.length - created} já existiam`);
  },
};
