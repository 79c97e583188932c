import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

const now = sql`(unixepoch('subsec') * 1000)`;

/**
 * Messages sent through the site's contact form. Stored before the e-mail to the club is queued,
 * so nothing is lost if mail delivery fails; `outboxId` links the notification that was queued.
 */
export const contactMessages = sqliteTable(
  'contact_messages',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    /** The club address the message was e-mailed to (the configured contactEmail at the time). */
    recipient: text('recipient').notNull(),
    outboxId: text('outbox_id'),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull().default(now),
  },
  (table) => [index('contact_messages_created_idx').on(table.createdAt)],
);
