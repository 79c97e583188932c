/**
 * Reconciliation (issue 9, issue 22): webhooks are the main path, but one may never arrive, or
 * arrive in a shape we did not match. A scheduled pass re-reads from the provider what is still
 * open on our side — pending payment links (and, for the hour a PIX opened on a link stays payable,
 * links just expired), pending in-page charges (by their charge, or by our code when the answer to
 * their attempt was lost), refunds in progress — and settles it through the same confirmation path
 * as the webhook, so it happens exactly once whichever of the two gets there first.
 *
 * Each kind is walked in a stable order (creation, then id) from where the previous pass stopped,
 * at most BATCH rows a pass, starting over after the last: every open row is asked about in turn,
 * however many there are (ADR 030).
 */
import { and, asc, eq, gt, inArray, isNull, lt, or, type SQL } from 'drizzle-orm';
import { PAYMENT_LINK_TTL_HOURS } from '../../shared/plans';
import { paymentLinks, payments, type Payment } from '../db/schema';
import type { PaymentProvider } from '../providers/payment/types';
import type { ServiceDeps } from './deps';
import type { PaymentConfirmation } from './payment-confirmation';
import { LINK_PIX_GRACE_MS, PROVIDER_CHECK_INTERVAL_MS, type PaymentLinksService } from './payment-links';
import { PAYMENT_MSG } from './payments';
import { createPaymentVerification } from './payment-verification';
import { PROVIDER } from './subscriber-lifecycle';

const HOUR_MS = 60 * 60 * 1000;
/** Each pass looks at this many items of each kind at most, continuing where the last pass stopped. */
const BATCH = 100;

export interface ReconciliationReport {
  linksChecked: number;
  linksConfirmed: number;
  chargesChecked: number;
  chargesSettled: number;
  refundsCompleted: number;
  refundsReverted: number;
}

/** Where a walk stopped: the last row handled, in (createdAt, id) order. */
type Cursor = { createdAt: Date; id: string } | null;

/** Rows after the cursor, in the walk's order. */
function after(cursor: Cursor, table: typeof payments | typeof paymentLinks): SQL | undefined {
  if (!cursor) return undefined;
  return or(
    gt(table.createdAt, cursor.createdAt),
    and(eq(table.createdAt, cursor.createdAt), gt(table.id, cursor.id)),
  );
}

/** What reconciliation is built from, by name. */
export interface PaymentReconciliationDeps extends ServiceDeps {
  provider: PaymentProvider;
  paymentLinks: PaymentLinksService;
  confirmation: PaymentConfirmation;
}

export function createPaymentReconciliation(deps: PaymentReconciliationDeps) {
  const { db, clock, log, provider, paymentLinks: links, confirmation } = deps;
  const verification = createPaymentVerification(deps);
  const { history } = confirmation;
  const cursors: Record<'links' | 'charges' | 'refunds', Cursor> = {
    links: null,
    charges: null,
    refunds: null,
  };

  /** The next page of a walk, moving its cursor (back to the start after the last page). */
  function page<T extends { createdAt: Date; id: string }>(
    kind: keyof typeof cursors,
    read: (after: Cursor) => T[],
  ): T[] {
    const rows = read(cursors[kind]);
    const last = rows[rows.length - 1];
    cursors[kind] = rows.length < BATCH || !last ? null : { createdAt: last.createdAt, id: last.id };
    return rows;
  }

  async function reconcileLinks(now: Date) {
    const due = page('links', (cursor) =>
      db
        .select({ id: paymentLinks.id, createdAt: paymentLinks.createdAt })
        .from(paymentLinks)
        .where(
          and(
            eq(paymentLinks.provider, provider.name),
            // Open, or expired within the hour a PIX opened on it is still payable.
            inArray(paymentLinks.status, ['pending', 'expired']),
            gt(paymentLinks.expiresAt, new Date(now.getTime() - LINK_PIX_GRACE_MS)),
            or(
              isNull(paymentLinks.checkedAt),
              lt(paymentLinks.checkedAt, new Date(now.getTime() - PROVIDER_CHECK_INTERVAL_MS)),
            ),
            after(cursor, paymentLinks),
          ),
        )
        .orderBy(asc(paymentLinks.createdAt), asc(paymentLinks.id))
        .limit(BATCH)
        .all(),
    );
    let confirmed = 0;
    for (const { id } of due) {
      await links.refreshFromProvider(id, 'reconciliation');
      if (links.getById(id)?.status === 'paid') confirmed++;
    }
    return { checked: due.length, confirmed };
  }

  /** A pending charge read back by its id: settled as its webhook would have done. */
  async function checkCharge(payment: Payment): Promise<boolean> {
    const charge = await provider.getCharge({
      paymentId: payment.id,
      providerChargeId: payment.providerChargeId,
    });
    let change: string | null = null;
    if (charge?.status === 'paid') {
      const result = confirmation.confirmPayment(payment, charge);
      change = result.confirmed ? 'confirmed' : result.reason === 'already' ? null : result.reason;
    } else if (charge?.status === 'failed') {
      change = confirmation.failPayment(payment.id, charge) ? 'failed' : null;
    } else if (charge?.status === 'refunded' || charge?.status === 'cancelled') {
      // Cancelled before it was paid (a PIX that expired): this attempt only.
      change = confirmation.cancelPayment(payment.id) ? 'cancelled' : null;
    }
    if (!change) return false;
    history.record({
      paymentId: payment.id,
      source: 'reconciliation',
      kind: 'charge_check',
      details: { outcome: charge?.status ?? null, change, chargeId: charge?.providerChargeId ?? null },
    });
    return change === 'confirmed' || change === 'failed' || change === 'cancelled';
  }

  /** In-page charges (card or PIX) still pending, created within a link's validity. */
  async function reconcileCharges(now: Date) {
    const due = page('charges', (cursor) =>
      db
        .select()
        .from(payments)
        .where(
          and(
            eq(payments.status, 'pending'),
            eq(payments.provider, provider.name),
            isNull(payments.paymentLinkId),
            gt(payments.createdAt, new Date(now.getTime() - PAYMENT_LINK_TTL_HOURS * HOUR_MS)),
            after(cursor, payments),
          ),
        )
        .orderBy(asc(payments.createdAt), asc(payments.id))
        .limit(BATCH)
        .all(),
    );
    let settled = 0;
    for (const payment of due) {
      try {
        if (payment.verifyingSince) {
          const outcome = await verification.lookUp(payment.id, 'reconciliation');
          if (outcome === 'paid' || outcome === 'failed' || outcome === 'gave_up') settled++;
        } else if (await checkCharge(payment)) settled++;
      } catch (error) {
        log.warn({ paymentId: payment.id, err: (error as Error).message }, 'charge reconciliation failed');
      }
    }
    return { checked: due.length, settled };
  }

  /**
   * Refunds the provider accepted and had not completed: completed once it says so, or reverted when
   * the charge reads `paid` again (the refund did not go through; the owner may ask again).
   */
  async function reconcileRefunds() {
    const due = page('refunds', (cursor) =>
      db
        .select()
        .from(payments)
        .where(
          and(
            eq(payments.status, 'paid'),
            eq(payments.refundStatus, 'processing'),
            eq(payments.provider, provider.name),
            after(cursor, payments),
          ),
        )
        .orderBy(asc(payments.createdAt), asc(payments.id))
        .limit(BATCH)
        .all(),
    );
    let completed = 0;
    let reverted = 0;
    for (const payment of due) {
      try {
        const charge = await provider.getCharge({
          paymentId: payment.id,
          providerChargeId: payment.providerChargeId,
        });
        const record = (kind: 'refund_completed' | 'refund_reverted') =>
          history.record({ paymentId: payment.id, source: 'reconciliation', kind });
        if (
          charge?.status === 'refunded' &&
          confirmation.markRefunded(payment, PAYMENT_MSG.refundedByProvider, PROVIDER)
        ) {
          record('refund_completed');
          completed++;
        } else if (charge?.status === 'paid' && confirmation.refundReverted(payment.id)) {
          record('refund_reverted');
          reverted++;
        }
      } catch (error) {
        log.warn({ paymentId: payment.id, err: (error as Error).message }, 'refund reconciliation failed');
      }
    }
    return { completed, reverted };
  }

  return {
    async run(): Promise<ReconciliationReport> {
      const now = clock.now();
      const linkResult = await reconcileLinks(now);
      const chargeResult = await reconcileCharges(now);
      const refunds = await reconcileRefunds();
      const report = {
        linksChecked: linkResult.checked,
        linksConfirmed: linkResult.confirmed,
        chargesChecked: chargeResult.checked,
        chargesSettled: chargeResult.settled,
        refundsCompleted: refunds.completed,
        refundsReverted: refunds.reverted,
      };
      if (
        report.linksConfirmed + report.chargesSettled + report.refundsCompleted + report.refundsReverted >
        0
      ) {
        log.info(report, 'reconciliation settled payments whose webhook had not arrived');
      }
      return report;
    },
  };
}

export type PaymentReconciliation = ReturnType<typeof createPaymentReconciliation>;
