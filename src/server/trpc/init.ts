/**
 * tRPC set-up. The instance lives with the operations (src/server/operations/procedure.ts), since
 * a domain's operations are its procedures; the transports import it from here.
 */
export { createCallerFactory, createTRPCRouter } from '../operations/procedure';
