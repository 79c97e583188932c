/**
 * The owner's account (docs/decisions/028-owner-account.md): two-factor sign-in with an
 * authenticator app, its one-time recovery codes, and the step-ups that let a session make a
 * sensitive change for a few minutes.
 */
import { sql } from 'drizzle-orm';
import { blob, index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { sessions, users } from './accounts';

const now = sql`(unixepoch('subsec') * 1000)`;

/**
 * One row per account that started enrolling. The TOTP key is stored encrypted (AES-256-GCM) with a
 * key kept outside the database (DATA_DIR/secrets), so a copy of the database alone cannot make
 * codes. `enabledAt` is null until the first code confirmed the app was set up.
 */
export const twoFactorSecrets = sqliteTable('two_factor_secrets', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secretBox: blob('secret_box', { mode: 'buffer' }).notNull(),
  enabledAt: integer('enabled_at', { mode: 'timestamp_ms' }),
  /** The last 30-second step whose code was accepted: a code works once (no replay). */
  lastUsedStep: integer('last_used_step').notNull().default(0),
  createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull().default(now),
});

/** Recovery codes: only a SHA-256 of each is kept; each works once, in place of the app's code. */
export const recoveryCodes = sqliteTable(
  'recovery_codes',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: blob('code_hash', { mode: 'buffer' }).notNull(),
    usedAt: integer('used_at', { mode: 'timestamp_ms' }),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull().default(now),
  },
  (table) => [index('recovery_codes_user_idx').on(table.userId)],
);

/** When a session last confirmed its owner's identity again (the password or a code). */
export const sessionStepUps = sqliteTable('session_step_ups', {
  sessionId: text('session_id')
    .primaryKey()
    .references(() => sessions.id, { onDelete: 'cascade' }),
  at: integer('at', { mode: 'timestamp_ms' }).notNull(),
});
