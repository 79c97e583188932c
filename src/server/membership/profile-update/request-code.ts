/** Step 1: the record found by e-mail or phone, a fresh code sent to where it may go; the same answer either way. */
import { randomInt } from 'node:crypto';
import { and, count, desc, eq, gt, inArray, isNotNull, isNull, ne, or } from 'drizzle-orm';
import {
  PROFILE_UPDATE_MAX_TRIES,
  PROFILE_UPDATE_MSG,
  type RequestFormInput,
  type RequestFormResponse,
} from '../../../shared/profile-update-schemas';
import { profileUpdateCodes, subscribers, type Subscriber } from '../../db/schema';
import { codeRefusal, type CodeLimits } from '../../lib/code-allowance';
import { newId } from '../../lib/ids';
import {
  CODE_PLACEHOLDER,
  CODE_TTL_MS,
  CODES_PER_HOUR,
  codeHashOf,
  latestCode,
  RESEND_AFTER_MS,
  type ProfileUpdateDeps,
  type WizardDeps,
} from './deps';
import { phoneCandidates, splitName } from './masks';

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

/**
 * Whether a new code may go now: not while the last one is fresh and usable, nor past the hourly
 * allowance. A refusal is not told (the answer is the same as for an address nobody has); the
 * code already sent keeps working.
 */
function mayResend(deps: ProfileUpdateDeps, subscriberId: string, now: Date): boolean {
  const last = latestCode(deps, subscriberId);
  const sentSince = (since: Date) =>
    deps.db
      .select({ total: count() })
      .from(profileUpdateCodes)
      .where(and(eq(profileUpdateCodes.subscriberId, subscriberId), gt(profileUpdateCodes.createdAt, since)))
      .get()?.total ?? 0;
  const refusal = codeRefusal(last && { ...last, usedAt: last.verifiedAt }, sentSince, now, CODE_LIMITS);
  if (refusal) deps.log.info({ subscriberId, refusal }, 'profile-update code not sent: per-record limit');
  return refusal === null;
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

/**
 * Step 1: finds the record and sends a fresh code to its proven contacts. The answer is the same
 * whether a record was found or not, and names neither (ADR 018): only `requestId`, which the
 * code step sends back.
 */
export function requestForm(deps: WizardDeps, input: RequestFormInput): RequestFormResponse {
  const subscriber = find(deps, input);
  if (subscriber) {
    const now = deps.clock.now();
    if (mayResend(deps, subscriber.id, now)) {
      const code = issueCode(deps, subscriber.id, now);
      sendCode(deps, subscriber, code);
      deps.log.info({ subscriberId: subscriber.id }, 'profile-update code queued');
    }
  }
  return {
    success: true,
    message: PROFILE_UPDATE_MSG.lookupAnswer,
    requestId: deps.lookups.issue(subscriber?.id ?? null),
  };
}
