/**
 * The history of each payment, for the owner (ADR 030):
 * written where things happen (checkout attempts, webhooks, reconciliation, refunds), read by the
 * admin's payment detail, so "was I charged twice?" has an answer without a database.
 *
 * Bounded: at most 50 entries per payment (and per link for what happened before it had one);
 * the oldest go first. Details are whitelisted ids, amounts and words: never a body, a card
 * number, a CPF, a name or an e-mail. Long digit runs are masked whatever their key.
 */
import { and, asc, desc, eq, isNull, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { formatMoney } from '../../shared/format';
import { paymentHistory, type PaymentHistorySource } from '../db/schema';
import { newId } from '../lib/ids';
import type { ServiceDeps } from '../lib/deps';

/** Entries kept per payment (or per link, before it has a payment). */
export const HISTORY_LIMIT = 50;

export type HistoryKind =
  | 'attempt_sent'
  | 'attempt_resent'
  | 'attempt_answer'
  | 'answer_lost'
  | 'lookup'
  | 'webhook'
  | 'charge_check'
  | 'extra_charge'
  | 'extra_charge_kept'
  | 'refund_requested'
  | 'refund_answer'
  | 'refund_completed'
  | 'refund_reverted'
  // Refunds and disputes (ADR 030).
  | 'chargeback'
  | 'partial_refund'
  // An erasure voids the person's in-page charges nobody paid (ADR 029).
  | 'erasure_void';

type Detail = string | number | boolean | null;
export type HistoryDetails = Partial<Record<(typeof DETAIL_KEYS)[number], Detail>>;

const DETAIL_KEYS = [
  'attempt',
  'method',
  'outcome',
  'change',
  'type',
  'orderId',
  'chargeId',
  'amount',
  'due',
  'reason',
  'extra',
  'extraPaymentId',
  'paymentId',
] as const;

export interface HistoryInput {
  paymentId?: string | null;
  linkId?: string | null;
  source: PaymentHistorySource;
  kind: HistoryKind;
  details?: HistoryDetails;
  /** When it happened; now unless given (the demo seed tells past stories). */
  at?: Date;
}

export interface HistoryEntry {
  at: string;
  source: PaymentHistorySource;
  sourceLabel: string;
  kind: string;
  text: string;
  details: HistoryDetails;
}

const SOURCE_LABELS: Record<PaymentHistorySource, string> = {
  checkout: 'Checkout',
  webhook: 'Webhook',
  reconciliation: 'Conciliação',
  tracking: 'Acompanhamento',
  admin: 'Administração',
  renewal: 'Renovação automática',
};

const OUTCOME_WORDS: Record<string, string> = {
  paid: 'pago',
  failed: 'recusado',
  pending: 'aguardando pagamento',
  expired: 'expirado',
  refunded: 'cancelado ou reembolsado',
  refunding: 'reembolso em andamento',
  cancelled: 'cancelado',
  processing: 'em processamento',
  unknown: 'sem resposta (em processamento até o provedor confirmar)',
  chargedback: 'contestado pelo titular do cartão (chargeback)',
  partially_refunded: 'reembolsado em parte',
  ignored: 'sem efeito',
  unpaid: 'não pago',
};

const CHANGE_WORDS: Record<string, string> = {
  confirmed: 'pagamento confirmado',
  already: 'nada mudou (já registrado)',
  duplicate: 'cobrança duplicada registrada',
  underpaid: 'valor recebido a menor registrado',
  failed: 'tentativa recusada registrada',
  cancelled: 'tentativa cancelada',
  expired: 'link expirado',
  refunded: 'reembolso registrado',
  refund_reverted: 'reembolso não concluído: a cobrança está paga',
  chargedback: 'contestação (chargeback) registrada',
  partially_refunded: 'reembolso parcial registrado',
  overpaid: 'valor recebido a mais registrado',
  foreign: 'recusado: a cobrança pertence a outro pagamento',
  deadline: 'prazo vencido e o provedor confirmou que não foi pago: tentativa cancelada',
  link_deadline: 'prazo do link vencido e o provedor confirmou que não foi pago: link expirado',
  verifying: 'provedor sem resposta: pagamento em verificação',
  other_attempt: 'evento de outra tentativa: nada mudou',
  none: 'nada mudou',
};

/** Only whitelisted keys; short strings with any run of 6+ digits masked (no CPF, card or phone). */
function clean(details: HistoryDetails | undefined): HistoryDetails {
  const kept: HistoryDetails = {};
  for (const key of DETAIL_KEYS) {
    const value = details?.[key];
    if (value === undefined) continue;
    kept[key] = typeof value === 'string' ? value.slice(0, 160).replace(/\d{6,}/g, '•••') : value;
  }
  return kept;
}

const money = (value: Detail | undefined) => (typeof value === 'number' ? formatMoney(value) : '?');
const word = (words: Record<string, string>, value: Detail | undefined) =>
  (typeof value === 'string' && words[value]) || String(value ?? '');
const methodWord = (method: Detail | undefined) => (method === 'pix' ? 'PIX' : 'cartão de crédito');

/** The entry as the owner reads it, in Portuguese. */
export function historyText(kind: string, d: HistoryDetails): string {
  switch (kind) {
    case 'attempt_sent':
      return `Tentativa ${d.attempt} enviada ao provedor (${methodWord(d.method)})`;
    case 'attempt_resent':
      return `Tentativa ${d.attempt} reenviada com a mesma chave: o provedor não cobra duas vezes`;
    case 'attempt_answer': {
      const reason = d.reason ? `: ${d.reason}` : '';
      const order = d.orderId ? `, pedido ${d.orderId}` : '';
      return `Tentativa ${d.attempt}: ${word(OUTCOME_WORDS, d.outcome)} (${money(d.amount)}${order})${reason}`;
    }
    case 'answer_lost':
      return 'Resposta do provedor não recebida: pagamento em verificação';
    case 'lookup':
      if (d.outcome === 'none') return 'Nenhum pedido com o nosso código no provedor';
      if (d.outcome === 'gave_up')
        return 'Nenhum pedido com o nosso código após 1 hora: tentativa encerrada sem cobrança';
      return `Pedido ${d.orderId} encontrado pelo nosso código: ${word(OUTCOME_WORDS, d.outcome)} (${money(d.amount)})`;
    case 'webhook':
      return `Evento ${d.type}: ${word(OUTCOME_WORDS, d.outcome)}, ${word(CHANGE_WORDS, d.change)}`;
    case 'charge_check':
      return `Cobrança consultada no provedor: ${word(OUTCOME_WORDS, d.outcome)}, ${word(CHANGE_WORDS, d.change)}`;
    case 'extra_charge':
      if (d.extra === 'overpaid')
        return `Valor recebido a mais: ${money(d.amount)} além de ${money(d.due)} (cobrança ${d.chargeId}), a reembolsar`;
      return d.extra === 'underpaid'
        ? `Valor recebido a menor: ${money(d.amount)} de ${money(d.due)} (cobrança ${d.chargeId}), a reembolsar`
        : `Cobrança duplicada: ${money(d.amount)} (cobrança ${d.chargeId}), a reembolsar`;
    case 'extra_charge_kept':
      return `Cobrança extra mantida pelo clube: ${money(d.amount)} passam a contar como receita`;
    case 'chargeback':
      return `Contestação (chargeback) informada pelo provedor: ${money(d.amount)} devolvidos ao titular do cartão`;
    case 'partial_refund':
      return `Reembolso parcial informado pelo provedor: ${money(d.amount)} devolvidos, o restante continua pago`;
    case 'refund_requested':
      return `Reembolso ${d.attempt} pedido ao provedor${d.reason ? ` (motivo: ${d.reason})` : ''}`;
    case 'refund_answer':
      return d.outcome === 'refused'
        ? `Reembolso recusado pelo provedor: ${d.reason ?? ''}`
        : `Reembolso ${word(OUTCOME_WORDS, d.outcome)} pelo provedor`;
    case 'erasure_void':
      return `Exclusão de dados (LGPD): cancelamento da cobrança pedido ao provedor, que respondeu ${word(OUTCOME_WORDS, d.outcome)}`;
    case 'refund_completed':
      return 'Reembolso concluído pelo provedor';
    case 'refund_reverted':
      return 'O provedor não concluiu o reembolso: a cobrança voltou a constar como paga';
    default:
      return kind;
  }
}

export function createPaymentHistory({ db, clock }: Pick<ServiceDeps, 'db' | 'clock'>) {
  /** Deletes the oldest entries of one payment (or of a link's entries without payment) past the limit. */
  function prune(scope: ReturnType<typeof eq>) {
    const newest = db
      .select({ id: paymentHistory.id })
      .from(paymentHistory)
      .where(scope)
      .orderBy(desc(paymentHistory.createdAt), desc(sql`rowid`))
      .limit(HISTORY_LIMIT)
      .all()
      .map((row) => row.id);
    db.delete(paymentHistory)
      .where(and(scope, notInArray(paymentHistory.id, newest)))
      .run();
  }

  // Every webhook and provider answer writes an entry: prepared once (ADR 043).
  const insertEntry = db
    .insert(paymentHistory)
    .values({
      id: sql.placeholder('id'),
      paymentId: sql.placeholder('paymentId'),
      paymentLinkId: sql.placeholder('paymentLinkId'),
      source: sql.placeholder('source'),
      kind: sql.placeholder('kind'),
      details: sql.placeholder('details'),
      createdAt: sql.placeholder('createdAt'),
    })
    .prepare();
  /** The entry just past the limit, if any: most scopes have far fewer, and then nothing is pruned. */
  const pastTheLimit = (scope: SQL) =>
    db
      .select({ id: paymentHistory.id })
      .from(paymentHistory)
      .where(scope)
      .orderBy(desc(paymentHistory.createdAt), desc(sql`rowid`))
      .limit(1)
      .offset(HISTORY_LIMIT)
      .prepare();
  const pastTheLimitOfPayment = pastTheLimit(eq(paymentHistory.paymentId, sql.placeholder('id')));
  const pastTheLimitOfLink = pastTheLimit(
    and(eq(paymentHistory.paymentLinkId, sql.placeholder('id')), isNull(paymentHistory.paymentId))!,
  );

  return {
    /** Writes one entry (inside the caller's transaction when there is one), keeping the bound. */
    record(input: HistoryInput): void {
      if (!input.paymentId && !input.linkId) return;
      insertEntry.run({
        id: newId(),
        paymentId: input.paymentId ?? null,
        paymentLinkId: input.linkId ?? null,
        source: input.source,
        kind: input.kind,
        details: clean(input.details),
        createdAt: input.at ?? clock.now(),
      });
      const full = input.paymentId
        ? pastTheLimitOfPayment.get({ id: input.paymentId })
        : pastTheLimitOfLink.get({ id: input.linkId ?? '' });
      if (!full) return;
      prune(
        input.paymentId
          ? eq(paymentHistory.paymentId, input.paymentId)
          : and(eq(paymentHistory.paymentLinkId, input.linkId ?? ''), isNull(paymentHistory.paymentId))!,
      );
    },

    /** A payment's entries, oldest first, with its link's entries from before it had a payment. */
    forPayment(paymentId: string, linkId: string | null = null): HistoryEntry[] {
      const scope = linkId
        ? or(
            eq(paymentHistory.paymentId, paymentId),
            and(eq(paymentHistory.paymentLinkId, linkId), isNull(paymentHistory.paymentId)),
          )
        : eq(paymentHistory.paymentId, paymentId);
      return db
        .select()
        .from(paymentHistory)
        .where(scope)
        .orderBy(asc(paymentHistory.createdAt), asc(sql`rowid`))
        .limit(HISTORY_LIMIT * 2)
        .all()
        .map((row) => {
          const details = (row.details ?? {}) as HistoryDetails;
          return {
            at: row.createdAt.toISOString(),
            source: row.source,
            sourceLabel: SOURCE_LABELS[row.source],
            kind: row.kind,
            text: historyText(row.kind, details),
            details,
          };
        });
    },
  };
}

export type PaymentHistory = ReturnType<typeof createPaymentHistory>;
