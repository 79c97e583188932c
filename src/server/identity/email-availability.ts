/**
 * Whether an e-mail is free: the one check behind every "e-mail already taken" answer (ADR 037).
 * An account signs in with its address and a subscriber record is found by its own, so each path
 * asks about the holders it cares about, minus the person asking (their own account and the
 * records tied to it). Each path keeps its own words: "Este email já está cadastrado" by default,
 * the wizard's "Este email já pertence a outro cadastro".
 */
import { eq } from 'drizzle-orm';
import { MSG } from '../../shared/messages';
import type { Db } from '../db/client';
import { subscribers, users } from '../db/schema';
import { AppError } from '../lib/errors';

/** Who may already hold the address without it counting as taken. */
export interface EmailHolder {
  userId?: string | null;
  subscriberId?: string | null;
}

export interface EmailAvailabilityQuestion {
  /** Accounts' sign-in addresses, subscriber records' e-mails, or both. */
  among: 'accounts' | 'subscribers' | 'both';
  /** The account and record of the person asking: theirs does not count. */
  except?: EmailHolder;
}

/** True when an account or record other than `except`'s uses `email` (already normalised). */
export function emailTaken(
  db: Db,
  email: string,
  { among, except = {} }: EmailAvailabilityQuestion,
): boolean {
  if (among !== 'subscribers') {
    const account = db.select({ id: users.id }).from(users).where(eq(users.email, email)).get();
    if (account && account.id !== except.userId) return true;
  }
  if (among !== 'accounts') {
    const record = db
      .select({ id: subscribers.id, userId: subscribers.userId })
      .from(subscribers)
      .where(eq(subscribers.email, email))
      .get();
    if (record && record.id !== except.subscriberId && !(except.userId && record.userId === except.userId)) {
      return true;
    }
  }
  return false;
}

/** Refuses (409) an address someone else uses, in the words of the path that asks. */
export function assertEmailAvailable(
  db: Db,
  email: string,
  question: EmailAvailabilityQuestion & { message?: string },
): void {
  if (emailTaken(db, email, question)) throw emailTakenError(question.message);
}

/** The 409 of a taken address (also for an insert that lost a race on the unique index). */
export function emailTakenError(message: string = MSG.emailTaken): AppError {
  return new AppError('CONFLICT', message);
}
