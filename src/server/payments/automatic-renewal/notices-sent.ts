/**
 * The notices a member was sent about automatic renewal, for the subscriber record: read from the
 * member's history, where each one left its line in the transaction that queued it (which notice,
 * the period, the channels).
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { CHANNELS, type Channel } from '../../../shared/notifications';
import type { RenewalNoticeView } from '../../../shared/automatic-renewal';
import { subscriberActivity } from '../../db/schema';
import type { ServiceDeps } from '../../lib/deps';
import { AUTOMATIC_RENEWAL_EVENTS } from './context';

const KIND_OF_EVENT: Record<string, RenewalNoticeView['kind']> = {
  [AUTOMATIC_RENEWAL_EVENTS.notice]: 'notice',
  [AUTOMATIC_RENEWAL_EVENTS.cardNotice]: 'cardExpiring',
  [AUTOMATIC_RENEWAL_EVENTS.failed]: 'retry',
  [AUTOMATIC_RENEWAL_EVENTS.off]: 'turnedOff',
};

/** A record keeps years of notices at a few a year: the newest are enough for the screen. */
const SHOWN = 50;

/** The e-mail always goes; a line written before the channels were kept says nothing more. */
function channelsOf(details: Record<string, unknown> | null): Channel[] {
  const listed = Array.isArray(details?.channels) ? details.channels : ['email'];
  return CHANNELS.filter((channel) => listed.includes(channel));
}

export function noticesSent(db: ServiceDeps['db'], subscriberId: string): RenewalNoticeView[] {
  return db
    .select({
      event: subscriberActivity.event,
      details: subscriberActivity.details,
      createdAt: subscriberActivity.createdAt,
    })
    .from(subscriberActivity)
    .where(
      and(
        eq(subscriberActivity.subscriberId, subscriberId),
        inArray(subscriberActivity.event, Object.keys(KIND_OF_EVENT)),
      ),
    )
    .orderBy(desc(subscriberActivity.createdAt), desc(sql`${subscriberActivity}.rowid`))
    .limit(SHOWN)
    .all()
    .map((row) => ({
      kind: KIND_OF_EVENT[row.event]!,
      periodEnd: typeof row.details?.periodEnd === 'string' ? row.details.periodEnd : null,
      sentAt: row.createdAt.toISOString(),
      channels: channelsOf(row.details),
    }));
}
