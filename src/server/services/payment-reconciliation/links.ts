import { and, asc, eq, gt, inArray, isNull, lt, or } from 'drizzle-orm';
import { paymentLinks } from '../../db/schema';
import { LINK_PIX_GRACE_MS, PROVIDER_CHECK_INTERVAL_MS } from '../payment-links';
import { after, BATCH, page, type ReconciliationContext } from './context';

/** Pending payment links (and, for the hour a PIX opened on a link stays payable, links just expired). */
export async function reconcileLinks(ctx: ReconciliationContext, now: Date) {
  const { db, provider, paymentLinks: links } = ctx;
  const due = page(ctx, 'links', (cursor) =>
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
