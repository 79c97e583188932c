import { and, eq, sql } from 'drizzle-orm';
import { webhookEvents, type Payment } from '../../db/schema';
import type { PaymentProvider } from '../providers/types';
import type { ServiceDeps } from '../../lib/deps';
import type { PaymentLinksContext } from '../links/context';
import type { ConfirmationContext } from '../confirmation/context';

/** What the webhooks are built from, by name. */
export interface PaymentWebhooksDeps extends ServiceDeps {
  provider: PaymentProvider;
  paymentLinks: PaymentLinksContext;
  confirmation: ConfirmationContext;
  getById: (id: string) => Payment | undefined;
}

/** Read and written for every webhook: prepared once (ADR 043). */
function prepareHookStatements(db: ServiceDeps['db']) {
  return {
    hookSeen: db
      .select({ id: webhookEvents.id })
      .from(webhookEvents)
      .where(
        and(
          eq(webhookEvents.provider, sql.placeholder('provider')),
          eq(webhookEvents.hookId, sql.placeholder('hookId')),
        ),
      )
      .prepare(),
    /** The hook id's claim, written `processed` (the column's default). */
    claimHook: db
      .insert(webhookEvents)
      .values({
        id: sql.placeholder('id'),
        provider: sql.placeholder('provider'),
        hookId: sql.placeholder('hookId'),
        type: sql.placeholder('type'),
        receivedAt: sql.placeholder('receivedAt'),
      })
      .onConflictDoNothing()
      .prepare(),
  };
}

/** The dependencies plus the prepared "hook already seen" read and the hook's claim. */
export type WebhooksContext = PaymentWebhooksDeps & ReturnType<typeof prepareHookStatements>;

export function createWebhooksContext(deps: PaymentWebhooksDeps): WebhooksContext {
  return { ...deps, ...prepareHookStatements(deps.db) };
}
