/**
 * One pass of reconciliation (service.ts): links, deadline cancels, charges, refunds and the
 * provider's figures of paid charges, each from
 * where the previous pass stopped; a pass that settled anything says so in the log.
 */
import { recheckDeadlineCancels, reconcileCharges } from './charges';
import type { ReconciliationContext } from './context';
import { reconcileLinks } from './links';
import { reconcileRefunds } from '../refunds/reconcile-refunds';
import { refreshProviderFigures } from '../fees/refresh-figures';
import { deleteQueuedCards } from '../automatic-renewal/card-deletions';

export interface ReconciliationReport {
  linksChecked: number;
  linksConfirmed: number;
  chargesChecked: number;
  chargesSettled: number;
  refundsCompleted: number;
  refundsReverted: number;
  /** Paid charges whose figures (fee, net, payout date) were asked of the provider, and those it gave. */
  figuresChecked: number;
  figuresKnown: number;
  /** Saved cards of erased records deleted at the provider (ADR 052). */
  cardsDeleted: number;
}

export async function reconcile(ctx: ReconciliationContext): Promise<ReconciliationReport> {
  const now = ctx.clock.now();
  const linkResult = await reconcileLinks(ctx, now);
  const recheck = await recheckDeadlineCancels(ctx);
  const chargeResult = await reconcileCharges(ctx);
  const refunds = await reconcileRefunds(ctx);
  const cards = await deleteQueuedCards(ctx);
  // Last: reads only, and whatever the other walks settled as paid is asked about at once.
  const figures = await refreshProviderFigures(ctx);
  const report = {
    linksChecked: linkResult.checked,
    linksConfirmed: linkResult.confirmed,
    chargesChecked: chargeResult.checked,
    chargesSettled: chargeResult.settled + recheck.confirmed,
    refundsCompleted: refunds.completed,
    refundsReverted: refunds.reverted,
    figuresChecked: figures.checked,
    figuresKnown: figures.known,
    cardsDeleted: cards.deleted,
  };
  if (report.linksConfirmed + report.chargesSettled + report.refundsCompleted + report.refundsReverted > 0) {
    ctx.log.info(report, 'reconciliation settled payments whose webhook had not arrived');
  }
  return report;
}
