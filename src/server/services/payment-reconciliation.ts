/**
 * Reconciliation (issue 9): webhooks are the main path, but one may never arrive, or arrive in a
 * shape we did not match. A scheduled pass re-reads from the provider what is still open on our
 * side — pending payment links within their validity, pending in-page charges, refunds in progress —
 * and settles it through the same confirmation path as the webhook, so it happens exactly once
 * whichever of the two gets there first.
 */
import { and, eq, gt, isNull, lt, or } from 'drizzle-orm';
import { PAYMENT_LINK_TTL_HOURS } from '../../shared/plans';
import { paymentLinks, payments } from '../db/schema';
import type { PaymentProvider } from '../providers/payment/types';
import type { ServiceDeps } from './deps';
import type { PaymentConfirmation } from './payment-confirmation';
import { PROVIDER_CHECK_INTERVAL_MS, type PaymentLinksService } from './payment-links';
import { PAYMENT_MSG } from './payments';
import { PROVIDER } from './subscriber-lifecycle';

const HOUR_MS = 60 * 60 * 1000;
/** Each pass looks at this many items of each kind at most, oldest check first. */
const BATCH = 100;

export interface ReconciliationReport {
  linksChecked: number;
  linksConfirmed: number;
  chargesChecked: number;
  chargesSettled: number;
  refundsCompleted: number;
}

export function createPaymentReconciliation(
  { db, clock, log }: ServiceDeps,
  provider: PaymentProvider,
  links: PaymentLinksService,
  confirmation: PaymentConfirmation,
) {
  async function reconcileLinks(now: Date) {
    const due = db
      .select({ id: paymentLinks.id })
      .from(paymentLinks)
      .where(
        and(
          eq(paymentLinks.status, 'pending'),
          eq(paymentLinks.provider, provider.name),
          gt(paymentLinks.expiresAt, now),
          or(
            isNull(paymentLinks.checkedAt),
            lt(paymentLinks.checkedAt, new Date(now.getTime() - PROVIDER_CHECK_INTERVAL_MS)),
          ),
        ),
      )
      .orderBy(paymentLinks.checkedAt)
      .limit(BATCH)
      .all();
    let confirmed = 0;
    for (const { id } of due) {
      await links.refreshFromProvider(id);
      if (links.getById(id)?.status === 'paid') confirmed++;
    }
    return { checked: due.length, confirmed };
  }

  /** In-page charges (card or PIX) still pending, created within a link's validity. */
  async function reconcileCharges(now: Date) {
    const due = db
      .select()
      .from(payments)
      .where(
        and(
          eq(payments.status, 'pending'),
          eq(payments.provider, provider.name),
          isNull(payments.paymentLinkId),
          gt(payments.createdAt, new Date(now.getTime() - PAYMENT_LINK_TTL_HOURS * HOUR_MS)),
        ),
      )
      .limit(BATCH)
      .all();
    let settled = 0;
    for (const payment of due) {
      try {
        const charge = await provider.getCharge({
          paymentId: payment.id,
          providerChargeId: payment.providerChargeId,
        });
        if (charge?.status === 'paid') {
          if (confirmation.confirmPayment(payment, charge).confirmed) settled++;
        } else if (charge?.status === 'failed') {
          if (confirmation.failPayment(payment.id, charge)) settled++;
        }
      } catch (error) {
        log.warn({ paymentId: payment.id, err: (error as Error).message }, 'charge reconciliation failed');
      }
    }
    return { checked: due.length, settled };
  }

  /** Refunds the provider accepted and had not completed: completed once it says so. */
  async function reconcileRefunds() {
    const due = db
      .select()
      .from(payments)
      .where(
        and(
          eq(payments.status, 'paid'),
          eq(payments.refundStatus, 'processing'),
          eq(payments.provider, provider.name),
        ),
      )
      .limit(BATCH)
      .all();
    let completed = 0;
    for (const payment of due) {
      try {
        const charge = await provider.getCharge({
          paymentId: payment.id,
          providerChargeId: payment.providerChargeId,
        });
        if (
          charge?.status === 'refunded' &&
          confirmation.markRefunded(payment, PAYMENT_MSG.refundedByProvider, PROVIDER)
        ) {
          completed++;
        }
      } catch (error) {
        log.warn({ paymentId: payment.id, err: (error as Error).message }, 'refund reconciliation failed');
      }
    }
    return completed;
  }

  return {
    async run(): Promise<ReconciliationReport> {
      const now = clock.now();
      const linkResult = await reconcileLinks(now);
      const chargeResult = await reconcileCharges(now);
      const refundsCompleted = await reconcileRefunds();
      const report = {
        linksChecked: linkResult.checked,
        linksConfirmed: linkResult.confirmed,
        chargesChecked: chargeResult.checked,
        chargesSettled: chargeResult.settled,
        refundsCompleted,
      };
      if (report.linksConfirmed + report.chargesSettled + report.refundsCompleted > 0) {
        log.info(report, 'reconciliation settled payments whose webhook had not arrived');
      }
      return report;
    },
  };
}

export type PaymentReconciliation = ReturnType<typeof createPaymentReconciliation>;
