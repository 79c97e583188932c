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
import { reconcile } from './run';

export type { ReconciliationReport } from './run';
export type { PaymentReconciliationDeps };

export function createPaymentReconciliation(deps: PaymentReconciliationDeps) {
  const ctx = createReconciliationContext(deps);
  return {
    run: () => reconcile(ctx),
  };
}

export type PaymentReconciliation = ReturnType<typeof createPaymentReconciliation>;
