import { createHash, timingSafeEqual } from 'node:crypto';
import { desc, eq, sql } from 'drizzle-orm';
import { PROFILE_UPDATE_CODE_TTL_MINUTES } from '../../../shared/profile-update-schemas';
import { profileUpdateCodes } from '../../db/schema';
import type { Credentials } from '../../identity/credentials';
import type { ServiceDeps } from '../../lib/deps';
import type { OutboxService } from '../../messaging/outbox';
import type { SubscriberLifecycle } from '../subscribers/lifecycle';
import type { LookupRequests } from './lookup-requests';
import type { EmailChangesDeps } from '../../identity/email-changes/targets';

/** What the profile-update wizard is built from, by name. */
export interface ProfileUpdateDeps extends ServiceDeps {
  outbox: OutboxService;
  lifecycle: SubscriberLifecycle;
  credentials: Credentials;
  emailChanges: EmailChangesDeps;
}

/** The wizard's own state besides its dependencies: the lookups in flight (lookup-requests.ts). */
export interface WizardDeps extends ProfileUpdateDeps {
  lookups: LookupRequests;
}

export const MINUTE_MS = 60_000;
export const CODE_TTL_MS = PROFILE_UPDATE_CODE_TTL_MINUTES * MINUTE_MS;
/** Time to fill step 2 after confirming the code. */
export const TOKEN_TTL_MS = 30 * MINUTE_MS;
/** A new code for the same record waits this long (one message at a time to the member's phone). */
export const RESEND_AFTER_MS = MINUTE_MS;
/** At most this many codes per record per hour: the lookup cannot be used to flood a member. */
export const CODES_PER_HOUR = 3;

/** What the outbox's readable copy shows instead of the code. */
export const CODE_PLACEHOLDER = '[código enviado somente ao destinatário]';

export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
export const codeHashOf = (rowId: string, code: string) => sha256(`${rowId}:${code}`);

export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

/** The record's latest code. */
export function latestCode({ db }: Pick<ServiceDeps, 'db'>, subscriberId: string) {
  return db
    .select()
    .from(profileUpdateCodes)
    .where(eq(profileUpdateCodes.subscriberId, subscriberId))
    .orderBy(desc(profileUpdateCodes.createdAt), desc(sql`${profileUpdateCodes}.rowid`))
    .get();
}
