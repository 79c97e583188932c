/**
 * Operations written as plain tRPC procedures (docs/decisions/051-rest-on-trpc-to-openapi.md).
 * A procedure says who may call it and how often in its `meta`, with its REST path in
 * `meta.openapi` (trpc-to-openapi's format); one middleware, `policy`, applies that meta on every
 * call, whichever transport carries it: the SPA's `/trpc` batch, a REST route under `/api`
 * (src/server/rest/procedure-routes.ts) or a test's `createCaller`.
 *
 *   export const authProcedures = {
 *     login: procedureFor('public')
 *       .meta({ rateLimit: 'auth', openapi: { method: 'POST', path: '/auth/login', … } })
 *       .input(loginInput)
 *       .output(userAnswer)
 *       .mutation(({ ctx, input }) => …),
 *   };
 */
import { initTRPC, TRPCError } from '@trpc/server';
import type { OpenApiMeta } from 'trpc-to-openapi';
import { z, ZodError } from 'zod';
import { MSG } from '../../shared/messages';
import { AppError } from '../lib/errors';
import type { Access } from './define';
import type { RateLimitGroup } from './rate-limits';
import { authorize, OutputMismatchError, type AuthorizedContext } from './run';

/**
 * What a procedure declares besides its schemas; `openapi` makes it a documented `/api` route
 * (`tags` holds its one tag, `errorResponses` the statuses it documents besides the implicit ones).
 */
export type Meta = OpenApiMeta<{
  access?: Access;
  /** Counted per call (each call of a batch), per client IP. */
  rateLimit?: RateLimitGroup;
  /**
   * A sensitive change: the caller confirmed their identity in the last few minutes (step-up.ts),
   * else 403 `step_up_required`. `sometimes`: only some calls are (the procedure checks itself).
   */
  stepUp?: true | 'sometimes';
  /** The call may open a session: the REST answer then carries `token` (always, or in some cases). */
  issuesSession?: 'always' | 'sometimes';
  /** REST only: HTTP status of a successful answer (200 unless given). */
  successStatus?: number;
  /** REST only: serialize the answer with fast-json-stringify from the output schema (hot polls). */
  fastSerialize?: boolean;
  /**
   * REST only: documented legacy input names, legacy → ours (docs/product/decisions.md §5), accepted
   * on input (ours win when both are sent) and listed in the route's description.
   */
  legacyNames?: Readonly<Record<string, string>>;
  /** REST only: the input is `{ headers, rawBody }` (webhooks verify the exact bytes). */
  rawBody?: true;
  /** REST only: the input is `{ body: MultipartBody }`, read part by part (drive/uploads.ts). */
  multipart?: true;
  /** REST only: the answer is a `FileAnswer` streamed with ranges (rest/file-answer.ts). */
  fileAnswer?: true;
  /** REST only: the answer is a `Download` (lib/download.ts) sent as an attachment of this type. */
  download?: { contentType: string };
  /** REST only: the largest body the route accepts, when larger than the app's (an import). */
  bodyLimit?: number;
  /** REST only: the HTTP status of an answer that depends on it (health: 503 without its database). */
  statusOf?: (answer: never) => number;
}>;

// Zod errors go back flattened, with the first message as the error's message, so forms can show
// the server's own Portuguese text. A body that is not JSON gets a Portuguese message too.
const t = initTRPC
  .context<AuthorizedContext>()
  .meta<Meta>()
  .create({
    errorFormatter({ shape, error }) {
      const zodError = error.cause instanceof ZodError ? error.cause : null;
      const unreadable = error.code === 'PARSE_ERROR' || error.cause instanceof SyntaxError;
      const message = unreadable
        ? MSG.malformedJson
        : zodError
          ? (zodError.issues[0]?.message ?? MSG.invalidInput)
          : shape.message;
      return {
        ...shape,
        message,
        data: {
          ...shape.data,
          stack: undefined,
          zodError: zodError ? z.flattenError(zodError) : null,
          // What the client does about it, when it is one of the few it acts on (errors.ts).
          reason: error.cause instanceof AppError ? (error.cause.reason ?? null) : null,
        },
      };
    },
  });

// Services throw AppError; this turns it into the TRPCError of the same code. Anything else is an
// internal failure: the caller reads only the Portuguese message, and the failure goes along as
// the cause, which the HTTP adapter's onError logs once (http/app.ts).
const errorMapping = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok) {
    const cause = result.error.cause;
    if (cause instanceof AppError) {
      throw new TRPCError({ code: cause.code, message: cause.message, cause });
    }
    if (result.error.code === 'INTERNAL_SERVER_ERROR' && !(cause instanceof ZodError)) {
      throw new TRPCError({ code: 'INTERNAL_SERVER_ERROR', message: MSG.internalError, cause: result.error });
    }
  }
  return result;
});

/** tRPC's own output check (`.output()`) failed: the answer is a bug, answered as a 500. */
const isOutputMismatch = (error: TRPCError) =>
  error.code === 'INTERNAL_SERVER_ERROR' &&
  error.cause instanceof ZodError &&
  error.message === 'Output validation failed';

/**
 * The one middleware every procedure runs, in the order of the operation runner (run.ts): access
 * (before the input is read, so an anonymous caller learns nothing about a schema), the rate limit
 * (each call of a batch counts; the HTTP transport may have counted it before reading the body,
 * ADR 036), the step-up of a sensitive change, then the procedure; a full disk becomes a 503.
 */
function policyFor<A extends Access>(access: A) {
  return t.middleware(async ({ ctx, meta, path, next }) => {
    const user = authorize(access, ctx.auth);
    const group = meta?.rateLimit;
    if (group) {
      const early = ctx.earlyLimits?.take(group);
      if (early) throw early;
      if (early === undefined) await ctx.limits.consume(group, ctx.ip);
    }
    if (meta?.stepUp === true) ctx.services.stepUp.require(ctx.auth.session);
    const result = await next({ ctx: { user } });
    if (!result.ok) {
      if (isOutputMismatch(result.error)) {
        throw new OutputMismatchError(path, result.error.cause as ZodError);
      }
      const refused = ctx.services.health.writeRefused(result.error.cause ?? result.error);
      if (refused) throw refused;
    }
    return result;
  });
}

/**
 * tRPC checks a schema with its `parseAsync` whenever it has one, and zod's async walk skips the
 * compiled fast path of its objects: a page of 100 referrals cost ~190 µs to check that way
 * against ~10 µs synchronously (ADR 051, "Checks on zod's synchronous path"). No schema of
 * ours does async work, so each one given to `.input()` or `.output()` parses synchronously: the
 * same answer, the same ZodError.
 */
function parsedSynchronously<S>(schema: S): S {
  if (schema instanceof z.ZodType) {
    const parse = schema.parse.bind(schema);
    schema.parseAsync = async (data: unknown, params?: z.core.ParseContext<z.core.$ZodIssue>) =>
      parse(data, params);
  }
  return schema;
}

/** A procedure builder whose `.input()` and `.output()` schemas parse synchronously, step after step. */
function withSynchronousChecks<B extends object>(builder: B): B {
  return new Proxy(builder, {
    get(target, property) {
      const value: unknown = Reflect.get(target, property);
      if (typeof value !== 'function') return value;
      const method = value as (...args: unknown[]) => unknown;
      if (property === 'input' || property === 'output') {
        return (schema: unknown) => withSynchronousChecks(method(parsedSynchronously(schema)) as object);
      }
      // `.meta()` and `.use()` return the next builder; `.query()` and `.mutation()` the procedure.
      if (property === 'meta' || property === 'use') {
        return (...args: unknown[]) => withSynchronousChecks(method(...args) as object);
      }
      return method;
    },
  });
}

/** The procedure builder of one access level; the caller's type follows it (null when public). */
export function procedureFor<A extends Access>(access: A) {
  return withSynchronousChecks(t.procedure.use(errorMapping).meta({ access }).use(policyFor(access)));
}

export const createTRPCRouter = t.router;
export const createCallerFactory = t.createCallerFactory;
