/**
 * The server half of `npm run bench`, started by bench/run.ts as a child process: the real app on
 * the temporary DATA_DIR the parent chose (configuration comes through the environment, read by
 * `loadEnv` like any start), plus whatever the scenarios register and prepare. It reports its port,
 * the bench accounts and the prepared data over IPC, then serves until told to stop.
 */
import Fastify from 'fastify';
import { loadEnv } from '../src/server/env';
import { buildApp } from '../src/server/http/app';
import { SESSION_COOKIE } from '../src/server/identity/request-auth';
import type { Services } from '../src/server/services';
import type { BenchAccount, BenchAccounts, ServerContext } from './scenario';
import { adminScenarios, exportScenarios } from './admin/scenarios';
import { BARE_PATH, scenarios } from './scenarios';
import { register, login } from '../src/server/identity/accounts/sign-in';
import { createOrPromoteAdmin } from '../src/server/identity/accounts/create-account';

export interface ReadyMessage {
  type: 'ready';
  port: number;
  /** Port of the bare Fastify instance the ratios are computed against. */
  barePort: number;
  accounts: BenchAccounts;
  prepared: Record<string, unknown>;
}

export interface CpuMessage {
  type: 'cpu';
  usage: NodeJS.CpuUsage;
}

export interface MemoryMessage {
  type: 'memory';
  rss: number;
}

const PASSWORD = 'bench-senha-123';

async function createAccount(services: Services, role: 'user' | 'admin'): Promise<BenchAccount> {
  const email = `bench-${role}@confraria.local`;
  await register(services.accounts, { name: `Bench ${role}`, email, password: PASSWORD });
  if (role === 'admin') await createOrPromoteAdmin(services.accounts, { email });
  const { token, user } = await login(services.accounts, { email, password: PASSWORD });
  return { userId: user.id, email, token, cookie: `${SESSION_COOKIE}=${token}` };
}

const selected = new Set<string>(JSON.parse(process.argv[2] ?? '[]') as string[]);
const env = loadEnv();
const { app, services } = await buildApp({ env });
const accounts: BenchAccounts = {
  member: await createAccount(services, 'user'),
  admin: await createAccount(services, 'admin'),
};

const ctx: ServerContext = { app, services, env, accounts };
const prepared: Record<string, unknown> = {};
for (const scenario of [...scenarios, ...adminScenarios, ...exportScenarios]) {
  if (selected.size > 0 && !selected.has(scenario.name)) continue;
  scenario.register?.(app);
  prepared[scenario.name] = await scenario.prepare?.(ctx);
}

await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
if (!address || typeof address === 'string') throw new Error('bench server has no port');

// The baseline: a plain Fastify instance with one route, in the same process (same CPU share).
const bareApp = Fastify();
bareApp.get(BARE_PATH, () => ({ ok: true }));
await bareApp.listen({ port: 0, host: '127.0.0.1' });
const bareAddress = bareApp.server.address();
if (!bareAddress || typeof bareAddress === 'string') throw new Error('bare server has no port');

const stop = () => {
  void app.close().then(() => process.exit(0));
};
process.on('message', (message) => {
  const type = (message as { type?: string }).type;
  if (type === 'stop') stop();
  // CPU time this process has used: the runner reads it around each measurement, which gives a
  // cost per request that holds up even when other work on the machine skews req/s.
  if (type === 'cpu') process.send?.({ type: 'cpu', usage: process.cpuUsage() } satisfies CpuMessage);
  // Resident memory, sampled by the runner while a CSV export streams.
  if (type === 'memory')
    process.send?.({ type: 'memory', rss: process.memoryUsage().rss } satisfies MemoryMessage);
});
process.on('disconnect', stop);

process.send?.({
  type: 'ready',
  port: address.port,
  barePort: bareAddress.port,
  accounts,
  prepared,
} satisfies ReadyMessage);
