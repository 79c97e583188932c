/**
 * CPU per request of the two write paths (ADR 043), split into user and system time, without the
 * HTTP load generator: the real app on a temporary database, `app.inject` one request after the
 * other, `process.cpuUsage()` around each block. The system part is mostly the durable commits'
 * `fsync` (ADR 013), the user part the app's own work.
 *
 *   node --import tsx bench/write-paths.ts [--requests 300] [--rounds 3] [--synchronous FULL] [--cpu-prof DIR]
 *
 * `--synchronous` overrides the pragma after opening, to split the fsync out (the product keeps FULL).
 * Also the pages each path writes to the WAL, counted apart: a figure the machine's noise does not
 * move, to compare two versions by.
 * `--cpu-prof DIR` writes a V8 profile of each path's measured requests (`creation.cpuprofile`,
 * `webhook.cpuprofile`, of the last round), without the start-up and the warm-up.
 * Not part of `npm test`; figures in docs/performance.md.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Session } from 'node:inspector/promises';
import { parseArgs } from 'node:util';
import { loadEnv } from '../src/server/env';
import { buildApp } from '../src/server/http/app';
import { createSandboxProvider } from '../src/server/payments/providers/sandbox';
import { BENCH_WEBHOOK_SECRET } from './scenarios/payments';

const { values: args } = parseArgs({
  options: {
    requests: { type: 'string', default: '300' },
    rounds: { type: 'string', default: '3' },
    synchronous: { type: 'string' },
    'cpu-prof': { type: 'string' },
  },
});
const REQUESTS = Number(args.requests);
const ROUNDS = Number(args.rounds);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'confraria-write-paths-'));
Object.assign(process.env, {
  NODE_ENV: 'production',
  LOG_LEVEL: 'silent',
  JOBS: 'false',
  DATA_DIR: dataDir,
  CHECKOUT_RATE_LIMIT: '100000000',
  SANDBOX_WEBHOOK_SECRET: BENCH_WEBHOOK_SECRET,
});
const env = loadEnv();
const { app, services } = await buildApp({ env });
if (args.synchronous) services.db.$client.pragma(`synchronous = ${args.synchronous}`);

const signer = createSandboxProvider({
  publicUrl: () => '',
  pix: () => ({ pixKey: '', merchantName: '', merchantCity: '' }),
  now: () => new Date(),
  secret: BENCH_WEBHOOK_SECRET,
});

let counter = 0;
const customer = () => ({
  customerName: 'Cliente Bench',
  customerEmail: `wp-${++counter}@exemplo.com.br`,
  customerPhone: '(11) 98765-4321',
  customerDocument: '529.982.247-25',
  customerCep: '01001-000',
  customerNumber: '101',
  customerComplement: '',
  customerStreet: 'Praça da Sé',
  customerNeighborhood: 'Sé',
  customerCity: 'São Paulo',
  customerState: 'SP',
});

async function createLink(): Promise<{ id: string }> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/payment-links/create-public',
    payload: customer(),
  });
  if (response.statusCode !== 200) throw new Error(`creation answered ${response.statusCode}`);
  return response.json<{ paymentLink: { id: string } }>().paymentLink;
}

async function confirm(id: string): Promise<void> {
  const hook = signer.signedWebhook({
    reference: id,
    target: 'payment_link',
    outcome: 'paid',
    method: 'pix',
    amount: services.settings.get().priceAnnual,
  });
  const response = await app.inject({
    method: 'POST',
    url: '/api/webhooks/sandbox',
    headers: { ...hook.headers, 'content-type': 'application/json' },
    payload: hook.rawBody,
  });
  if (response.statusCode !== 200) throw new Error(`webhook answered ${response.statusCode}`);
}

interface Cost {
  user: number;
  system: number;
}
/** Each path's samples, when profiling: the profiler runs only while that path is measured. */
const profiler = args['cpu-prof'] ? new Session() : null;
profiler?.connect();
await profiler?.post('Profiler.enable');
const profiles = new Map<string, { nodes: unknown[]; samples: number[]; timeDeltas: number[] }[]>();

async function timed(name: string, run: () => Promise<void>): Promise<Cost> {
  await profiler?.post('Profiler.start');
  const before = process.cpuUsage();
  for (let i = 0; i < REQUESTS; i++) await run();
  const used = process.cpuUsage(before);
  if (profiler) {
    const { profile } = await profiler.post('Profiler.stop');
    profiles.set(name, [...(profiles.get(name) ?? []), profile as never]);
  }
  return { user: used.user / REQUESTS, system: used.system / REQUESTS };
}

const creation: Cost[] = [];
const webhook: Cost[] = [];
// Warm-up: the JIT and SQLite's caches.
for (let i = 0; i < 100; i++) await confirm((await createLink()).id);
for (let round = 0; round < ROUNDS; round++) {
  const links: string[] = [];
  creation.push(
    await timed('creation', async () => {
      links.push((await createLink()).id);
    }),
  );
  let next = 0;
  webhook.push(await timed('webhook', () => confirm(links[next++]!)));
}

/**
 * Pages each path writes to the WAL (a figure the machine's noise does not move, unlike CPU time):
 * checkpoints held off while counting, so the WAL holds exactly the requests' frames.
 */
async function walPages(run: () => Promise<void>): Promise<number> {
  const sqlite = services.db.$client;
  const autocheckpoint = sqlite.pragma('wal_autocheckpoint', { simple: true }) as number;
  sqlite.pragma('wal_autocheckpoint = 0');
  sqlite.pragma('wal_checkpoint(TRUNCATE)');
  const count = 200;
  for (let i = 0; i < count; i++) await run();
  const [{ log }] = sqlite.pragma('wal_checkpoint(PASSIVE)') as [{ log: number }];
  sqlite.pragma(`wal_autocheckpoint = ${autocheckpoint}`);
  return log / count;
}
const counted: string[] = [];
const creationPages = await walPages(async () => {
  counted.push((await createLink()).id);
});
let nextCounted = 0;
const webhookPages = await walPages(() => confirm(counted[nextCounted++]!));

const median = (costs: Cost[], key: keyof Cost) =>
  costs.map((c) => c[key]).sort((a, b) => a - b)[Math.floor(costs.length / 2)]!;
const line = (name: string, costs: Cost[]) =>
  `${name.padEnd(24)} user ${Math.round(median(costs, 'user'))} µs, system ${Math.round(median(costs, 'system'))} µs`;
console.log(`${REQUESTS} requests × ${ROUNDS} rounds, synchronous ${args.synchronous ?? 'FULL'} (medians)`);
console.log(`${line('payment link creation', creation)}; ${creationPages.toFixed(1)} WAL pages`);
console.log(`${line('webhook confirmation', webhook)}; ${webhookPages.toFixed(1)} WAL pages`);
if (args['cpu-prof']) {
  fs.mkdirSync(args['cpu-prof'], { recursive: true });
  // The last round's profile of each path (the first rounds are alike; one file is what tools read).
  for (const [name, rounds] of profiles)
    fs.writeFileSync(path.join(args['cpu-prof'], `${name}.cpuprofile`), JSON.stringify(rounds.at(-1)));
}
await app.close();
fs.rmSync(dataDir, { recursive: true, force: true });
