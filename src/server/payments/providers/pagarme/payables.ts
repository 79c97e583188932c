/**
 * A paid charge's figures from Pagar.me v5's receivables (`GET /payables?charge_id=`): each
 * `credit` payable is money the charge adds to the club's balance (one per installment), with the
 * provider's `fee`, `anticipation_fee` and `fraud_coverage_fee` in cents and the `payment_date` it
 * is paid out on (docs/decisions/054-month-close.md says what is documented and what inferred).
 */
import { parseProviderDate } from './mapping';
import type { PagarmeClient } from './client';
import type { ChargeFigures } from '../types';

/** A payable as the v5 reference describes it: only the parts we read. */
export interface PagarmePayable {
  id?: number | string;
  /** `waiting_funds`, `prepaid` (anticipated) or `paid`. */
  status?: string;
  /** `credit`, `refund`, `refund_reversal`, `chargeback`, `chargeback_refund`. */
  type?: string;
  amount?: number;
  installment?: number;
  fee?: number;
  anticipation_fee?: number;
  fraud_coverage_fee?: number;
  payment_date?: string;
  charge_id?: string;
}

/** Statuses after which the money has left Pagar.me for the club's account. */
const PAID_OUT = new Set(['paid', 'prepaid']);

const cents = (value: unknown): number | null =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : null;

/**
 * The charge's credits summed: null while Pagar.me holds none (or one lacks its amount or fee), so
 * the figures stay "a confirmar" rather than a guessed zero. Refund and chargeback payables are
 * left out: the month close takes refunds and disputes from our own records of them.
 */
export function figuresOfPayables(payables: PagarmePayable[], chargeId: string): ChargeFigures | null {
  // Asked by charge id; one naming another charge is not this charge's (never summed in).
  const credits = payables.filter(
    (payable) => payable.type === 'credit' && (payable.charge_id ?? chargeId) === chargeId,
  );
  if (credits.length === 0) return null;
  let gross = 0;
  let fee = 0;
  let payoutDate: Date | null = null;
  for (const credit of credits) {
    const amount = cents(credit.amount);
    const mdr = cents(credit.fee);
    if (amount === null || mdr === null) return null;
    gross += amount;
    fee += mdr + (cents(credit.anticipation_fee) ?? 0) + (cents(credit.fraud_coverage_fee) ?? 0);
    const date = parseProviderDate(credit.payment_date);
    if (date && (!payoutDate || date > payoutDate)) payoutDate = date;
  }
  const final = credits.every((credit) => PAID_OUT.has(credit.status ?? ''));
  return { gross, fee, net: gross - fee, payoutDate, final };
}

export async function getChargeFigures(
  client: PagarmeClient,
  providerChargeId: string,
): Promise<ChargeFigures | null> {
  const list = await client.call<{ data?: PagarmePayable[] }>(
    'GET',
    `/payables?charge_id=${encodeURIComponent(providerChargeId)}&page=1&size=100`,
  );
  return figuresOfPayables(list.data ?? [], providerChargeId);
}
