/** The app router: one router per domain. The client imports `AppRouter` as a type only. */
import { createCallerFactory, createTRPCRouter } from './init';
import { authRouter } from './routers/auth';
import { settingsRouter } from './routers/settings';

export const appRouter = createTRPCRouter({
  auth: authRouter,
  settings: settingsRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
