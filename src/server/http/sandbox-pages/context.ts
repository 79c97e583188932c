/** What the sandbox's pages work with: the app (to reach our own webhook route), the payments, the timers. */
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services';

export interface SandboxPagesContext {
  /** The root app: a provider's webhook is injected into it, the path a real one takes. */
  app: FastifyInstance;
  payments: Services['payments'];
  /** SANDBOX_PIX_CONFIRM_SECONDS; 0 turns the automatic PIX confirmation off. */
  autoConfirmSeconds: number;
  /** PIX codes that confirm themselves after `autoConfirmSeconds` (one timer per order). */
  autoConfirm: Map<string, NodeJS.Timeout>;
}

export function createSandboxPagesContext(app: FastifyInstance, services: Services): SandboxPagesContext {
  return {
    app,
    payments: services.payments,
    autoConfirmSeconds: services.env.SANDBOX_PIX_CONFIRM_SECONDS,
    autoConfirm: new Map(),
  };
}
