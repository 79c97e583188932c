import { sql } from 'drizzle-orm';
import { blob, index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { ROLES } from '../../../shared/roles';

const now = sql`(unixepoch('subsec') * 1000)`;

export const users = sqliteTable('users', {
  id: text('id').primaryKey(),
  email: text('email').notNull().unique(),
  name: text('name').notNull(),
  role: text('role', { enum: ROLES }).notNull().default('user'),
  /** Null for a member approved by the club who has not set a password yet. */
  passwordHash: text('password_hash'),
  /**
   * When the owner proved the address, by using a link sent to it (e-mail confirmation or a
   * set-password link). Until then the account is never tied to records found under that e-mail.
   */
  emailVerifiedAt: integer('email_verified_at', { mode: 'timestamp_ms' }),
  createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull().default(now),
  updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull().default(now),
});

/** Lucia-style sessions: the token is `id.secret`; only a SHA-256 of the secret is stored. */
export const sessions = sqliteTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    secretHash: blob('secret_hash', { mode: 'buffer' }).notNull(),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull().default(now),
  },
  (table) => [index('sessions_user_idx').on(table.userId)],
);

/**
 * One-time links sent by e-mail: to set (or reset) a password (`/definir-senha?token=…`), to
 * confirm the address (`/confirmar-email?token=…`), or to say "não fui eu" after a security notice
 * (`/nao-fui-eu?token=…`).
 */
export const passwordTokens = sqliteTable(
  'password_tokens',
  {
    id: text('id').primaryKey(),
    purpose: text('purpose', { enum: ['set_password', 'verify_email', 'not_me'] })
      .notNull()
      .default('set_password'),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: blob('token_hash', { mode: 'buffer' }).notNull(),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    usedAt: integer('used_at', { mode: 'timestamp_ms' }),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull().default(now),
  },
  (table) => [index('password_tokens_user_idx').on(table.userId)],
);
