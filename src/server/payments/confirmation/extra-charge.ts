/**
 * Money that bought nothing (ADR 030): a second, different charge for a link or payment already
 * paid, or a charge paid with less than due.
 */
import { eq } from 'drizzle-orm';
import { planLabel } from '../../../shared/plans';
import { paymentLinks, payments, type Payment, type PaymentLink } from '../../db/schema';
import { newId } from '../../lib/ids';
import type { ChargeResult } from '../providers/types';
import { chargeFields } from './charges';
import { paymentByCharge, type ConfirmationContext } from './context';
import type { ConfirmResult } from './result';

/** What recording an extra charge did: its row, nothing (the charge is the payment itself), or refused. */
export type ExtraRecorded = { id: string } | 'nothing' | 'foreign';

/**
 * Why money bought nothing: a second charge, a charge paid short, or a charge on a link the club
 * had cancelled (paid in a race with the cancel, or after the person's data was erased).
 */
export type ExtraKind = 'duplicate' | 'underpaid' | 'cancelled_link';

/** What an extra charge is for: a payment (in-page, or a link's recorded one) and/or a link. */
export interface ExtraChargeInput {
  kind: ExtraKind;
  charge: ChargeResult & { amount: number };
  due: number;
  /** The payment it was meant for, when there is one. */
  of: Payment | null;
  link: PaymentLink | null;
  paidAt: Date;
}

/** What an extra charge's description adds to the payment's. */
export const extraSuffix = (kind: ExtraChargeInput['kind']) =>
  ({
    duplicate: 'cobrança duplicada',
    underpaid: 'valor recebido a menor',
    cancelled_link: 'pago em link cancelado',
  })[kind];

/** The extra payment's columns. */
function extraFields(input: ExtraChargeInput, provider: Payment['provider'], now: Date) {
  const { charge, link, of } = input;
  const subject = (of ?? link)!;
  return {
    ...chargeFields(charge),
    subscriberId: subject.subscriberId,
    paymentLinkId: link?.id ?? of?.paymentLinkId ?? null,
    planType: subject.planType,
    amount: charge.amount,
    status: 'paid' as const,
    provider,
    description: `${of?.description ?? `Link de pagamento - ${planLabel(link!.planType)}`} (${extraSuffix(
      input.kind,
    )})`,
    billingData: of?.billingData ?? link?.billingData ?? null,
    failureReason: null,
    extraCharge: input.kind,
    extraChargeOf: of?.id ?? null,
    verifyingSince: null,
    paidAt: input.paidAt,
    updatedAt: now,
  };
}

/** The extra charge in the histories of its own row and of what it was meant for, and in the error log. */
export function reportExtraCharge(
  { history, log }: ConfirmationContext,
  input: ExtraChargeInput,
  id: string,
) {
  const { charge, link, of } = input;
  const details = {
    extra: input.kind,
    extraPaymentId: id,
    chargeId: charge.providerChargeId,
    amount: charge.amount,
    due: input.due,
  };
  history.record({ paymentId: id, linkId: link?.id, source: 'webhook', kind: 'extra_charge', details });
  if (of) history.record({ paymentId: of.id, source: 'webhook', kind: 'extra_charge', details });
  else if (link) history.record({ linkId: link.id, source: 'webhook', kind: 'extra_charge', details });
  log.error(
    {
      kind: input.kind,
      linkId: link?.id ?? null,
      paymentId: of?.id ?? null,
      extraPaymentId: id,
      amount: charge.amount,
    },
    'money received that bought nothing: recorded as an extra charge for the owner to refund',
  );
}

/**
 * Records money that bought nothing as its own `paid` payment marked `extraCharge` — no period,
 * commission or e-mail — for the owner to refund from the back office, and logs it as an error.
 * Runs inside the caller's transaction. Returns the extra payment's id; 'nothing' when the charge is
 * the payment already on file; 'foreign' when the charge is on file for another payment or link
 * (it is never moved).
 */
export function recordExtraCharge(ctx: ConfirmationContext, input: ExtraChargeInput): ExtraRecorded {
  const { db, clock } = ctx;
  const { charge, link, of } = input;
  const chargeId = charge.providerChargeId;
  if (!chargeId) return 'nothing';
  const provider = link?.provider ?? of?.provider ?? 'sandbox';
  const known = paymentByCharge(ctx, provider, chargeId);
  if (known?.extraCharge) return { id: known.id };
  if (known && (known.status === 'paid' || known.status === 'refunded')) return 'nothing';
  const sameLink = Boolean(link && known?.paymentLinkId === link.id);
  if (known && !sameLink && known.id !== of?.id) return 'foreign';
  const now = clock.now();
  if (known && known.id === of?.id) {
    // The attempt itself holds the charge (an in-page PIX paid short): the money moves to its own
    // row, the attempt keeps its story (it fails, and the customer may try again).
    db.update(payments)
      .set({ providerChargeId: null, transactionId: null, updatedAt: now })
      .where(eq(payments.id, known.id))
      .run();
  }
  const id = known && sameLink ? known.id : newId();
  const fields = extraFields(input, provider, now);
  if (id === known?.id) db.update(payments).set(fields).where(eq(payments.id, id)).run();
  else
    db.insert(payments)
      .values({ ...fields, id, createdAt: now })
      .run();
  reportExtraCharge(ctx, input, id);
  return { id };
}

/** An extra charge's result, or `foreign` / `already` when there was nothing to record. */
export function extraResult(kind: ExtraKind, recorded: ExtraRecorded): ConfirmResult {
  if (recorded === 'foreign') return { confirmed: false, reason: 'foreign' };
  if (recorded === 'nothing') return { confirmed: false, reason: 'already' };
  return { confirmed: false, reason: kind, paymentId: recorded.id };
}

/** The payment recorded for a paid link, when there is one. */
export function recordedPaymentOf({ db }: ConfirmationContext, link: PaymentLink): Payment | undefined {
  const recordedId = db
    .select({ paymentId: paymentLinks.paymentId })
    .from(paymentLinks)
    .where(eq(paymentLinks.id, link.id))
    .get()?.paymentId;
  return recordedId ? db.select().from(payments).where(eq(payments.id, recordedId)).get() : undefined;
}
