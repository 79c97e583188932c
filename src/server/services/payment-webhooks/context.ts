import { and, eq, sql } from 'drizzle-orm';
import { webhookEvents, type Payment } from '../../db/schema';
import type { PaymentProvider } from '../../providers/payment/types';
import type { ServiceDeps } from '../deps';
import type { PaymentConfirmation } from '../payment-confirmation';
import type { PaymentLinksService } from '../payment-links';

/** What the webhooks are built from, by name. */
export interface PaymentWebhooksDeps extends ServiceDeps {
  provider: PaymentProvider;
  paymentLinks: PaymentLinksService;
  confirmation: PaymentConfirmation;
  getById: (id: string) => Payment | undefined;
}

function prepareHookSeen(db: ServiceDeps['db']) {
  return db
    .select({ id: webhookEvents.id })
    .from(webhookEvents)
    .where(
      and(
        eq(webhookEvents.provider, sql.placeholder('provider')),
        eq(webhookEvents.hookId, sql.placeholder('hookId')),
      ),
    )
    .prepare();
}

/** The dependencies plus the prepared "hook already seen" read. */
export type WebhooksContext = PaymentWebhooksDeps & { hookSeen: ReturnType<typeof prepareHookSeen> };

export function createWebhooksContext(deps: PaymentWebhooksDeps): WebhooksContext {
  return { ...deps, hookSeen: prepareHookSeen(deps.db) };
}
