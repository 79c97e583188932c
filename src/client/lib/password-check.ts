/**
 * The password strength check in the browser: the same estimator as the server's
 * (src/shared/password-strength.ts), downloaded as its own chunk the first time a form where a
 * password is chosen needs it (its dictionaries are large: never part of a page's first load).
 * The server checks again whatever the browser says.
 */
import { useEffect, useState } from 'react';
import type { RefinementCtx } from 'zod';
import { loadOnce } from '../../shared/load-once';
import { PASSWORD_MIN } from '../../shared/password-rules';
import type * as Strength from '../../shared/password-strength';

type StrengthModule = typeof Strength;

/** The module and its estimator (the dictionaries: chunks of their own), both downloaded. */
const load = loadOnce(async (): Promise<StrengthModule> => {
  const module = await import('../../shared/password-strength');
  await module.loadPasswordEstimator();
  return module;
});

/** Starts the download early (the password field's first focus). */
export function preloadPasswordStrength(): void {
  void load().catch(() => undefined);
}

/**
 * A zod refinement for a form: adds the estimator's message to `path` when the new password is
 * guessable. Passwords under the minimum length are left to the length rule; a failed download lets
 * the form through (the server refuses a weak password anyway).
 */
export async function refineStrongPassword(
  password: string,
  person: { name?: string; email?: string },
  ctx: RefinementCtx,
  path: string,
): Promise<void> {
  if (password.length < PASSWORD_MIN) return;
  let verdict;
  try {
    verdict = await (await load()).checkPasswordStrength(password, person);
  } catch {
    return;
  }
  if (!verdict.ok) ctx.addIssue({ code: 'custom', path: [path], message: verdict.message });
}

/**
 * The server's estimate of `password` while it is typed: its score (0–4) and whether the server
 * accepts it, or null before the minimum length or while the estimator downloads. The latest
 * password wins: an answer for an older text is dropped.
 */
export function usePasswordScore(
  password: string,
  person: { name?: string; email?: string } = {},
): { score: number; accepted: boolean } | null {
  const [answer, setAnswer] = useState<{ password: string; score: number; min: number } | null>(null);
  const { name, email } = person;
  useEffect(() => {
    if (password.length < PASSWORD_MIN) return;
    let current = true;
    void load()
      .then(async (module) => {
        const score = await module.passwordScore(password, { name, email });
        if (current) setAnswer({ password, score, min: module.MIN_PASSWORD_SCORE });
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [password, name, email]);
  if (password.length < PASSWORD_MIN || answer?.password !== password) return null;
  return { score: answer.score, accepted: answer.score >= answer.min };
}
