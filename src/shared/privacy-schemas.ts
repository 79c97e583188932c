/**
 * LGPD in the back office (docs/decisions/029-files-and-lgpd-requests.md): the members' deletion
 * requests with their legal deadline, their completion, and the activity log of exports and
 * erasures. Texts once, for the screens, the server and the tests.
 */
import { z } from 'zod';
import './zod-config';

/** Days the club has to answer a request, counted in São Paulo calendar days after the request's day. */
export const DELETION_DEADLINE_DAYS = 15;

/** What an erased record and its payments show in place of the person's name. */
export const ERASED_NAME = 'Titular removido (LGPD)';

export const PRIVACY_MSG = {
  requestNotFound: 'Pedido de exclusão não encontrado',
  alreadyCompleted: 'Este pedido de exclusão já foi concluído.',
  adminAccount:
    'A conta deste pedido é de um administrador. Retire o papel de administrador da conta antes de concluir a exclusão.',
  moneyInMotion:
    'Há um pagamento em andamento para este assinante (cobrança pendente ou reembolso em processamento). Conclua a exclusão quando ele terminar ou vencer.',
  linkVerifying:
    'Um link de pagamento deste assinante está em verificação: o provedor de pagamento não confirmou o cancelamento. Tente concluir a exclusão de novo em alguns minutos.',
  linkPaidMeanwhile:
    'Um link de pagamento deste assinante acaba de ser pago e o pagamento foi registrado. Confira-o em Pagamentos (e estorne, se for o caso) e conclua a exclusão de novo.',
  chargeVerifying:
    'Uma cobrança deste assinante está em verificação: o provedor de pagamento não confirmou o cancelamento. Tente concluir a exclusão de novo em alguns minutos.',
  chargePaidMeanwhile:
    'Uma cobrança deste assinante acaba de ser paga e o pagamento foi registrado. Confira-o em Pagamentos (e estorne, se for o caso) e conclua a exclusão de novo.',
  completed:
    'Exclusão concluída: dados pessoais anonimizados, conta encerrada e confrade avisado por email. Os pagamentos foram mantidos sem o nome.',
  loadFailed: 'Erro ao carregar pedidos de exclusão',
  completeFailed: 'Erro ao concluir a exclusão',
  activityLoadFailed: 'Erro ao carregar o registro de atividades',
} as const;

/** The activity log's actions, as the back office names them. */
export const ACTIVITY_ACTIONS = {
  data_exported: 'Dados exportados pelo confrade (LGPD)',
  deletion_requested: 'Exclusão de dados solicitada (LGPD)',
  deletion_completed: 'Exclusão de dados concluída (LGPD)',
  subscriber_deleted: 'Assinante excluído',
  subscribers_exported: 'Assinantes exportados (CSV)',
  payments_exported: 'Pagamentos exportados (CSV)',
  month_close_exported: 'Fechamento do mês exportado para o contador (CSV)',
  two_factor_codes_locked: 'Códigos de verificação suspensos por 24 horas após 10 erros seguidos',
  // Work in batches (ADR 046): one line per batch, the rows in its details.
  subscribers_approved: 'Cadastros aprovados em lote',
  list_messaged: 'Mensagem enviada a uma lista de assinantes',
  // Open links never block an erasure (ADR 029).
  payment_link_cancelled: 'Link de pagamento cancelado',
  commissions_paid: 'Comissões de indicação pagas em lote',
  commission_payout_exported: 'Arquivo do banco de um lote de comissões baixado (CSV)',
} as const;
export type ActivityAction = keyof typeof ACTIVITY_ACTIONS;

export const DELETION_REQUEST_FILTERS = ['open', 'completed', 'all'] as const;
export type DeletionRequestFilter = (typeof DELETION_REQUEST_FILTERS)[number];

const page = z.coerce
  .number({ error: 'Página inválida' })
  .int('Página inválida')
  .min(1, 'Página inválida')
  .max(100_000, 'Página inválida')
  .default(1);

export const deletionRequestListInput = z
  .object({ status: z.enum(DELETION_REQUEST_FILTERS, { error: 'Status inválido' }).default('open'), page })
  .prefault({});
export type DeletionRequestListInput = z.input<typeof deletionRequestListInput>;

export const completeDeletionInput = z.object({
  id: z.string().trim().min(1, PRIVACY_MSG.requestNotFound).max(64, PRIVACY_MSG.requestNotFound),
});

export const deletionRequestItem = z.object({
  id: z.string(),
  status: z.enum(['open', 'completed']),
  requestedAt: z.string(),
  /** The last moment of the legal deadline (end of the 15th São Paulo day after the request). */
  dueAt: z.string(),
  /** São Paulo days from today to the deadline's day: 0 on the last day, negative once overdue. */
  daysLeft: z.number().int(),
  overdue: z.boolean(),
  reason: z.string().nullable(),
  subscriber: z.object({ id: z.string(), fullName: z.string(), email: z.string() }).nullable(),
  /** Why completing it would be refused now (an admin's account, a payment in progress); null when it can be. */
  blocker: z.string().nullable(),
  completedAt: z.string().nullable(),
  completedBy: z.object({ id: z.string(), name: z.string() }).nullable(),
});
export type DeletionRequestItem = z.infer<typeof deletionRequestItem>;

const pagination = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  pages: z.number().int(),
});

export const deletionRequestList = z.object({
  success: z.literal(true),
  requests: z.array(deletionRequestItem),
  pagination,
});

/** The dashboard's item: open requests, how many are past their deadline, the nearest deadline. */
export const deletionRequestSummary = z.object({
  open: z.number().int(),
  overdue: z.number().int(),
  nextDueAt: z.string().nullable(),
});
export type DeletionRequestSummary = z.infer<typeof deletionRequestSummary>;

export const activityListInput = z.object({ page }).prefault({});

export const activityEntry = z.object({
  id: z.string(),
  createdAt: z.string(),
  action: z.string(),
  label: z.string(),
  actorKind: z.enum(['admin', 'member', 'system']),
  /** The acting user's name now; null for the system or an account since closed. */
  actorName: z.string().nullable(),
  subscriber: z.object({ id: z.string(), fullName: z.string() }).nullable(),
});
export type ActivityEntry = z.infer<typeof activityEntry>;

export const activityList = z.object({
  success: z.literal(true),
  entries: z.array(activityEntry),
  pagination,
});

/** "07/12/2026 (faltam 3 dias)", "… (vence hoje)", "… (vencido há 2 dias)": the deadline as a person reads it. */
export function deadlineText(daysLeft: number): string {
  if (daysLeft > 1) return `faltam ${daysLeft} dias`;
  if (daysLeft === 1) return 'falta 1 dia';
  if (daysLeft === 0) return 'vence hoje';
  return daysLeft === -1 ? 'vencido há 1 dia' : `vencido há ${-daysLeft} dias`;
}
