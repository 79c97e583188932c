/**
 * The step-up (docs/decisions/028-owner-account.md): before a sensitive change (the club's
 * settings, the message templates, making someone an admin, two-factor itself), the person signed
 * in confirms it is still them with the password, or the authenticator app's code when two-factor
 * is on. The confirmation (or the sign-in itself) is good for a few minutes, for that session only.
 */
import { eq } from 'drizzle-orm';
import { MSG } from '../../shared/messages';
import { SECURITY_MSG, type StepUpInput } from '../../shared/security-schemas';
import { verifyPassword } from '../auth/password';
import type { SignInThrottle } from '../auth/sign-in-throttle';
import { sessionStepUps, users } from '../db/schema';
import { AppError } from '../errors';
import type { ServiceDeps } from './deps';
import type { TwoFactorService } from './two-factor';

/** How long a confirmation (or a sign-in) lets a session make sensitive changes. */
export const STEP_UP_WINDOW_MS = 5 * 60 * 1000;

/** The session asking: its id and when it was opened (a fresh sign-in counts as a confirmation). */
export interface StepUpSession {
  id: string;
  createdAt: Date;
}

export function createStepUp({
  db,
  clock,
  log,
  twoFactor,
  throttle,
}: ServiceDeps & { twoFactor: TwoFactorService; throttle: SignInThrottle }) {
  function lastConfirmed(session: StepUpSession): number {
    const row = db
      .select({ at: sessionStepUps.at })
      .from(sessionStepUps)
      .where(eq(sessionStepUps.sessionId, session.id))
      .get();
    return Math.max(session.createdAt.getTime(), row?.at.getTime() ?? 0);
  }

  /** Until when the session may make sensitive changes without confirming again; null if not now. */
  function validUntil(session: StepUpSession): Date | null {
    const until = lastConfirmed(session) + STEP_UP_WINDOW_MS;
    return until > clock.now().getTime() ? new Date(until) : null;
  }

  async function credentialIsRight(userId: string, input: StepUpInput): Promise<boolean> {
    if (input.code) {
      if (!twoFactor.isEnabled(userId)) throw new AppError('BAD_REQUEST', SECURITY_MSG.stepUpCodeNotEnabled);
      return twoFactor.verifyCode(userId, input.code, { allowRecovery: false }) !== null;
    }
    const row = db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId)).get();
    return Boolean(row?.hash && (await verifyPassword(row.hash, input.password ?? '')));
  }

  return {
    validUntil,

    /** Refuses (403, reason `step_up_required`) unless the session confirmed its owner recently. */
    require(session: StepUpSession | null): void {
      if (session && validUntil(session)) return;
      throw new AppError('FORBIDDEN', SECURITY_MSG.stepUpRequired, { reason: 'step_up_required' });
    },

    /**
     * Confirms the signed-in person with the password or the app's code. Wrong ones count against
     * the account like failed sign-ins (sign-in-throttle.ts).
     */
    async confirm(
      user: { id: string; email: string; session: StepUpSession },
      input: StepUpInput,
      ip: string,
    ): Promise<{ message: string; stepUpUntil: string }> {
      const attempt = throttle.begin(user.email, ip);
      let right: boolean;
      try {
        right = await credentialIsRight(user.id, input);
      } catch (error) {
        attempt.uncounted();
        throw error;
      }
      if (!right) {
        const message = input.code ? MSG.twoFactorCodeInvalid : SECURITY_MSG.stepUpPasswordWrong;
        throw new AppError('BAD_REQUEST', message);
      }
      attempt.succeeded();
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
    },
  };
}

export type StepUpService = ReturnType<typeof createStepUp>;
