import { and, asc, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { paymentLinks } from '../../db/schema';
import { after, BATCH, page, type ReconciliationContext } from './context';
import { refreshFromProvider } from '../links/link-status';
import { getLink } from '../links/context';
import { LINK_PIX_GRACE_MS, PROVIDER_CHECK_INTERVAL_MS } from '../links/link-details';

/**
 * Pending payment links; expired ones for the hour a PIX opened on them stays payable; and, once
 * that hour is over, each expired link until the provider has answered about it after the hour
 * (a PIX paid in its last minutes whose webhook was lost): a deadline decides nothing by itself.
 */
export async function reconcileLinks(ctx: ReconciliationContext, now: Date) {
  const { db, provider, paymentLinks: links } = ctx;
  const due = page(ctx, 'links', (cursor) =>
    db
      .select({ id: paymentLinks.id, createdAt: paymentLinks.createdAt })
      .from(paymentLinks)
      .where(
        and(
          eq(paymentLinks.provider, provider.name),
          inArray(paymentLinks.status, ['pending', 'expired']),
          // Open, or expired within the hour a PIX opened on it is still payable, or not yet
          // asked about since that hour ended.
          or(
            gt(paymentLinks.expiresAt, new Date(now.getTime() - LINK_PIX_GRACE_MS)),
            isNull(paymentLinks.checkedAt),
            lt(paymentLinks.checkedAt, sql`${paymentLinks.expiresAt} + ${LINK_PIX_GRACE_MS}`),
          ),
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
    await refreshFromProvider(links, id, 'reconciliation');
    if (getLink(links, id)?.status === 'paid') confirmed++;
  }
  return { checked: due.length, confirmed };
}
