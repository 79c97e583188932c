/**
 * Reads one payment's receipt for the person allowed to see it: the member whose payment it is,
 * or an admin. Anyone else, and a payment that was never paid, gets the same "not found" (a
 * receipt's existence says nothing about other people's payments).
 */
import { eq } from 'drizzle-orm';
import type { PublicUser } from '../../../shared/auth-schemas';
import { hasReceipt, RECEIPT_MSG, type Receipt } from '../../../shared/receipt';
import type { Settings } from '../../../shared/content/settings-defaults';
import type { Db } from '../../db/client';
import { payments, subscribers } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { iso } from '../../lib/output';

export interface ReceiptDeps {
  db: Db;
  settings: Pick<Settings, 'clubName' | 'clubTaxId'>;
}

export function readReceipt(
  { db, settings }: ReceiptDeps,
  paymentId: string,
  viewer: Pick<PublicUser, 'id' | 'role'>,
): Receipt {
  const row = db
    .select({
      payment: payments,
      payerName: subscribers.name,
      payerCpf: subscribers.cpf,
      userId: subscribers.userId,
    })
    .from(payments)
    .innerJoin(subscribers, eq(subscribers.id, payments.subscriberId))
    .where(eq(payments.id, paymentId))
    .get();
  if (!row || (viewer.role !== 'admin' && row.userId !== viewer.id)) {
    throw new AppError('NOT_FOUND', RECEIPT_MSG.notFound);
  }
  const { payment } = row;
  if (!hasReceipt(payment) || !payment.paidAt) {
    throw new AppError('NOT_FOUND', RECEIPT_MSG.notPaid);
  }
  const previousEnd = payment.previousEndDate;
  // The period bought starts where the paid one ended, or at payment when none was running.
  const periodStart =
    payment.periodEndDate && previousEnd && previousEnd > payment.paidAt ? previousEnd : payment.paidAt;
  return {
    number: payment.id,
    clubName: settings.clubName,
    clubTaxId: settings.clubTaxId || null,
    payerName: row.payerName,
    payerCpf: row.payerCpf,
    description: payment.description,
    periodStart: payment.periodEndDate ? periodStart.toISOString() : null,
    periodEnd: iso(payment.periodEndDate),
    amount: payment.amount,
    method: payment.method,
    cardBrand: payment.cardBrand,
    cardLast4: payment.cardLast4,
    paidAt: payment.paidAt.toISOString(),
    provider: payment.provider,
    providerOrderId: payment.providerOrderId,
    providerChargeId: payment.providerChargeId,
    refundedAt: payment.status === 'refunded' ? iso(payment.refundedAt ?? payment.updatedAt) : null,
    refundProcessing: payment.refundStatus === 'processing',
    chargedbackAt: iso(payment.chargedbackAt),
  };
}
