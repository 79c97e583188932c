/**
 * The steps every call of an operation goes through, whichever transport carries it:
 * access (`authorize`), then — after the transport parsed the input with the operation's schema —
 * the rate limit, the step-up of a sensitive change, the operation itself, and its answer checked
 * against the output schema.
 */
import type { z } from 'zod';
import { requireRole, requireUser, type RequestAuth } from '../identity/request-auth';
import type { Access, AnyOperation, CallContext, CallerFor, Operation, OperationKind } from './define';
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

/** A transport context once the caller is authorized: what `execute` hands to `run`. */
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

/**
 * Runs an authorized call with its parsed input. `name` is the operation's `domain.name`, used in
 * log lines only.
 */
export async function execute<O extends z.ZodType>(
  name: string,
  operation: Operation<OperationKind, Access, z.ZodType | undefined, O>,
  context: AuthorizedContext,
  input: unknown,
): Promise<z.output<O>> {
  if (operation.rateLimit) {
    const early = context.earlyLimits?.take(operation.rateLimit);
    if (early) throw early;
    if (early === undefined) await context.limits.consume(operation.rateLimit, context.ip);
  }
  const op = operation as AnyOperation;
  if (op.stepUp || op.stepUpWhen?.(context, input)) {
    context.services.stepUp.require(context.auth.session);
  }
  let result: unknown;
  try {
    result = await op.run(context, input);
  } catch (error) {
    // A full disk: a clear 503 to retry later, whichever write of the operation it stopped.
    throw context.services.health.writeRefused(error) ?? error;
  }
  const checked = operation.output.safeParse(result);
  if (!checked.success) throw new OutputMismatchError(name, checked.error);
  return checked.data;
}
