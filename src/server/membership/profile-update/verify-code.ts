/** Step 1, second half: a right code (in time, within 5 tries) gives the token and the full data. */
import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { addressText } from '../../../shared/fields/address';
import {
  PROFILE_UPDATE_MAX_TRIES,
  PROFILE_UPDATE_MSG,
  type VerifyCodeInput,
  type VerifyCodeResponse,
} from '../../../shared/profile-update-schemas';
import { profileUpdateCodes, subscribers, type Subscriber } from '../../db/schema';
import { AppError } from '../../lib/errors';
import {
  codeHashOf,
  latestCode,
  sameHash,
  sha256,
  TOKEN_TTL_MS,
  type ProfileUpdateDeps,
  type WizardDeps,
} from './deps';
import { splitName } from './masks';

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

/** A wrong code: counted in the database, conditionally, so concurrent tries cannot exceed the five. */
function refuseWrongCode({ db, log }: ProfileUpdateDeps, codeId: string, subscriberId: string): never {
  const [counted] = db
    .update(profileUpdateCodes)
    .set({ attempts: sql`${profileUpdateCodes.attempts} + 1` })
    .where(and(eq(profileUpdateCodes.id, codeId), lt(profileUpdateCodes.attempts, PROFILE_UPDATE_MAX_TRIES)))
    .returning({ attempts: profileUpdateCodes.attempts })
    .all();
  const left = counted ? PROFILE_UPDATE_MAX_TRIES - counted.attempts : 0;
  log.info({ subscriberId, left }, 'profile-update code refused');
  throw new AppError(
    'BAD_REQUEST',
    left > 0 ? PROFILE_UPDATE_MSG.codeWrong(left) : PROFILE_UPDATE_MSG.codeLocked,
  );
}

/** Marks the code confirmed with a fresh token (stored hashed), once; false when it stopped being usable. */
function claimWithToken(
  { db }: ProfileUpdateDeps,
  codeId: string,
  token: string,
  now: Date,
  tokenExpiresAt: Date,
) {
  const claimed = db
    .update(profileUpdateCodes)
    .set({ verifiedAt: now, tokenHash: sha256(token), tokenExpiresAt })
    .where(
      and(
        eq(profileUpdateCodes.id, codeId),
        isNull(profileUpdateCodes.verifiedAt),
        lt(profileUpdateCodes.attempts, PROFILE_UPDATE_MAX_TRIES),
        gt(profileUpdateCodes.expiresAt, now),
      ),
    )
    .run();
  return claimed.changes > 0;
}

/** A code for a lookup that found nothing: refused exactly as a wrong code for a real record. */
function refuseDecoy(
  deps: WizardDeps,
  request: NonNullable<ReturnType<WizardDeps['lookups']['find']>>,
): never {
  const guess = deps.lookups.guessDecoy(request);
  throw new AppError(
    'BAD_REQUEST',
    guess.kind === 'wrong' ? PROFILE_UPDATE_MSG.codeWrong(guess.left) : PROFILE_UPDATE_MSG.codeLocked,
  );
}

export function verifyCode(deps: WizardDeps, input: VerifyCodeInput): VerifyCodeResponse {
  const { db, clock, log } = deps;
  const now = clock.now();
  const request = deps.lookups.find(input.requestId);
  if (!request) throw new AppError('BAD_REQUEST', PROFILE_UPDATE_MSG.codeExpired);
  if (request.subscriberId === null) refuseDecoy(deps, request);
  const subscriberId = request.subscriberId;
  const row = latestCode(deps, subscriberId);
  if (!row || row.verifiedAt !== null || row.expiresAt.getTime() <= now.getTime()) {
    throw new AppError('BAD_REQUEST', PROFILE_UPDATE_MSG.codeExpired);
  }
  if (row.attempts >= PROFILE_UPDATE_MAX_TRIES) {
    throw new AppError('BAD_REQUEST', PROFILE_UPDATE_MSG.codeLocked);
  }
  if (!sameHash(row.codeHash, codeHashOf(row.id, input.code))) refuseWrongCode(deps, row.id, subscriberId);
  const token = randomBytes(32).toString('base64url');
  const tokenExpiresAt = new Date(now.getTime() + TOKEN_TTL_MS);
  if (!claimWithToken(deps, row.id, token, now, tokenExpiresAt)) {
    throw new AppError('BAD_REQUEST', PROFILE_UPDATE_MSG.codeExpired);
  }
  const subscriber = db.select().from(subscribers).where(eq(subscribers.id, subscriberId)).get();
  if (!subscriber) throw new AppError('NOT_FOUND', PROFILE_UPDATE_MSG.notFound);
  log.info({ subscriberId: subscriber.id }, 'profile-update code confirmed');
  return {
    success: true,
    verificationToken: token,
    expiresAt: tokenExpiresAt.toISOString(),
    subscriber: fullData(subscriber),
    contactsInPortal: deps.credentials.accountOf(subscriber) !== undefined,
  };
}
