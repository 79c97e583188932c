/**
 * The app router, derived from the operation definitions (`src/server/operations/`): one router
 * per domain, one procedure per operation reachable through tRPC. The client imports `AppRouter`
 * as a type only.
 */
import { operations } from '../operations';
import { createCallerFactory } from './init';
import { buildRouter } from './router';

export const appRouter = buildRouter(operations);
export type AppRouter = typeof appRouter;

export const createCaller = createCallerFactory(appRouter);
