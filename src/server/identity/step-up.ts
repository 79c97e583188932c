/**
 * The step-up (docs/decisions/028-owner-account.md): before a sensitive change (the club's
 * settings, the message templates, making someone an admin, two-factor itself), the person signed
 * in confirms it is still them with the password, or the authenticator app's code when two-factor
 * is on. The confirmation (or the sign-in itself) is good for a few minutes, for that session only.
 */
import { eq } from 'drizzle-orm';
import { MSG } from '../../shared/messages';
import { SECURITY_MSG, type StepUpInput } from '../../shared/security-schemas';
import { verifyPassword } from './auth/password';
import type { SignInThrottle } from './auth/sign-in-throttle';
import { sessionStepUps, users } from '../db/schema';
import { AppError } from '../lib/errors';
import type { ServiceDeps } from '../lib/deps';
import { type TwoFactorContext, isEnabled } from './two-factor/context';
import { verifyCode } from './two-factor/codes';

/** How long a confirmation (or a sign-in) lets a session make sensitive changes. */
export const STEP_UP_WINDOW_MS = 5 * 60 * 1000;

/** The session asking: its id and when it was opened (a fresh sign-in counts as a confirmation). */
export interface StepUpSession {
  id: string;
  createdAt: Date;
}

/** What the step-up is built from, by name. */
export type StepUpDeps = ServiceDeps & { twoFactor: TwoFactorContext; throttle: SignInThrottle };

function lastConfirmed({ db }: StepUpDeps, session: StepUpSession): number {
  const row = db
    .select({ at: sessionStepUps.at })
    .from(sessionStepUps)
    .where(eq(sessionStepUps.sessionId, session.id))
    .get();
  return Math.max(session.createdAt.getTime(), row?.at.getTime() ?? 0);
}

/** Until when the session may make sensitive changes without confirming again; null if not now. */
function validUntil(deps: StepUpDeps, session: StepUpSession): Date | null {
  const until = lastConfirmed(deps, session) + STEP_UP_WINDOW_MS;
  return until > deps.clock.now().getTime() ? new Date(until) : null;
}

/** Refuses (403, reason `step_up_required`) unless the session confirmed its owner recently. */
function requireStepUp(deps: StepUpDeps, session: StepUpSession | null): void {
  if (session && validUntil(deps, session)) return;
  throw new AppError('FORBIDDEN', SECURITY_MSG.stepUpRequired, { reason: 'step_up_required' });
}

async function credentialIsRight(
  { db, twoFactor }: StepUpDeps,
  userId: string,
  input: StepUpInput,
): Promise<boolean> {
  if (input.code) {
    if (!isEnabled(twoFactor, userId)) throw new AppError('BAD_REQUEST', SECURITY_MSG.stepUpCodeNotEnabled);
    return verifyCode(twoFactor, userId, input.code, { allowRecovery: false }) !== null;
  }
  // With two-factor on, the password alone is not the owner: a stolen session that saw it typed
  // must still show the app's code.
  if (isEnabled(twoFactor, userId)) throw new AppError('BAD_REQUEST', SECURITY_MSG.stepUpCodeRequired);
  const row = db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId)).get();
  return Boolean(row?.hash && (await verifyPassword(row.hash, input.password ?? '')));
}

type StepUpUser = { id: string; email: string; session: StepUpSession };

/**
 * Checks the signed-in person's password, or the app's code when two-factor is on, without
 * recording a confirmation: the step-up below, and the proof asked before a new WhatsApp number
 * (member-contacts.ts). Wrong ones count against the account like failed sign-ins
 * (sign-in-throttle.ts), wrong codes also in the two-factor cap (two-factor/code-cap.ts).
 */
async function verify(
  deps: StepUpDeps,
  user: { id: string; email: string },
  input: StepUpInput,
  ip: string,
  wrongPassword: string = SECURITY_MSG.stepUpPasswordWrong,
): Promise<void> {
  const attempt = deps.throttle.begin(user.email, ip);
  let right: boolean;
  try {
    right = await credentialIsRight(deps, user.id, input);
  } catch (error) {
    attempt.uncounted();
    throw error;
  }
  // Others guessing this account's password hold back a password, never the app's code.
  if (attempt.accountWaitSeconds > 0 && !(right && input.code)) throw attempt.refusal();
  if (!right) throw new AppError('BAD_REQUEST', input.code ? MSG.twoFactorCodeInvalid : wrongPassword);
  attempt.succeeded();
}

/** Confirms the signed-in person (verify) and opens the session's step-up window. */
async function confirm(
  deps: StepUpDeps,
  user: StepUpUser,
  input: StepUpInput,
  ip: string,
): Promise<{ message: string; stepUpUntil: string }> {
  const { db, clock, log } = deps;
  await verify(deps, user, input, ip);
  const at = clock.now();
  db.insert(sessionStepUps)
    .values({ sessionId: user.session.id, at })
    .onConflictDoUpdate({ target: sessionStepUps.sessionId, set: { at } })
    .run();
  log.info({ userId: user.id }, 'identity confirmed again (step-up)');
  return {
    message: SECURITY_MSG.stepUpDone,
    stepUpUntil: new Date(at.getTime() + STEP_UP_WINDOW_MS).toISOString(),
  };
}

export function createStepUp(deps: StepUpDeps) {
  return {
    validUntil: (session: StepUpSession): Date | null => validUntil(deps, session),
    verify: (
      user: { id: string; email: string },
      input: StepUpInput,
      ip: string,
      wrongPassword?: string,
    ): Promise<void> => verify(deps, user, input, ip, wrongPassword),
    require: (session: StepUpSession | null): void => requireStepUp(deps, session),
    confirm: (
      user: StepUpUser,
      input: StepUpInput,
      ip: string,
    ): Promise<{ message: string; stepUpUntil: string }> => confirm(deps, user, input, ip),
  };
}

export type StepUpService = ReturnType<typeof createStepUp>;
