/**
 * What every call shares, whichever transport carries it: who may call (`authorize`, for tRPC's
 * policy middleware in procedure.ts and for a REST route before it reads the body), the context a
 * transport builds per request, and the error of an answer that does not match its output.
 */
import type { z } from 'zod';
import { requireRole, requireUser, type RequestAuth } from '../identity/request-auth';
import type { Access, CallContext, CallerFor } from './define';
import type { RateLimitGroup, RateLimitedError, RateLimits } from './rate-limits';

/** The one place access levels are decided, for tRPC and REST alike. */
export function authorize<A extends Access>(access: A, auth: RequestAuth): CallerFor<A> {
  switch (access) {
    case 'public':
      return auth.user as CallerFor<A>;
    case 'authenticated':
      return requireUser(auth);
    case 'member':
      return requireRole(auth, 'user');
    case 'admin':
      return requireRole(auth, 'admin');
  }
  throw new Error(`unknown access level ${String(access)}`);
}

/** A call context plus the app's rate limiter: what a transport provides per request. */
export interface TransportContext extends CallContext {
  limits: RateLimits;
  /**
   * Calls the HTTP transport already counted before reading the body (ADR 036): each call takes
   * its outcome from here instead of counting again. Absent for callers with no request (tests,
   * scripts), whose calls are counted here as they run.
   */
  earlyLimits?: EarlyLimitOutcomes | null;
}

export interface EarlyLimitOutcomes {
  /** Null: allowed; an error: refused; undefined: not counted yet. */
  take(group: RateLimitGroup): RateLimitedError | null | undefined;
}

/** A transport context once the caller is authorized: what a procedure's resolver receives. */
export interface AuthorizedContext extends TransportContext {
  user: CallerFor<Access>;
}

/** An answer that does not match the declared output is a bug: logged, answered as a 500. */
export class OutputMismatchError extends Error {
  constructor(operation: string, cause: z.ZodError) {
    super(`the answer of ${operation} does not match its output schema`, { cause });
    this.name = 'OutputMismatchError';
  }
}
