/** The outbox for admins: every message the club sent or tried to send, and a retry for failures. */
import { z } from 'zod';
import { CHANNELS, OUTBOX_STATUSES } from '../../../shared/notifications';
import { adminProcedure, createTRPCRouter } from '../init';

export const outboxListInput = z
  .object({
    status: z.enum(OUTBOX_STATUSES, { error: 'Status inválido' }).optional(),
    channel: z.enum(CHANNELS, { error: 'Canal inválido' }).optional(),
    page: z.coerce
      .number({ error: 'Página inválida' })
      .int('Página inválida')
      .min(1, 'Página inválida')
      .default(1),
    limit: z.coerce
      .number({ error: 'Limite inválido' })
      .int('Limite inválido')
      .min(1, 'Limite inválido')
      .max(100, 'O limite máximo é 100')
      .default(20),
  })
  // Calling without input lists the first page of everything.
  .prefault({});

export const outboxRetryInput = z.object({
  id: z.string({ error: 'Mensagem não informada' }).min(1, 'Mensagem não informada'),
});

export const outboxRouter = createTRPCRouter({
  /** Newest first, filtered by status and channel: `{ items, page, limit, total, pages }`. */
  list: adminProcedure.input(outboxListInput).query(({ ctx, input }) => ctx.services.outbox.page(input)),

  /** Queues a failed message again with a fresh set of attempts. */
  retry: adminProcedure
    .input(outboxRetryInput)
    .mutation(({ ctx, input }) => ctx.services.outbox.retry(input.id)),
});
