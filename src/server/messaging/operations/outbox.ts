/** The outbox for admins: every message the club sent or tried to send, and a retry for failures. */
import { z } from 'zod';
import { CHANNELS, OUTBOX_STATUSES } from '../../../shared/notifications';
import { procedureFor } from '../../operations/procedure';
import { isoDate } from '../../lib/output';

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

const outboxMessage = z.object({
  id: z.string(),
  channel: z.enum(CHANNELS),
  recipient: z.string(),
  template: z.string(),
  subject: z.string().nullable(),
  body: z.string(),
  status: z.enum(OUTBOX_STATUSES),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  nextAttemptAt: isoDate,
  sentAt: isoDate.nullable(),
  createdAt: isoDate,
  updatedAt: isoDate,
});

export const outboxProcedures = {
  /** Newest first, filtered by status and channel: `{ items, page, limit, total, pages }`. */
  list: procedureFor('admin')
    .input(outboxListInput)
    .output(
      z.object({
        items: z.array(outboxMessage),
        page: z.number().int(),
        limit: z.number().int(),
        total: z.number().int(),
        pages: z.number().int(),
      }),
    )
    .query(({ ctx: { services }, input }) => services.outbox.page(input)),

  /** Queues a failed message again with a fresh set of attempts. */
  retry: procedureFor('admin')
    .input(z.object({ id: z.string({ error: 'Mensagem não informada' }).min(1, 'Mensagem não informada') }))
    .output(outboxMessage)
    .mutation(({ ctx: { services }, input }) => services.outbox.retry(input.id)),
};
