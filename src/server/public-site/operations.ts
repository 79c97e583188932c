/** The public contact form (docs/product/public-site-and-checkout.md §5). */
import { z } from 'zod';
import { contactInput } from '../../shared/contact';
import { procedureFor } from '../operations/procedure';

export const contactProcedures = {
  send: procedureFor('public')
    .meta({
      // A flood of form posts would fill the club's mailbox.
      rateLimit: 'contact',
      openapi: {
        method: 'POST',
        path: '/emails/contact',
        tags: ['contato'],
        summary: 'Formulário de contato: guarda a mensagem e a envia por e-mail ao endereço da confraria',
        description:
          'O campo `to` é aceito por compatibilidade e ignorado: o destinatário é sempre o e-mail de contato ' +
          'configurado, para que o formulário não sirva de relay de e-mails.',
        errorResponses: {
          400: 'Campo obrigatório ausente ou inválido (mensagem em português)',
          429: 'Muitas mensagens em pouco tempo',
        },
      },
    })
    .input(contactInput)
    .output(z.object({ success: z.literal(true) }))
    .mutation(({ ctx: { services }, input }) => {
      services.contact.send(input);
      return { success: true as const };
    }),
};
