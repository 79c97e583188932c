/**
 * The app router: every domain's procedures (src/server/operations/procedures.ts), one namespace
 * each, and the list of its procedure names built from the same record, so the two cannot
 * disagree. The client imports `AppRouter` as a type only.
 */
import { procedures } from '../operations/procedures';
import { createCallerFactory, createTRPCRouter } from './init';

// tRPC turns each key of the record (a plain object of procedures) into a namespace.
export const appRouter = createTRPCRouter(procedures);
export type AppRouter = typeof appRouter;

export const createCaller = createCallerFactory(appRouter);

/**
 * Every path the router answers (`auth.login`, …): the HTTP layer refuses any other name before
 * tRPC sees it (http/trpc-calls.ts), without reading tRPC's internals to learn them.
 */
export const appProcedureNames: ReadonlySet<string> = new Set(
  Object.entries(procedures).flatMap(([namespace, group]) =>
    Object.keys(group).map((name) => `${namespace}.${name}`),
  ),
);
