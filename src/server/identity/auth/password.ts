/** argon2id password hashing (docs/product/decisions.md §2), with the parameters OWASP recommends. */
import { hash, verify } from '@node-rs/argon2';
import { checkPasswordStrength } from '../../../shared/password-strength';
import { AppError } from '../../lib/errors';

const OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1, outputLen: 32 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/**
 * A valid hash of a random password, checked against when the e-mail is unknown so a failed
 * login takes the same time whether or not the account exists.
 */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(crypto.randomUUID());
  return dummyHash;
}

/**
 * A new password must not be guessable (docs/decisions/028-owner-account.md): refused with the
 * Portuguese message that says what to choose instead. Every path that stores a password a person
 * chose awaits it before its transaction (the estimator loads with the first check); the minimum
 * length is the input schemas' (PASSWORD_MIN).
 */
export async function assertStrongPassword(
  password: string,
  person: { name?: string; email?: string },
): Promise<void> {
  const verdict = await checkPasswordStrength(password, person);
  if (!verdict.ok) throw new AppError('BAD_REQUEST', verdict.message);
}
