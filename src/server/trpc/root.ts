/** The app router: one router per domain. The client imports `AppRouter` as a type only. */
import { createCallerFactory, createTRPCRouter } from './init';
import { paymentsRouter } from './routers/payments';
import { referralsRouter } from './routers/referrals';
import { authRouter } from './routers/auth';
import { contactRouter } from './routers/contact';
import { outboxRouter } from './routers/outbox';
import { settingsRouter } from './routers/settings';
import { usersRouter } from './routers/users';

export const appRouter = createTRPCRouter({
  payments: paymentsRouter,
  referrals: referralsRouter,
  auth: authRouter,
  contact: contactRouter,
  outbox: outboxRouter,
  settings: settingsRouter,
  users: usersRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
