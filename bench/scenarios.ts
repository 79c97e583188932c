/**
 * The measured requests, in the order they run. The first one is the baseline every ratio is
 * computed against. To measure something new, write a scenario (see bench/scenario.ts) and add
 * one entry here; a domain with several scenarios can keep them in bench/scenarios/<domain>.ts.
 */
import { defineScenario, type Scenario } from './scenario';
import { memberScenarios } from './scenarios/member';
import { bigClubScenarios } from './scenarios/big-club';
import { paymentScenarios, refusedLogin } from './scenarios/payments';

export const BARE_PATH = '/bench/bare';

export const bare = defineScenario({
  name: 'bare route',
  description: `GET ${BARE_PATH}: a bare Fastify instance (no plugins, no hooks) in the server process, answering {ok:true}`,
  request: () => ({ path: BARE_PATH, server: 'bare' }),
});

export const health = defineScenario({
  name: 'GET /api/health',
  description: 'REST health check: version, database ping',
  target: 0.45,
  request: () => ({ path: '/api/health' }),
});

export const restRead = defineScenario({
  name: 'REST read',
  description: 'GET /api/auth/verify with a Bearer token: session lookup + role check + answer',
  target: 0.15,
  request: (_prepared, { member }) => ({
    path: '/api/auth/verify',
    headers: { authorization: `Bearer ${member.token}` },
  }),
});

export const trpcRead = defineScenario({
  name: 'tRPC read',
  description: "GET /trpc/auth.me with the session cookie: the same read through tRPC's Fastify adapter",
  request: (_prepared, { member }) => ({
    path: '/trpc/auth.me',
    headers: { cookie: member.cookie },
  }),
});

export const scenarios: Scenario[] = [
  bare,
  health,
  restRead,
  trpcRead,
  ...paymentScenarios,
  ...memberScenarios,
  refusedLogin,
  ...bigClubScenarios,
];
