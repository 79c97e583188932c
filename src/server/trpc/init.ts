/**
 * tRPC set-up in numbered sections (create-t3-app). Only the one procedure builder is exported,
 * never the raw `t`; `router.ts` derives every procedure from an operation definition, and access
 * is decided by the operation runner (`src/server/operations/run.ts`), the same as for REST.
 */
import { initTRPC, TRPCError } from '@trpc/server';
import { z, ZodError } from 'zod';
import { MSG } from '../../shared/messages';
import { AppError } from '../lib/errors';
import type { Context } from './context';

// 1. Initialisation: zod errors go back flattened, with the first message as the error's message,
//    so forms can show the server's own Portuguese text. A body that is not JSON gets a Portuguese
//    message too, not the parser's English one.
const t = initTRPC.context<Context>().create({
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

// 2. Errors: services throw AppError; this turns it into the TRPCError of the same code. Anything
//    else is an internal failure: the caller reads only the Portuguese message, and the failure
//    goes along as the cause, which the HTTP adapter's onError logs once (http/app.ts).
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

export const createTRPCRouter = t.router;
export const createCallerFactory = t.createCallerFactory;

// 3. The procedure every operation is built on.
export const procedure = t.procedure.use(errorMapping);
