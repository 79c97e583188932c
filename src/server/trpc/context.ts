/**
 * The tRPC context is the operations' transport context (`src/server/operations/run.ts`): the
 * services, who is calling, the rate limiter and the request facts, built per request by
 * `src/server/http/call-context.ts` and, in tests, by `createCaller` with a detached context.
 */
import type { AuthorizedContext } from '../operations/run';

/** `user` starts as nobody and is set by each procedure's access check (router.ts). */
export type Context = AuthorizedContext;
