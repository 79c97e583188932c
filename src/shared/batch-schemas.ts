/**
 * Work in batches (ADR 046): approving many pending records, a message to a filtered list,
 * and paying many commissions at once. One schema per operation, shared by the screens and the
 * operations; every batch is bounded (BATCH_MAX rows a call) and each row answers for itself.
 */
import { z } from 'zod';
import { SUBSCRIBER_STATUSES } from './plans';
import { SUBSCRIBER_SORTS } from './list-choices';
import { endingWithinDaysField, expiredWithinDaysField, renewalFilterField } from './subscriber-schemas';
import './zod-config';
import { recordId } from './record-id';

/** Rows one batch call may touch: a page of the lists is at most 100; a batch is half of that. */
export const BATCH_MAX = 50;

export const BATCH_MSG = {
  noneSelected: 'Selecione ao menos um cadastro.',
  tooMany: `No máximo ${BATCH_MAX} por vez: selecione menos e repita.`,
} as const;

const ids = z
  .array(recordId, { error: BATCH_MSG.noneSelected })
  .min(1, BATCH_MSG.noneSelected)
  .max(BATCH_MAX, BATCH_MSG.tooMany)
  .transform((values) => [...new Set(values)]);

// ---------------------------------------------------------------- bulk approval

export const approveManyInput = z.object({ ids });
export type ApproveManyInput = z.input<typeof approveManyInput>;

/** What happened to one record of the batch: approved (with the message a single approval says) or why not. */
export const batchRowResult = z.object({
  id: z.string(),
  name: z.string().nullable(),
  ok: z.boolean(),
  message: z.string(),
});
export type BatchRowResult = z.infer<typeof batchRowResult>;

export const approveManyOutput = z.object({
  success: z.literal(true),
  approved: z.number().int(),
  refused: z.number().int(),
  message: z.string(),
  results: z.array(batchRowResult),
});
export type ApproveManyOutput = z.infer<typeof approveManyOutput>;

export const approveManySummary = (approved: number, refused: number) =>
  refused === 0
    ? `${approved} cadastro(s) aprovado(s).`
    : `${approved} cadastro(s) aprovado(s), ${refused} não aprovado(s): veja o motivo de cada um.`;

// ---------------------------------------------------------------- a message to a filtered list

/** Recipients one send may reach: filter the list down to at most this many. */
export const LIST_MESSAGE_MAX = 200;
export const LIST_MESSAGE_TEXT_MAX = 1000;
/** Written in the text, replaced by each recipient's first name. */
export const FIRST_NAME_PLACEHOLDER = '{{nome}}';

export const LIST_MESSAGE_MSG = {
  empty: 'Escreva a mensagem.',
  tooLong: `Mensagem muito longa (máximo ${LIST_MESSAGE_TEXT_MAX} caracteres)`,
  keyInvalid: 'Envio inválido: feche a janela e abra de novo.',
  tooMany: (total: number) =>
    `A lista tem ${total} assinantes: filtre até no máximo ${LIST_MESSAGE_MAX} por envio.`,
  noRecipients: 'Ninguém desta lista tem um contato comprovado: nenhuma mensagem foi enviada.',
  sent: (sent: number, skipped: number) =>
    `Mensagem enviada para a fila de ${sent} assinante(s)` +
    (skipped > 0 ? `; ${skipped} sem contato comprovado não receberam.` : '.'),
  replayed: 'Este envio já tinha sido feito: nenhuma mensagem foi enviada de novo.',
  noProvenContact: 'Sem contato comprovado (nem WhatsApp confirmado, nem email confirmado)',
} as const;

/** The list as the screen filters it (the subscriber list's own query names, ADR 034). */
export const listMessageFilter = z.object({
  status: z.union([z.literal('all'), z.enum(SUBSCRIBER_STATUSES)]).default('all'),
  search: z.string().trim().max(120).default(''),
  sortBy: z.enum(SUBSCRIBER_SORTS).default('createdAt'),
  sortOrder: z.enum(['asc', 'desc']).default('desc'),
  endingWithinDays: endingWithinDaysField,
  expiredWithinDays: expiredWithinDaysField,
  renewal: renewalFilterField,
});
export type ListMessageFilter = z.output<typeof listMessageFilter>;

const listMessageText = z
  .string({ error: LIST_MESSAGE_MSG.empty })
  .trim()
  .min(1, LIST_MESSAGE_MSG.empty)
  .max(LIST_MESSAGE_TEXT_MAX, LIST_MESSAGE_MSG.tooLong);

export const listMessagePreviewInput = z.object({
  filter: listMessageFilter,
  message: z.string().trim().max(LIST_MESSAGE_TEXT_MAX, LIST_MESSAGE_MSG.tooLong).default(''),
});
export type ListMessagePreviewInput = z.input<typeof listMessagePreviewInput>;

export const listMessageSendInput = z.object({
  filter: listMessageFilter,
  message: listMessageText,
  /** Made by the screen when the dialog opens: the same send, however often it is asked. */
  idempotencyKey: z.string().regex(/^[\w-]{16,64}$/, LIST_MESSAGE_MSG.keyInvalid),
});
export type ListMessageSendInput = z.input<typeof listMessageSendInput>;

export const LIST_MESSAGE_CHANNEL_LABELS = { whatsapp: 'WhatsApp', email: 'Email' } as const;

const unreachable = z.object({ id: z.string(), name: z.string(), reason: z.string() });

export const listMessagePreview = z.object({
  total: z.number().int(),
  /** Over LIST_MESSAGE_MAX: nothing can be sent until the list is narrowed (the message says so). */
  tooMany: z.string().nullable(),
  reachable: z.number().int(),
  byChannel: z.object({ whatsapp: z.number().int(), email: z.number().int() }),
  unreachable: z.array(unreachable),
  /** The first recipient's text, as the outbox will keep it. */
  first: z.object({ name: z.string(), channel: z.enum(['whatsapp', 'email']), text: z.string() }).nullable(),
});
export type ListMessagePreview = z.infer<typeof listMessagePreview>;

export const listMessageSendOutput = z.object({
  success: z.literal(true),
  message: z.string(),
  /** True when this key had already sent: nothing was queued again. */
  replayed: z.boolean(),
  sent: z.number().int(),
  skipped: z.number().int(),
  unreachable: z.array(unreachable),
});
export type ListMessageSendOutput = z.infer<typeof listMessageSendOutput>;

/** A message on a subscriber's record ("Mensagens" of the history). */
export const subscriberMessage = z.object({
  id: z.string(),
  createdAt: z.string(),
  channel: z.enum(['whatsapp', 'email']),
  recipient: z.string(),
  status: z.string(),
  text: z.string(),
  /** Sent to a list (the batch), not to this record alone. */
  toList: z.boolean(),
});
export type SubscriberMessage = z.infer<typeof subscriberMessage>;
