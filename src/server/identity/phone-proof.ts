/**
 * Proving a WhatsApp number (ADR 027): a number is the account's only once a code sent to it was
 * typed back by the signed-in member. Codes are 6 digits, valid 10 minutes and 5 tries, stored
 * hashed, sent through the outbox with the code kept out of its readable copy. Per account: a new
 * code waits a minute and at most 3 go out per hour; per IP the operations' rate limit applies.
 * Each step is a module-level function taking the named dependencies first.
 */
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { and, count, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { digitsOf, PHONE_DIGITS } from '../../shared/fields/rules';
import { PHONE_PROOF_MSG } from '../../shared/identity-schemas';
import { accountPhones, phoneProofCodes } from '../db/schema';
import { AppError } from '../lib/errors';
import { newId } from '../lib/ids';
import { codeRefusal, type CodeLimits } from '../lib/code-allowance';
import type { ServiceDeps } from '../lib/deps';
import type { OutboxService } from '../messaging/outbox';
import { CODE_PLACEHOLDER } from '../membership/profile-update/deps';
import { maskPhone } from '../membership/profile-update/masks';

const MINUTE_MS = 60_000;
export const PHONE_CODE_TTL_MS = 10 * MINUTE_MS;
export const PHONE_CODE_MAX_TRIES = 5;
export const PHONE_CODE_RESEND_AFTER_MS = MINUTE_MS;
export const PHONE_CODES_PER_HOUR = 3;

/** What the phone proofs are built from, by name. */
export type PhoneProofDeps = ServiceDeps & { outbox: OutboxService };

type PhoneProofCode = typeof phoneProofCodes.$inferSelect;

const codeHashOf = (rowId: string, code: string) => createHash('sha256').update(`${rowId}:${code}`).digest();

/** The account's newest code (the live one, if any). */
function latest({ db }: PhoneProofDeps, userId: string) {
  return db
    .select()
    .from(phoneProofCodes)
    .where(eq(phoneProofCodes.userId, userId))
    .orderBy(desc(phoneProofCodes.createdAt), desc(sql`${phoneProofCodes}.rowid`))
    .get();
}

const PHONE_CODE_LIMITS: CodeLimits = {
  resendAfterMs: PHONE_CODE_RESEND_AFTER_MS,
  maxTries: PHONE_CODE_MAX_TRIES,
  perHour: PHONE_CODES_PER_HOUR,
};

/** A new code waits a minute after a live one, and at most three go out per hour (code-allowance.ts). */
function checkAllowance(deps: PhoneProofDeps, userId: string, now: Date) {
  const last = latest(deps, userId);
  const sentSince = (since: Date) =>
    deps.db
      .select({ total: count() })
      .from(phoneProofCodes)
      .where(and(eq(phoneProofCodes.userId, userId), gt(phoneProofCodes.createdAt, since)))
      .get()?.total ?? 0;
  const refusal = codeRefusal(last && { ...last, usedAt: last.provenAt }, sentSince, now, PHONE_CODE_LIMITS);
  if (refusal === 'resendTooSoon') throw new AppError('TOO_MANY_REQUESTS', PHONE_PROOF_MSG.resendTooSoon);
  if (refusal === 'tooManyCodes') throw new AppError('TOO_MANY_REQUESTS', PHONE_PROOF_MSG.tooManyCodes);
}

/** Stores a new code (hashed) for `digits`; one live code per account: the previous ones stop working. */
function storeCode({ db }: PhoneProofDeps, userId: string, digits: string, code: string, now: Date) {
  const id = newId();
  db.transaction((tx) => {
    tx.update(phoneProofCodes)
      .set({ expiresAt: now })
      .where(
        and(
          eq(phoneProofCodes.userId, userId),
          isNull(phoneProofCodes.provenAt),
          gt(phoneProofCodes.expiresAt, now),
        ),
      )
      .run();
    tx.insert(phoneProofCodes)
      .values({
        id,
        userId,
        phone: digits,
        codeHash: codeHashOf(id, code).toString('hex'),
        expiresAt: new Date(now.getTime() + PHONE_CODE_TTL_MS),
        createdAt: now,
      })
      .run();
  });
}

/** Sends a code by WhatsApp to `phone` (the member's record's number); answers it masked. */
function requestCode(deps: PhoneProofDeps, user: { id: string; name: string }, phone: string) {
  const { db, clock, log, outbox } = deps;
  const digits = digitsOf(phone);
  if (digits.length < PHONE_DIGITS.min) throw new AppError('BAD_REQUEST', PHONE_PROOF_MSG.noPhone);
  const proven = db.select().from(accountPhones).where(eq(accountPhones.userId, user.id)).get();
  if (proven?.phone === digits) throw new AppError('CONFLICT', PHONE_PROOF_MSG.alreadyProven);
  const now = clock.now();
  checkAllowance(deps, user.id, now);
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  storeCode(deps, user.id, digits, code, now);
  outbox.enqueue({
    channel: 'whatsapp',
    recipient: digits,
    template: 'phone_proof_code',
    vars: { name: user.name },
    secretVars: { code },
    secretPlaceholder: CODE_PLACEHOLDER,
  });
  log.info({ userId: user.id }, 'phone proof code queued');
  return { phone: maskPhone(digits) };
}

/**
 * A wrong guess, counted in the database, conditionally, so concurrent guesses cannot exceed the
 * five; the error says how many tries are left.
 */
function wrongGuess({ db }: PhoneProofDeps, row: PhoneProofCode): AppError {
  const [counted] = db
    .update(phoneProofCodes)
    .set({ attempts: sql`${phoneProofCodes.attempts} + 1` })
    .where(and(eq(phoneProofCodes.id, row.id), lt(phoneProofCodes.attempts, PHONE_CODE_MAX_TRIES)))
    .returning({ attempts: phoneProofCodes.attempts })
    .all();
  const left = counted ? PHONE_CODE_MAX_TRIES - counted.attempts : 0;
  return new AppError('BAD_REQUEST', left > 0 ? PHONE_PROOF_MSG.codeWrong(left) : PHONE_PROOF_MSG.codeLocked);
}

/** Uses the code up (once, still in time and within the tries) and makes its number the account's. */
function claimProof({ db }: PhoneProofDeps, userId: string, row: PhoneProofCode, now: Date) {
  db.transaction((tx) => {
    const claimed = tx
      .update(phoneProofCodes)
      .set({ provenAt: now })
      .where(
        and(
          eq(phoneProofCodes.id, row.id),
          isNull(phoneProofCodes.provenAt),
          lt(phoneProofCodes.attempts, PHONE_CODE_MAX_TRIES),
          gt(phoneProofCodes.expiresAt, now),
        ),
      )
      .run();
    if (claimed.changes === 0) throw new AppError('BAD_REQUEST', PHONE_PROOF_MSG.codeExpired);
    tx.insert(accountPhones)
      .values({ userId, phone: row.phone, provenAt: now })
      .onConflictDoUpdate({ target: accountPhones.userId, set: { phone: row.phone, provenAt: now } })
      .run();
  });
}

/** A right code (in time, within 5 tries) makes its number the account's proven WhatsApp. */
function confirm(deps: PhoneProofDeps, userId: string, code: string): { phone: string; provenAt: Date } {
  const now = deps.clock.now();
  const row = latest(deps, userId);
  if (!row || row.provenAt !== null || row.expiresAt.getTime() <= now.getTime()) {
    throw new AppError('BAD_REQUEST', PHONE_PROOF_MSG.codeExpired);
  }
  if (row.attempts >= PHONE_CODE_MAX_TRIES) throw new AppError('BAD_REQUEST', PHONE_PROOF_MSG.codeLocked);
  const expected = Buffer.from(row.codeHash, 'hex');
  const given = codeHashOf(row.id, code);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw wrongGuess(deps, row);
  claimProof(deps, userId, row, now);
  deps.log.info({ userId }, 'phone proven');
  return { phone: row.phone, provenAt: now };
}

/**
 * The account's live code for `phone` (sent to that number, not expired, used or locked), masked,
 * or null: what lets the page offer the code's field again after a reload.
 */
function pending(
  deps: PhoneProofDeps,
  userId: string,
  phone: string,
): { phone: string; expiresAt: Date } | null {
  const row = latest(deps, userId);
  const now = deps.clock.now();
  if (!row || row.provenAt !== null || row.expiresAt.getTime() <= now.getTime()) return null;
  if (row.attempts >= PHONE_CODE_MAX_TRIES || row.phone !== digitsOf(phone)) return null;
  return { phone: maskPhone(row.phone), expiresAt: row.expiresAt };
}

export function createPhoneProof(deps: PhoneProofDeps) {
  return {
    pending: (userId: string, phone: string) => pending(deps, userId, phone),
    requestCode: (user: { id: string; name: string }, phone: string): { phone: string } =>
      requestCode(deps, user, phone),
    confirm: (userId: string, code: string) => confirm(deps, userId, code),
  };
}

export type PhoneProof = ReturnType<typeof createPhoneProof>;
