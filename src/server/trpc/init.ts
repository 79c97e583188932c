/**
 * tRPC set-up in numbered sections (create-t3-app). Only the procedure builders are exported,
 * never the raw `t`, so no procedure can skip the role middleware by accident.
 */
import { initTRPC, TRPCError } from '@trpc/server';
import { z, ZodError } from 'zod';
import { MSG } from '../../shared/messages';
import { requireRole, requireUser } from '../auth/request-auth';
import { AppError } from '../errors';
import type { Context } from './context';

// 1. Initialisation: zod errors go back flattened, with the first message as the error's message,
//    so forms can show the server's own Portuguese text.
const t = initTRPC.context<Context>().create({
  errorFormatter({ shape, error }) {
    const zodError = error.cause instanceof ZodError ? error.cause : null;
    return {
      ...shape,
      message: zodError ? (zodError.issues[0]?.message ?? MSG.invalidInput) : shape.message,
      data: {
        ...shape.data,
        stack: undefined,
        zodError: zodError ? z.flattenError(zodError) : null,
      },
    };
  },
});

// 2. Errors: services throw AppError; this turns it into the TRPCError of the same code. Anything
//    else is an internal failure whose details stay in the log.
const errorMapping = t.middleware(async ({ next, ctx, path }) => {
  const result = await next();
  if (!result.ok) {
    const cause = result.error.cause;
    if (cause instanceof AppError) {
      throw new TRPCError({ code: cause.code, message: cause.message, cause });
    }
    if (result.error.code === 'INTERNAL_SERVER_ERROR' && !(cause instanceof ZodError)) {
      ctx.services.log.error({ err: result.error, path }, 'procedure failed');
      throw new TRPCError({ code: 'INTERNAL_SERVER_ERROR', message: MSG.internalError });
    }
  }
  return result;
});

export const createTRPCRouter = t.router;
export const createCallerFactory = t.createCallerFactory;

// 3. Procedures.
export const publicProcedure = t.procedure.use(errorMapping);

// The role checks throw AppError; `errorMapping` (outermost) turns it into the TRPCError of the
// same code, so UNAUTHORIZED / FORBIDDEN come out exactly as from a service.

/** Any signed-in person, whatever the role (logout, who am I). */
export const authedProcedure = publicProcedure.use(({ ctx, next }) =>
  next({ ctx: { ...ctx, user: requireUser(ctx.auth) } }),
);

/** Members (role `user`). */
export const memberProcedure = publicProcedure.use(({ ctx, next }) =>
  next({ ctx: { ...ctx, user: requireRole(ctx.auth, 'user') } }),
);

/** Administrators (role `admin`). */
export const adminProcedure = publicProcedure.use(({ ctx, next }) =>
  next({ ctx: { ...ctx, user: requireRole(ctx.auth, 'admin') } }),
);
