/**
 * The app router: every domain's procedures (src/server/operations/procedures.ts), one namespace
 * each. The client imports `AppRouter` as a type only.
 */
import { procedures } from '../operations/procedures';
import { createCallerFactory, createTRPCRouter } from './init';

export const appRouter = createTRPCRouter({
  auth: createTRPCRouter(procedures.auth),
  checkout: createTRPCRouter(procedures.checkout),
  automaticRenewal: createTRPCRouter(procedures.automaticRenewal),
  contact: createTRPCRouter(procedures.contact),
  drive: createTRPCRouter(procedures.drive),
  member: createTRPCRouter(procedures.member),
  outbox: createTRPCRouter(procedures.outbox),
  payments: createTRPCRouter(procedures.payments),
  privacy: createTRPCRouter(procedures.privacy),
  receipts: createTRPCRouter(procedures.receipts),
  profileUpdate: createTRPCRouter(procedures.profileUpdate),
  referrals: createTRPCRouter(procedures.referrals),
  security: createTRPCRouter(procedures.security),
  settings: createTRPCRouter(procedures.settings),
  subscribers: createTRPCRouter(procedures.subscribers),
  users: createTRPCRouter(procedures.users),
  whatsapp: createTRPCRouter(procedures.whatsapp),
  identity: createTRPCRouter(procedures.identity),
  monthClose: createTRPCRouter(procedures.monthClose),
  invoices: createTRPCRouter(procedures.invoices),
});
export type AppRouter = typeof appRouter;

export const createCaller = createCallerFactory(appRouter);
