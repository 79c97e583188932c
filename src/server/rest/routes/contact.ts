import { z } from 'zod';
import { contactInput } from '../../../shared/contact';
import { defineRoute } from '../route';

export const contactRoutes = [
  defineRoute({
    method: 'POST',
    path: '/emails/contact',
    access: 'public',
    tag: 'contato',
    summary: 'Formulário de contato: guarda a mensagem e a envia por e-mail ao endereço da confraria',
    description:
      'O campo `to` é aceito por compatibilidade e ignorado: o destinatário é sempre o e-mail de contato ' +
      'configurado, para que o formulário não sirva de relay de e-mails.',
    body: contactInput,
    response: z.object({ success: z.literal(true) }),
    errors: {
      400: 'Campo obrigatório ausente ou inválido (mensagem em português)',
      429: 'Muitas mensagens em pouco tempo',
    },
    rateLimit: 'contact',
    handler({ body, services }) {
      services.contact.send(body);
      return { success: true as const };
    },
  }),
];
