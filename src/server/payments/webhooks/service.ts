/**
 * Provider webhooks: verified, deduplicated on the hook id, then applied through
 * payment-confirmation. Answers are domain results (`received` or `refused` with a reason); the
 * webhook operation turns a refusal into its HTTP status.
 * Each part lives in `payment-webhooks/`, module-level functions taking the context first.
 */
import type { PaymentEvent, PaymentProviderName, WebhookRequest } from '../providers/types';
import { applyEvent } from './apply-event';
import { createWebhooksContext, type PaymentWebhooksDeps } from './context';
import { handleWebhook } from './handle-webhook';

export type { WebhookRefusal, WebhookResult } from './result';
export type { PaymentWebhooksDeps };

export function createPaymentWebhooks(deps: PaymentWebhooksDeps) {
  const ctx = createWebhooksContext(deps);
  return {
    handleWebhook: (source: PaymentProviderName, request: WebhookRequest) =>
      handleWebhook(ctx, source, request),
    applyEvent: (event: PaymentEvent) => applyEvent(ctx, event),
  };
}
