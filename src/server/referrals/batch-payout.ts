/**
 * Commissions paid in one batch (ADR 046): the confirmed
 * commissions due, grouped by referrer with the PIX key the member typed; referrers without a key
 * are listed apart and not paid. The confirmation names the commissions and the total; the payment
 * marks each one paid with the same date and admin, in one transaction that checks the list is
 * still what was confirmed, so a commission paid alone meanwhile (or cancelled, or whose key was
 * removed) refuses the whole batch and nothing is paid twice. The dialog's idempotency key makes a
 * repeat (double click, retry after a lost answer) pay nothing again. The bank file is rebuilt from
 * what the batch stored (the key each commission was paid to), one line per referrer.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  COMMISSION_BATCH_MAX,
  COMMISSION_PAYOUT_MSG,
  type PayBatchInput,
  type PayBatchOutput,
  type PayoutPreview,
  type PayoutReferrer,
} from '../../shared/commission-payout-schemas';
import { maskCpf } from '../../shared/cpf';
import { formatMoney } from '../../shared/format';
import { PHONE_KEY_PATTERN, PIX_KEY_LABELS, type PixKeyType } from '../../shared/pix-key';
import { saoPauloCalendarDay } from '../../shared/sao-paulo-time';
import { commissionPayouts, referrals, subscribers, type CommissionPayout } from '../db/schema';
import { AppError } from '../lib/errors';
import { newId } from '../lib/ids';
import type { ActivityLog } from '../privacy/activity-log';
import { csvAmount, csvDate, csvFile, type CsvColumn } from '../lib/csv/export';
import type { ServiceDeps } from '../lib/deps';
import { storedPayoutKey } from './payout-pix-key';
import type { SubscriberLifecycle } from '../membership/subscribers/lifecycle';

export type BatchPayoutDeps = ServiceDeps & { activityLog: ActivityLog; lifecycle: SubscriberLifecycle };

/** The commissions due with their referrer, oldest confirmed first. */
function dueCommissions({ db }: Pick<ServiceDeps, 'db'>, ids?: string[]) {
  return db
    .select({
      id: referrals.id,
      amount: referrals.commissionAmount,
      referrerId: subscribers.id,
      name: subscribers.name,
      email: subscribers.email,
      payoutPixKey: subscribers.payoutPixKey,
      payoutPixKeyType: subscribers.payoutPixKeyType,
      payoutPixKeyUpdatedAt: subscribers.payoutPixKeyUpdatedAt,
    })
    .from(referrals)
    .innerJoin(subscribers, eq(subscribers.id, referrals.referrerId))
    .where(and(eq(referrals.status, 'confirmed'), ids ? inArray(referrals.id, ids) : undefined))
    .orderBy(asc(referrals.confirmedAt), asc(referrals.id))
    .all();
}

type Due = ReturnType<typeof dueCommissions>[number];

/** One entry per referrer, in the order of their oldest commission. */
function byReferrer(rows: Due[]): PayoutReferrer[] {
  const groups = new Map<string, PayoutReferrer>();
  for (const row of rows) {
    let group = groups.get(row.referrerId);
    if (!group) {
      group = {
        referrerId: row.referrerId,
        name: row.name,
        email: row.email,
        count: 0,
        amount: 0,
        referralIds: [],
        pixKey: storedPayoutKey(row),
      };
      groups.set(row.referrerId, group);
    }
    group.count += 1;
    group.amount += row.amount;
    group.referralIds.push(row.id);
  }
  return [...groups.values()];
}

/** The next batch: at most COMMISSION_BATCH_MAX payable commissions, the rest counted. */
function preview(deps: BatchPayoutDeps): PayoutPreview {
  const payable: Due[] = [];
  const withoutKey: Due[] = [];
  let remaining = 0;
  for (const row of dueCommissions(deps)) {
    if (!storedPayoutKey(row)) withoutKey.push(row);
    else if (payable.length < COMMISSION_BATCH_MAX) payable.push(row);
    else remaining += 1;
  }
  return {
    payable: byReferrer(payable),
    withoutKey: byReferrer(withoutKey),
    count: payable.length,
    total: payable.reduce((sum, row) => sum + row.amount, 0),
    remaining,
  };
}

const csvUrlOf = (payoutId: string) => `/api/admin/referrals/payouts/${payoutId}/export.csv`;

function answer(payout: CommissionPayout, replayed: boolean): PayBatchOutput {
  return {
    success: true,
    message: replayed
      ? COMMISSION_PAYOUT_MSG.replayed
      : COMMISSION_PAYOUT_MSG.paid(payout.count, formatMoney(payout.total)),
    replayed,
    payoutId: payout.id,
    count: payout.count,
    referrers: payout.referrers,
    total: payout.total,
    paidAt: payout.paidAt.toISOString(),
    csvUrl: csvUrlOf(payout.id),
  };
}

function storedPayout({ db }: Pick<ServiceDeps, 'db'>, adminId: string, key: string) {
  return db
    .select()
    .from(commissionPayouts)
    .where(and(eq(commissionPayouts.adminId, adminId), eq(commissionPayouts.idempotencyKey, key)))
    .get();
}

/**
 * Pays the commissions the confirmation named, all or none. Runs in one synchronous transaction:
 * batches and single payouts of this process cannot interleave with it, and every update is
 * conditional on the commission still being confirmed.
 */
function pay(deps: BatchPayoutDeps, input: PayBatchInput, adminId: string): PayBatchOutput {
  const { db, clock, activityLog, lifecycle, log } = deps;
  const earlier = storedPayout(deps, adminId, input.idempotencyKey);
  if (earlier) return answer(earlier, true);

  const ids = [...new Set(input.referralIds)];
  const outcome = db.transaction(() => {
    const rows = dueCommissions(deps, ids);
    const total = rows.reduce((sum, row) => sum + row.amount, 0);
    if (rows.length !== ids.length || total !== input.total || rows.some((row) => !storedPayoutKey(row))) {
      throw new AppError('CONFLICT', COMMISSION_PAYOUT_MSG.changed);
    }
    const groups = byReferrer(rows);
    const paidAt = clock.now();
    const payout: CommissionPayout = {
      id: newId(),
      adminId,
      idempotencyKey: input.idempotencyKey,
      count: rows.length,
      referrers: groups.length,
      total,
      paidAt,
    };
    const inserted = db.insert(commissionPayouts).values(payout).onConflictDoNothing().run();
    if (inserted.changes === 0) return null;
    for (const group of groups) {
      const key = group.pixKey!;
      const updated = db
        .update(referrals)
        .set({
          status: 'paid',
          paidAt,
          paidBy: adminId,
          payoutId: payout.id,
          payoutPixKey: key.key,
          payoutPixKeyType: key.type,
          updatedAt: paidAt,
        })
        .where(and(inArray(referrals.id, group.referralIds), eq(referrals.status, 'confirmed')))
        .run();
      // Read above in this transaction: anything else is a fault, and the throw undoes the batch.
      if (updated.changes !== group.referralIds.length)
        throw new AppError('CONFLICT', COMMISSION_PAYOUT_MSG.changed);
      lifecycle.record({
        subscriberId: group.referrerId,
        event: 'commissions_paid',
        actor: { kind: 'admin', id: adminId },
        details: { payoutId: payout.id, count: group.count, amount: group.amount, pixKeyType: key.type },
      });
    }
    activityLog.record({
      action: 'commissions_paid',
      actor: { kind: 'admin', id: adminId },
      details: {
        payoutId: payout.id,
        count: payout.count,
        referrers: payout.referrers,
        total: payout.total,
        referralIds: ids,
      },
    });
    return payout;
  });
  // Lost the race for the key to an identical call: that one paid.
  if (!outcome) return answer(storedPayout(deps, adminId, input.idempotencyKey)!, true);
  log.info(
    { payoutId: outcome.id, count: outcome.count, total: outcome.total },
    'commissions paid in a batch',
  );
  return answer(outcome, false);
}

interface BankLine {
  name: string;
  cpf: string | null;
  pixKey: string | null;
  pixKeyType: PixKeyType | null;
  amount: number;
  count: number;
  paidAt: Date;
}

/**
 * The bank file's columns. The key is in the DICT format a bank's PIX batch takes; the CPF is
 * masked (the transfer goes by key and the bank shows the recipient's masked CPF to check against:
 * the file leaves the club, the full CPF need not).
 */
const BANK_COLUMNS: CsvColumn<BankLine>[] = [
  { header: 'nome', value: (line) => line.name },
  { header: 'cpf', value: (line) => (line.cpf ? maskCpf(line.cpf) : '') },
  // A phone key in the DICT format starts with "+": the bank needs it so, not as "'+55…".
  { header: 'chave_pix', value: (line) => line.pixKey, verbatim: PHONE_KEY_PATTERN },
  { header: 'tipo_chave', value: (line) => (line.pixKeyType ? PIX_KEY_LABELS[line.pixKeyType] : '') },
  { header: 'valor', value: (line) => csvAmount(line.amount) },
  { header: 'comissoes', value: (line) => line.count },
  { header: 'pago_em', value: (line) => csvDate(line.paidAt) },
];

function payoutOf({ db }: Pick<ServiceDeps, 'db'>, payoutId: string): CommissionPayout {
  const payout = db.select().from(commissionPayouts).where(eq(commissionPayouts.id, payoutId)).get();
  if (!payout) throw new AppError('NOT_FOUND', COMMISSION_PAYOUT_MSG.payoutNotFound);
  return payout;
}

/** The batch's bank file: one line per referrer and key, by name; its name carries São Paulo's date. */
function bankFile(deps: BatchPayoutDeps, payoutId: string) {
  const payout = payoutOf(deps, payoutId);
  const lines: BankLine[] = deps.db
    .select({
      name: subscribers.name,
      cpf: subscribers.cpf,
      pixKey: referrals.payoutPixKey,
      pixKeyType: referrals.payoutPixKeyType,
      amount: sql<number>`sum(${referrals.commissionAmount})`,
      count: sql<number>`count(*)`,
    })
    .from(referrals)
    .innerJoin(subscribers, eq(subscribers.id, referrals.referrerId))
    .where(eq(referrals.payoutId, payoutId))
    .groupBy(referrals.referrerId, referrals.payoutPixKey, referrals.payoutPixKeyType)
    .orderBy(asc(subscribers.name))
    .all()
    .map((line) => ({ ...line, paidAt: payout.paidAt }));
  return {
    payout,
    filename: `comissoes-pix-${saoPauloCalendarDay(payout.paidAt)}.csv`,
    body: csvFile(lines, BANK_COLUMNS),
  };
}

export function createBatchPayout(deps: BatchPayoutDeps) {
  return {
    preview: (): PayoutPreview => preview(deps),
    pay: (input: PayBatchInput, adminId: string): PayBatchOutput => pay(deps, input, adminId),
    bankFile: (payoutId: string) => bankFile(deps, payoutId),
  };
}
