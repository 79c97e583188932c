/**
 * Work in batches (issue 38 §2): approving many pending records, a message to a filtered list,
 * and paying many commissions at once. One schema per operation, shared by the screens and the
 * operations; every batch is bounded (BATCH_MAX rows a call) and each row answers for itself.
 */
import { z } from 'zod';
import './zod-config';

/** Rows one batch call may touch: a page of the lists is at most 100; a batch is half of that. */
export const BATCH_MAX = 50;

export const BATCH_MSG = {
  noneSelected: 'Selecione ao menos um cadastro.',
  tooMany: `No máximo ${BATCH_MAX} por vez: selecione menos e repita.`,
} as const;

const ids = z
  .array(z.string().trim().min(1).max(64), { error: BATCH_MSG.noneSelected })
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
