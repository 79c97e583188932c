import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { CHANNELS, OUTBOX_STATUSES } from '../../shared/notifications';

const now = sql`(unixepoch('subsec') * 1000)`;

/** Message templates edited by admins; a missing row means the default text of the content module. */
export const messageTemplates = sqliteTable(
  'message_templates',
  {
    key: text('key').notNull(),
    channel: text('channel', { enum: CHANNELS }).notNull(),
    subject: text('subject'),
    body: text('body').notNull(),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull().default(now),
  },
  (table) => [primaryKey({ columns: [table.key, table.channel] })],
);

/** Every e-mail and WhatsApp message is stored here first, then delivered by the outbox worker. */
export const outbox = sqliteTable(
  'outbox',
  {
    id: text('id').primaryKey(),
    channel: text('channel', { enum: CHANNELS }).notNull(),
    recipient: text('recipient').notNull(),
    template: text('template').notNull(),
    subject: text('subject'),
    /** What admins read: secrets (set-password links) replaced by a placeholder. */
    body: text('body').notNull(),
    /**
     * The text actually delivered when it carries a secret; wiped once the message is sent, so the
     * link is never readable afterwards (ADR 008). Null for messages without secrets.
     */
    deliveryBody: text('delivery_body'),
    /**
     * Replace the recipient by a placeholder once the message is sent: the last message to a person
     * whose data was erased (LGPD, ADR 029) must not keep their address in the outbox.
     */
    eraseRecipientOnSend: integer('erase_recipient_on_send', { mode: 'boolean' }).notNull().default(false),
    status: text('status', { enum: OUTBOX_STATUSES }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: integer('next_attempt_at', { mode: 'timestamp_ms' }).notNull().default(now),
    sentAt: integer('sent_at', { mode: 'timestamp_ms' }),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull().default(now),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull().default(now),
  },
  (table) => [
    index('outbox_due_idx').on(table.status, table.nextAttemptAt),
    // The oldest message still waiting, for /api/health: one step down the index (ADR 036).
    index('outbox_status_created_idx').on(table.status, table.createdAt),
  ],
);

/**
 * Messages per outbox status, so /api/health reads its backlog in one row whatever its size (ADR
 * 036). Kept by triggers on `outbox` in the same transaction as every write that queues, sends,
 * fails or deletes a message (migration `outbox_counts`).
 */
export const outboxCounts = sqliteTable('outbox_counts', {
  status: text('status').primaryKey(),
  count: integer('count').notNull().default(0),
});

/**
 * Messages an admin sent to a filtered list of subscribers (ADR 046), one row per send, keyed by
 * the idempotency key the screen made when its dialog opened: a double click or a retry of the
 * same send finds this row and queues nothing again. The messages themselves are in `outbox`, each
 * also in its subscriber's history (`messaged`, with this row's id).
 */
export const listMessages = sqliteTable(
  'list_messages',
  {
    id: text('id').primaryKey(),
    adminId: text('admin_id').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    /** The text as written, `{{nome}}` included. */
    message: text('message').notNull(),
    /** The list's filters, as the address had them. */
    filter: text('filter', { mode: 'json' }).$type<Record<string, unknown>>().notNull(),
    sent: integer('sent').notNull(),
    skipped: integer('skipped').notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull().default(now),
  },
  (table) => [uniqueIndex('list_messages_key_uq').on(table.adminId, table.idempotencyKey)],
);
