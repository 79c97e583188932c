/** Step 1: the record found by e-mail or phone, a fresh code sent to where it may go, masked data answered. */
import { randomInt } from 'node:crypto';
import { and, count, desc, eq, gt, inArray, isNotNull, isNull, ne, or } from 'drizzle-orm';
import {
  PROFILE_UPDATE_MAX_TRIES,
  PROFILE_UPDATE_MSG,
  type RequestFormInput,
  type RequestFormResponse,
} from '../../../shared/profile-update-schemas';
import { profileUpdateCodes, subscribers, type Subscriber } from '../../db/schema';
import { AppError } from '../../errors';
import { codeRefusal, type CodeLimits } from '../code-allowance';
import { newId } from '../../ids';
import {
  CODE_PLACEHOLDER,
  CODE_TTL_MS,
  CODES_PER_HOUR,
  codeHashOf,
  latestCode,
  RESEND_AFTER_MS,
  type ProfileUpdateDeps,
} from './deps';
import { maskEmail, maskPhone, phoneCandidates, splitName } from './masks';

/**
 * A record the wizard may find. A never-paid checkout record that nobody at the club created is
 * provisional (anyone can type anyone's e-mail into a checkout, docs/product/decisions.md §3.1): not found.
 */
const findable = or(ne(subscribers.status, 'pending_payment'), isNotNull(subscribers.createdBy));

function find({ db }: ProfileUpdateDeps, input: RequestFormInput): Subscriber | undefined {
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

const CODE_LIMITS: CodeLimits = {
  resendAfterMs: RESEND_AFTER_MS,
  maxTries: PROFILE_UPDATE_MAX_TRIES,
  perHour: CODES_PER_HOUR,
};

/** Refuses a new code while the last one is fresh and usable, and past the hourly allowance. */
function checkAllowance(deps: ProfileUpdateDeps, subscriberId: string, now: Date) {
  const last = latestCode(deps, subscriberId);
  const sentSince = (since: Date) =>
    deps.db
      .select({ total: count() })
      .from(profileUpdateCodes)
      .where(and(eq(profileUpdateCodes.subscriberId, subscriberId), gt(profileUpdateCodes.createdAt, since)))
      .get()?.total ?? 0;
  const refusal = codeRefusal(last && { ...last, usedAt: last.verifiedAt }, sentSince, now, CODE_LIMITS);
  if (refusal === 'resendTooSoon')
    throw new AppError('TOO_MANY_REQUESTS', PROFILE_UPDATE_MSG.codeResendTooSoon);
  if (refusal === 'tooManyCodes') throw new AppError('TOO_MANY_REQUESTS', PROFILE_UPDATE_MSG.tooManyCodes);
}

/**
 * Where a code may go (ADR 027): it unlocks the record, and its save can move the record's
 * e-mail, so it is a credential. A record that belongs to an account (tied to it, or filed under
 * its sign-in address) gets it on the account's e-mail and on the WhatsApp number the account
 * proved. A record without an account gets it on its e-mail only: that address is where the
 * approval sends the new account's link, while the phone on file is whatever the payer typed.
 */
function codeRecipients({ credentials }: ProfileUpdateDeps, subscriber: Subscriber) {
  const owner = credentials.accountOf(subscriber);
  if (!owner) return { email: subscriber.email, whatsapp: null };
  return { email: owner.email, whatsapp: credentials.provenPhone(owner.id)?.phone ?? null };
}

function sendCode(deps: ProfileUpdateDeps, subscriber: Subscriber, code: string) {
  const to = codeRecipients(deps, subscriber);
  const vars = { name: splitName(subscriber.name).firstName || subscriber.name };
  const secret = { secretVars: { code }, secretPlaceholder: CODE_PLACEHOLDER };
  deps.outbox.enqueue({
    channel: 'email',
    recipient: to.email,
    template: 'profile_update_code',
    vars,
    ...secret,
  });
  if (to.whatsapp) {
    deps.outbox.enqueue({
      channel: 'whatsapp',
      recipient: to.whatsapp,
      template: 'profile_update_code',
      vars,
      ...secret,
    });
  }
  return { email: maskEmail(to.email), whatsapp: to.whatsapp ? maskPhone(to.whatsapp) : null };
}

/** A new 6-digit code for the record, stored hashed; the previous live ones stop working. */
function issueCode({ db }: ProfileUpdateDeps, subscriberId: string, now: Date): string {
  const id = newId();
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  db.transaction((tx) => {
    // One live code per record: the previous ones stop working.
    tx.update(profileUpdateCodes)
      .set({ expiresAt: now })
      .where(
        and(
          eq(profileUpdateCodes.subscriberId, subscriberId),
          isNull(profileUpdateCodes.verifiedAt),
          gt(profileUpdateCodes.expiresAt, now),
        ),
      )
      .run();
    tx.insert(profileUpdateCodes)
      .values({
        id,
        subscriberId,
        codeHash: codeHashOf(id, code),
        expiresAt: new Date(now.getTime() + CODE_TTL_MS),
        createdAt: now,
      })
      .run();
  });
  return code;
}

/** Step 1: finds the record, sends a fresh code to its e-mail and WhatsApp, answers masked data. */
export function requestForm(deps: ProfileUpdateDeps, input: RequestFormInput): RequestFormResponse {
  const subscriber = find(deps, input);
  if (!subscriber) throw new AppError('NOT_FOUND', PROFILE_UPDATE_MSG.notFound);
  const now = deps.clock.now();
  checkAllowance(deps, subscriber.id, now);
  const code = issueCode(deps, subscriber.id, now);
  const codeSentTo = sendCode(deps, subscriber, code);
  deps.log.info({ subscriberId: subscriber.id }, 'profile-update code queued');
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
}
