/**
 * The profile-update wizard (docs/product/public-site-and-checkout.md §2, docs/product/decisions.md §3.8). A subscriber finds the record by e-mail
 * or phone without a password, so the lookup answers only masked data and sends a 6-digit code to
 * the e-mail and WhatsApp already on file; the code (10 minutes, 5 tries) yields a short-lived
 * token, and only that token unlocks the full data and the one save of `complete-profile`. Codes
 * and tokens are stored hashed and never logged; the outbox keeps the code out of its readable copy.
 */
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { and, count, desc, eq, gt, gte, inArray, isNotNull, isNull, lt, ne, or, sql } from 'drizzle-orm';
import { addressColumns, addressText } from '../../shared/fields/address';
import { BRAZIL_COUNTRY_CODE, digitsOf, nationalPhoneDigits } from '../../shared/fields/rules';
import {
  PROFILE_UPDATE_CODE_TTL_MINUTES,
  PROFILE_UPDATE_MAX_TRIES,
  PROFILE_UPDATE_MSG,
  WIZARD_SHIRT_SIZES,
  type CompleteProfileInput,
  type CompleteProfileResponse,
  type RequestFormInput,
  type RequestFormResponse,
  type VerifyCodeInput,
  type VerifyCodeResponse,
} from '../../shared/profile-update-schemas';
import { profileUpdateCodes, subscribers, type Subscriber } from '../db/schema';
import { AppError } from '../errors';
import { newId } from '../ids';
import type { Credentials } from './credentials';
import type { ServiceDeps } from './deps';
import type { EmailChanges } from './email-changes';
import type { OutboxService } from './outbox';
import type { SubscriberLifecycle } from './subscriber-lifecycle';

const MINUTE_MS = 60_000;
export const CODE_TTL_MS = PROFILE_UPDATE_CODE_TTL_MINUTES * MINUTE_MS;
/** Time to fill step 2 after confirming the code. */
export const TOKEN_TTL_MS = 30 * MINUTE_MS;
/** A new code for the same record waits this long (one message at a time to the member's phone). */
export const RESEND_AFTER_MS = MINUTE_MS;
/** At most this many codes per record per hour: the lookup cannot be used to flood a member. */
export const CODES_PER_HOUR = 3;

/** What the outbox's readable copy shows instead of the code. */
export const CODE_PLACEHOLDER = '[código enviado somente ao destinatário]';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const codeHashOf = (rowId: string, code: string) => sha256(`${rowId}:${code}`);

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

/** "Maria da Silva" → first "Maria", last "da Silva". */
export function splitName(name: string): { firstName: string; lastName: string } {
  const words = name.trim().split(/\s+/).filter(Boolean);
  return { firstName: words[0] ?? '', lastName: words.slice(1).join(' ') };
}

/** "maria.silva@gmail.com" → "ma******@g****.com": enough for its owner to recognise it. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  const dot = domain.indexOf('.');
  const host = dot > 0 ? domain.slice(0, dot) : domain;
  const tld = dot > 0 ? domain.slice(dot) : '';
  const keep = local.length > 2 ? 2 : 1;
  // Between 3 and 6 stars: a long address neither breaks the screen nor tells its exact length.
  const stars = (hidden: number) => '*'.repeat(Math.min(6, Math.max(3, hidden)));
  return `${local.slice(0, keep)}${stars(local.length - keep)}@${host.slice(0, 1)}${stars(host.length - 1)}${tld}`;
}

/** "11987654321" → "(11) *****-4321"; only the last four digits and the area code show. */
export function maskPhone(phone: string): string {
  if (digitsOf(phone).length < 4) return '';
  const national = nationalPhoneDigits(phone);
  if (national.length === 10 || national.length === 11) {
    return `(${national.slice(0, 2)}) ${'*'.repeat(national.length - 6)}-${national.slice(-4)}`;
  }
  return `${'*'.repeat(national.length - 4)}${national.slice(-4)}`;
}

/** The phone as stored (digits) in the spellings a person may type: with or without +55. */
function phoneCandidates(digits: string): string[] {
  const national = nationalPhoneDigits(digits);
  return [...new Set([digits, national, `${BRAZIL_COUNTRY_CODE}${national}`])];
}

export function createProfileUpdateService({
  db,
  env,
  clock,
  log,
  outbox,
  lifecycle,
  credentials,
  emailChanges,
}: ServiceDeps & {
  outbox: OutboxService;
  lifecycle: SubscriberLifecycle;
  credentials: Credentials;
  emailChanges: EmailChanges;
}) {
  /**
   * A record the wizard may find. A never-paid checkout record that nobody at the club created is
   * provisional (anyone can type anyone's e-mail into a checkout, docs/product/decisions.md §3.1): not found.
   */
  const findable = or(ne(subscribers.status, 'pending_payment'), isNotNull(subscribers.createdBy));

  function find(input: RequestFormInput): Subscriber | undefined {
    if (input.email) {
      const byEmail = db
        .select()
        .from(subscribers)
        .where(and(eq(subscribers.email, input.email), findable))
        .get();
      if (byEmail) return byEmail;
    }
    if (input.phone) {
      // A phone is not unique: the record touched last is the one its owner is updating.
      return db
        .select()
        .from(subscribers)
        .where(and(inArray(subscribers.phone, phoneCandidates(input.phone)), findable))
        .orderBy(desc(subscribers.updatedAt), desc(subscribers.createdAt))
        .get();
    }
    return undefined;
  }

  function latestCode(subscriberId: string) {
    return db
      .select()
      .from(profileUpdateCodes)
      .where(eq(profileUpdateCodes.subscriberId, subscriberId))
      .orderBy(desc(profileUpdateCodes.createdAt), desc(sql`${profileUpdateCodes}.rowid`))
      .get();
  }

  /** Refuses a new code while the last one is fresh and usable, and past the hourly allowance. */
  function checkAllowance(subscriberId: string, now: Date) {
    const last = latestCode(subscriberId);
    if (
      last &&
      now.getTime() - last.createdAt.getTime() < RESEND_AFTER_MS &&
      last.verifiedAt === null &&
      last.attempts < PROFILE_UPDATE_MAX_TRIES
    ) {
      throw new AppError('TOO_MANY_REQUESTS', PROFILE_UPDATE_MSG.codeResendTooSoon);
    }
    const lastHour =
      db
        .select({ total: count() })
        .from(profileUpdateCodes)
        .where(
          and(
            eq(profileUpdateCodes.subscriberId, subscriberId),
            gt(profileUpdateCodes.createdAt, new Date(now.getTime() - 60 * MINUTE_MS)),
          ),
        )
        .get()?.total ?? 0;
    if (lastHour >= CODES_PER_HOUR) throw new AppError('TOO_MANY_REQUESTS', PROFILE_UPDATE_MSG.tooManyCodes);
  }

  /**
   * Where a code may go (ADR 027): it unlocks the record, and its save can move the record's
   * e-mail, so it is a credential. A record that belongs to an account (tied to it, or filed under
   * its sign-in address) gets it on the account's e-mail and on the WhatsApp number the account
   * proved. A record without an account gets it on its e-mail only: that address is where the
   * approval sends the new account's link, while the phone on file is whatever the payer typed.
   */
  function codeRecipients(subscriber: Subscriber): { email: string; whatsapp: string | null } {
    const owner = credentials.accountOf(subscriber);
    if (!owner) return { email: subscriber.email, whatsapp: null };
    return { email: owner.email, whatsapp: credentials.provenPhone(owner.id)?.phone ?? null };
  }

  function sendCode(subscriber: Subscriber, code: string) {
    const to = codeRecipients(subscriber);
    const vars = { name: splitName(subscriber.name).firstName || subscriber.name };
    const secret = { secretVars: { code }, secretPlaceholder: CODE_PLACEHOLDER };
    outbox.enqueue({
      channel: 'email',
      recipient: to.email,
      template: 'profile_update_code',
      vars,
      ...secret,
    });
    if (to.whatsapp) {
      outbox.enqueue({
        channel: 'whatsapp',
        recipient: to.whatsapp,
        template: 'profile_update_code',
        vars,
        ...secret,
      });
    }
    return { email: maskEmail(to.email), whatsapp: to.whatsapp ? maskPhone(to.whatsapp) : null };
  }

  function fullData(subscriber: Subscriber): VerifyCodeResponse['subscriber'] {
    return {
      id: subscriber.id,
      name: subscriber.name,
      email: subscriber.email,
      phone: subscriber.phone,
      currentData: {
        ...splitName(subscriber.name),
        address: addressText(subscriber),
        shirtSize: subscriber.shirtSize,
      },
    };
  }

  return {
    /** Step 1: finds the record, sends a fresh code to its e-mail and WhatsApp, answers masked data. */
    requestForm(input: RequestFormInput): RequestFormResponse {
      const subscriber = find(input);
      if (!subscriber) throw new AppError('NOT_FOUND', PROFILE_UPDATE_MSG.notFound);
      const now = clock.now();
      checkAllowance(subscriber.id, now);
      const id = newId();
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      db.transaction((tx) => {
        // One live code per record: the previous ones stop working.
        tx.update(profileUpdateCodes)
          .set({ expiresAt: now })
          .where(
            and(
              eq(profileUpdateCodes.subscriberId, subscriber.id),
              isNull(profileUpdateCodes.verifiedAt),
              gt(profileUpdateCodes.expiresAt, now),
            ),
          )
          .run();
        tx.insert(profileUpdateCodes)
          .values({
            id,
            subscriberId: subscriber.id,
            codeHash: codeHashOf(id, code),
            expiresAt: new Date(now.getTime() + CODE_TTL_MS),
            createdAt: now,
          })
          .run();
      });
      const codeSentTo = sendCode(subscriber, code);
      log.info({ subscriberId: subscriber.id }, 'profile-update code queued');
      const { firstName, lastName } = splitName(subscriber.name);
      const initial = lastName ? `${lastName.split(/\s+/).at(-1)!.slice(0, 1).toUpperCase()}.` : '';
      return {
        success: true,
        subscriber: {
          id: subscriber.id,
          name: [firstName, initial].filter(Boolean).join(' '),
          email: maskEmail(subscriber.email),
          phone: maskPhone(subscriber.phone),
          currentData: { firstName, lastName: initial, address: null, shirtSize: null },
        },
        codeSentTo,
      };
    },

    /** Step 1, second half: a right code (in time, within 5 tries) gives the token and the full data. */
    verifyCode(input: VerifyCodeInput): VerifyCodeResponse {
      const now = clock.now();
      const row = latestCode(input.subscriberId);
      if (!row || row.verifiedAt !== null || row.expiresAt.getTime() <= now.getTime()) {
        throw new AppError('BAD_REQUEST', PROFILE_UPDATE_MSG.codeExpired);
      }
      if (row.attempts >= PROFILE_UPDATE_MAX_TRIES) {
        throw new AppError('BAD_REQUEST', PROFILE_UPDATE_MSG.codeLocked);
      }
      if (!sameHash(row.codeHash, codeHashOf(row.id, input.code))) {
        // Counted in the database, conditionally, so concurrent tries cannot exceed the five.
        const counted = db
          .update(profileUpdateCodes)
          .set({ attempts: sql`${profileUpdateCodes.attempts} + 1` })
          .where(
            and(eq(profileUpdateCodes.id, row.id), lt(profileUpdateCodes.attempts, PROFILE_UPDATE_MAX_TRIES)),
          )
          .returning({ attempts: profileUpdateCodes.attempts })
          .get();
        const left = counted ? PROFILE_UPDATE_MAX_TRIES - counted.attempts : 0;
        log.info({ subscriberId: input.subscriberId, left }, 'profile-update code refused');
        throw new AppError(
          'BAD_REQUEST',
          left > 0 ? PROFILE_UPDATE_MSG.codeWrong(left) : PROFILE_UPDATE_MSG.codeLocked,
        );
      }
      const token = randomBytes(32).toString('base64url');
      const tokenExpiresAt = new Date(now.getTime() + TOKEN_TTL_MS);
      const claimed = db
        .update(profileUpdateCodes)
        .set({ verifiedAt: now, tokenHash: sha256(token), tokenExpiresAt })
        .where(
          and(
            eq(profileUpdateCodes.id, row.id),
            isNull(profileUpdateCodes.verifiedAt),
            lt(profileUpdateCodes.attempts, PROFILE_UPDATE_MAX_TRIES),
            gt(profileUpdateCodes.expiresAt, now),
          ),
        )
        .run();
      if (claimed.changes === 0) throw new AppError('BAD_REQUEST', PROFILE_UPDATE_MSG.codeExpired);
      const subscriber = db.select().from(subscribers).where(eq(subscribers.id, input.subscriberId)).get();
      if (!subscriber) throw new AppError('NOT_FOUND', PROFILE_UPDATE_MSG.notFound);
      log.info({ subscriberId: subscriber.id }, 'profile-update code confirmed');
      return {
        success: true,
        verificationToken: token,
        expiresAt: tokenExpiresAt.toISOString(),
        subscriber: fullData(subscriber),
      };
    },

    /**
     * Step 2: saves the profile once per confirmed code. Without a valid token nothing changes. The
     * status is not touched (the wizard edits data, not the membership); the save is in the history.
     */
    completeProfile(input: CompleteProfileInput): CompleteProfileResponse {
      const now = clock.now();
      const subscriber = db.transaction((tx) => {
        const grant = tx
          .select()
          .from(profileUpdateCodes)
          .where(
            and(
              eq(profileUpdateCodes.tokenHash, sha256(input.verificationToken)),
              eq(profileUpdateCodes.subscriberId, input.subscriberId),
              isNull(profileUpdateCodes.usedAt),
              gte(profileUpdateCodes.tokenExpiresAt, now),
            ),
          )
          .get();
        if (!grant) throw new AppError('FORBIDDEN', PROFILE_UPDATE_MSG.tokenInvalid);
        const current = tx.select().from(subscribers).where(eq(subscribers.id, input.subscriberId)).get();
        if (!current) throw new AppError('NOT_FOUND', PROFILE_UPDATE_MSG.notFound);
        const offered = (WIZARD_SHIRT_SIZES as readonly string[]).includes(input.shirtSize);
        if (!offered && input.shirtSize !== current.shirtSize) {
          throw new AppError('BAD_REQUEST', PROFILE_UPDATE_MSG.shirtSizeInvalid);
        }
        // The e-mail is a sign-in address, or becomes one at approval: it changes only once the new
        // address confirms it (ADR 027), and never to an address another account or record holds.
        const owner = credentials.accountOf(current);
        const loginEmail = owner?.email ?? current.email;
        const emailToConfirm = input.email !== current.email && input.email !== loginEmail;
        if (emailToConfirm) {
          emailChanges.request({
            target: owner
              ? { userId: owner.id, subscriberId: current.id }
              : { userId: null, subscriberId: current.id },
            newEmail: input.email,
            name: current.name,
            requestedBy: 'wizard',
            requestedById: null,
            takenMessage: PROFILE_UPDATE_MSG.emailTaken,
          });
        }
        const next = {
          name: `${input.firstName} ${input.lastName}`,
          phone: input.phone,
          ...addressColumns(input.address),
          shirtSize: input.shirtSize,
        };
        const changes: Record<string, { from: unknown; to: unknown }> = {};
        for (const key of Object.keys(next) as (keyof typeof next)[]) {
          if ((current[key] ?? null) !== next[key])
            changes[key] = { from: current[key] ?? null, to: next[key] };
        }
        const used = tx
          .update(profileUpdateCodes)
          .set({ usedAt: now })
          .where(and(eq(profileUpdateCodes.id, grant.id), isNull(profileUpdateCodes.usedAt)))
          .run();
        if (used.changes === 0) throw new AppError('FORBIDDEN', PROFILE_UPDATE_MSG.tokenInvalid);
        const row = tx
          .update(subscribers)
          .set({ ...next, profileCompleted: true, profileCompletedAt: now, updatedAt: now })
          .where(eq(subscribers.id, current.id))
          .returning()
          .get();
        if (!row) throw new AppError('NOT_FOUND', PROFILE_UPDATE_MSG.notFound);
        lifecycle.record({
          subscriberId: current.id,
          event: 'profile_completed',
          // The member acted, proven by the code; the linked account names them when there is one.
          actor: { kind: 'member', id: current.userId ?? current.id },
          details: { changes, via: 'formulario-atualizacao' },
        });
        return { row, loginEmail, pendingEmail: emailToConfirm ? input.email : null };
      });
      log.info({ subscriberId: subscriber.row.id }, 'profile completed through the wizard');
      return {
        success: true,
        // The login is the account's e-mail when the record has one; otherwise the record's.
        credentials: { email: subscriber.loginEmail, referralCode: subscriber.row.referralCode },
        accessInfo: { dashboardUrl: `${env.publicUrl}/login` },
        pendingEmail: subscriber.pendingEmail,
      };
    },
  };
}

export type ProfileUpdateService = ReturnType<typeof createProfileUpdateService>;
