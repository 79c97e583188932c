/**
 * Reconciliation (issue 9, issue 22): webhooks are the main path, but one may never arrive, or
 * arrive in a shape we did not match. A scheduled pass re-reads from the provider what is still
 * open on our side — pending payment links (and, for the hour a PIX opened on a link stays payable,
 * links just expired), pending in-page charges however old (by their charge, or by our code when
 * the answer to their attempt was lost), attempts cancelled at a deadline (once more), refunds in
 * progress — and settles it through the same confirmation path
 * as the webhook, so it happens exactly once whichever of the two gets there first.
 *
 * Each kind is walked in a stable order (creation, then id) from where the previous pass stopped,
 * at most BATCH rows a pass, starting over after the last: every open row is asked about in turn,
 * however many there are (ADR 030).
 */
import { createReconciliationContext, type PaymentReconciliationDeps } from './context';
import { recheckDeadlineCancels, reconcileCharges } from './charges';
import { reconcileLinks } from './links';
import { reconcileRefunds } from '../refunds/reconcile-refunds';

export type { PaymentReconciliationDeps };

export interface ReconciliationReport {
  linksChecked: number;
  linksConfirmed: number;
  chargesChecked: number;
  chargesSettled: number;
  refundsCompleted: number;
  refundsReverted: number;
}

export function createPaymentReconciliation(deps: PaymentReconciliationDeps) {
  const ctx = createReconciliationContext(deps);
  return {
    async run(): Promise<ReconciliationReport> {
      const now = ctx.clock.now();
      const linkResult = await reconcileLinks(ctx, now);
      const recheck = await recheckDeadlineCancels(ctx);
      const chargeResult = await reconcileCharges(ctx);
      const refunds = await reconcileRefunds(ctx);
      const report = {
        linksChecked: linkResult.checked,
        linksConfirmed: linkResult.confirmed,
        chargesChecked: chargeResult.checked,
        chargesSettled: chargeResult.settled + recheck.confirmed,
        refundsCompleted: refunds.completed,
        refundsReverted: refunds.reverted,
      };
      if (
        report.linksConfirmed + report.chargesSettled + report.refundsCompleted + report.refundsReverted >
        0
      ) {
        ctx.log.info(report, 'reconciliation settled payments whose webhook had not arrived');
      }
      return report;
    },
  };
}

export type PaymentReconciliation = ReturnType<typeof createPaymentReconciliation>;
