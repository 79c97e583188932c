/**
 * The app router: the domains written as procedures (src/server/operations/procedures.ts) merged
 * with the ones still derived from operation definitions (router.ts), with the same namespaces.
 * The client imports `AppRouter` as a type only.
 */
import { operations } from '../operations';
import { procedures } from '../operations/procedures';
import { createCallerFactory, createTRPCRouter, mergeRouters } from './init';
import { buildRouter } from './router';

export const appRouter = mergeRouters(
  buildRouter(operations),
  createTRPCRouter({
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
  }),
);
export type AppRouter = typeof appRouter;

export const createCaller = createCallerFactory(appRouter);
