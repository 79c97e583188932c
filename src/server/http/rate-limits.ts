/**
 * Named rate-limit groups, shared by the REST path and the tRPC procedure that do the same thing,
 * so a client cannot double its allowance by switching transports.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { MSG } from '../../shared/messages';
import type { Env } from '../env';
import { sendError } from './errors';

export type RateLimitGroup = 'auth' | 'contact' | 'diagnostics' | 'checkout' | 'lookup';

const WINDOW_MS = 60_000;

function groupLimits(env: Env): Record<RateLimitGroup, number> {
  // contact: a flood of form posts fills the club's mailbox; diagnostics: each call reaches the providers.
  return {
    auth: env.AUTH_RATE_LIMIT,
    contact: 5,
    diagnostics: 10,
    checkout: env.CHECKOUT_RATE_LIMIT,
    lookup: 60,
  };
}

/** tRPC procedures that count against a group (procedure path → group). */
export const TRPC_RATE_LIMITED: Record<string, RateLimitGroup> = {
  'auth.login': 'auth',
  'auth.register': 'auth',
  'auth.forgotPassword': 'auth',
  'auth.setPassword': 'auth',
  'payments.createPublicLink': 'checkout',
  'payments.process': 'checkout',
  'payments.createCheckoutLink': 'checkout',
  'contact.send': 'contact',
};

export type RateLimitCheck = (
  group: RateLimitGroup,
  request: FastifyRequest,
  reply: FastifyReply,
) => Promise<boolean>;

/** Builds one limiter per group; the returned check answers 429 itself and tells the caller to stop. */
export function createRateLimits(app: FastifyInstance, env: Env): RateLimitCheck {
  const limits = groupLimits(env);
  const limiters = Object.fromEntries(
    (Object.keys(limits) as RateLimitGroup[]).map((group) => [
      group,
      app.createRateLimit({
        max: limits[group],
        timeWindow: WINDOW_MS,
        keyGenerator: (request: FastifyRequest) => `${group}:${request.ip}`,
      }),
    ]),
  ) as Record<RateLimitGroup, ReturnType<FastifyInstance['createRateLimit']>>;

  return async (group, request, reply) => {
    const limit = await limiters[group](request);
    if (!limit.isAllowed && limit.isExceeded) {
      reply.header('retry-after', Math.ceil(limit.ttl / 1000));
      await sendError(reply, 429, MSG.tooManyRequests);
      return false;
    }
    return true;
  };
}

/** The rate-limit groups a tRPC request touches (batched calls list several procedures). */
export function trpcGroups(url: string): RateLimitGroup[] {
  const path = url.slice('/trpc/'.length).split('?')[0] ?? '';
  const groups = new Set<RateLimitGroup>();
  for (const name of decodeURIComponent(path).split(',')) {
    const group = TRPC_RATE_LIMITED[name];
    if (group) groups.add(group);
  }
  return [...groups];
}
