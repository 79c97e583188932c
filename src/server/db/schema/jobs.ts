import { sql } from 'drizzle-orm';
import { integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { subscribers } from '../../membership/schema/subscribers';

/**
 * Renewal reminders already sent, one row per subscriber, threshold (30 or 7 days left) and paid
 * period (its end date): the scheduled job's memory, so a second run or a restart sends nothing
 * twice, and a renewed period (a new end date) is reminded again. Written in the same transaction
 * as the messages it queues.
 */
export const renewalReminders = sqliteTable(
  'renewal_reminders',
  {
    subscriberId: text('subscriber_id')
      .notNull()
      .references(() => subscribers.id, { onDelete: 'cascade' }),
    thresholdDays: integer('threshold_days').notNull(),
    periodEnd: integer('period_end', { mode: 'timestamp_ms' }).notNull(),
    /** The renewal link the reminder carried (null for a threshold passed over by a later one). */
    paymentLinkId: text('payment_link_id'),
    /** `job` (the daily pass) or the admin's id (the WhatsApp screen's button). */
    sentBy: text('sent_by').notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' })
      .notNull()
      .default(sql`(unixepoch('subsec') * 1000)`),
  },
  (table) => [primaryKey({ columns: [table.subscriberId, table.thresholdDays, table.periodEnd] })],
);
