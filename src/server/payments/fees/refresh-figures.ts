/**
 * The provider's figures of paid charges (gross, fee, net, payout date), read in the
 * reconciliation pass for paid charges whose figures are missing or not final, oldest question
 * first. A lost or refused answer leaves them as they were ("a confirmar"), never zero; the payment
 * is asked again after `FIGURES_RECHECK_MS` (docs/decisions/054-month-close.md).
 */
import { and, asc, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { HOUR_MS } from '../../../shared/sao-paulo-time';
import { payments } from '../../db/schema';
import type { ServiceDeps } from '../../lib/deps';
import type { PaymentProvider } from '../providers/types';

/** Charges asked about per pass at most (the pass runs every five minutes). */
export const FIGURES_BATCH = 50;
/** A charge whose figures are not final is asked again after this long (payout dates move). */
export const FIGURES_RECHECK_MS = 6 * HOUR_MS;

export type FiguresContext = Pick<ServiceDeps, 'db' | 'log' | 'clock'> & { provider: PaymentProvider };

export interface FiguresReport {
  /** Charges asked about. */
  checked: number;
  /** Charges whose figures the provider gave. */
  known: number;
}

export async function refreshProviderFigures(ctx: FiguresContext): Promise<FiguresReport> {
  const { db, log, clock, provider } = ctx;
  const now = clock.now();
  // The condition repeats payments_fees_pending_idx's word for word, so SQLite uses it.
  const due = db
    .select({
      id: payments.id,
      providerChargeId: payments.providerChargeId,
      amount: payments.amount,
      method: payments.method,
      paidAt: payments.paidAt,
    })
    .from(payments)
    .where(
      and(
        // A literal, not a bound parameter: SQLite matches a partial index's condition only so.
        sql`${payments.feesFinal} = 0`,
        isNotNull(payments.providerChargeId),
        isNotNull(payments.paidAt),
        // `+` keeps SQLite off payments_provider_charge_uq (every charge of the provider): the partial
        // index holds only the charges not final yet, in the order asked.
        sql`+${payments.provider} = ${provider.name}`,
        or(
          isNull(payments.feesCheckedAt),
          lt(payments.feesCheckedAt, new Date(now.getTime() - FIGURES_RECHECK_MS)),
        ),
      ),
    )
    .orderBy(asc(payments.feesCheckedAt))
    .limit(FIGURES_BATCH)
    .all();
  let known = 0;
  for (const payment of due) {
    if (!payment.providerChargeId || !payment.paidAt) continue;
    let figures = null;
    try {
      figures = await provider.getChargeFigures({
        providerChargeId: payment.providerChargeId,
        amount: payment.amount,
        method: payment.method,
        paidAt: payment.paidAt,
      });
    } catch (error) {
      log.warn({ paymentId: payment.id, err: (error as Error).message }, 'provider figures not read');
    }
    // Figures already on file stay when the provider says nothing now: only an answer replaces them.
    db.update(payments)
      .set(
        figures
          ? {
              providerGross: figures.gross,
              providerFee: figures.fee,
              providerNet: figures.net,
              payoutDate: figures.payoutDate,
              feesFinal: figures.final,
              feesCheckedAt: now,
            }
          : { feesCheckedAt: now },
      )
      .where(eq(payments.id, payment.id))
      .run();
    if (figures) known++;
  }
  return { checked: due.length, known };
}
