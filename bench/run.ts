/**
 * `npm run bench`: starts the server (bench/server.ts) in a child process on a throwaway database
 * and measures every scenario of bench/scenarios.ts with autocannon from this process, one after
 * the other, each after a short warm-up. Prints req/s, p50/p99 latency and the ratio to the bare
 * route, checks the targets, and writes the table to bench/results.md.
 *
 *   npm run bench                          # full run (about 10 s per scenario)
 *   npm run bench -- --duration 3 --only health --only "REST read"
 *   npm run bench -- --rounds 3            # interleaved rounds, median per scenario (noisy machines)
 *   npm run bench -- --only admin          # only the back-office lists on a 100k club (bench/admin/)
 *   npm run bench -- --skip-admin          # everything but them
 *   npm run bench -- --cpu-prof /tmp/prof  # also a V8 CPU profile of each server process
 *   npm run bench -- --only memory         # the built server's idle and peak RSS (bench/memory.ts)
 *   npm run bench -- --only renewal        # the automatic renewal pass, 10,000 due (bench/renewal-pass.ts)
 *
 * Not part of `npm test`: figures depend on the machine; the ratios are what we compare.
 */
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { build } from 'esbuild';
import { SERVER_BUNDLE_OPTIONS } from '../scripts/server-bundle.mjs';
import { benchDriveUpload, describeDriveUpload } from './drive-upload';
import { benchMemory, describeMemory } from './memory';
import { benchRenewalPass, describeRenewalPass } from './renewal-pass';
import type { ClubKind, Scenario, ScenarioRequest } from './scenario';
import { scenarios } from './scenarios';
import { ADMIN_P95_TARGET_MS, adminScenarios, exportScenarios } from './admin/scenarios';
import { PAYMENTS, SUBSCRIBERS } from './admin/generate';
import type { CpuMessage, MemoryMessage, ReadyMessage } from './server';

const BENCH_DIR = path.dirname(fileURLToPath(import.meta.url));

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '8' },
    warmup: { type: 'string', default: '2' },
    connections: { type: 'string', default: '50' },
    rounds: { type: 'string', default: '1' },
    only: { type: 'string', multiple: true },
    'no-write': { type: 'boolean', default: false },
    'skip-admin': { type: 'boolean', default: false },
    /** The back-office lists are measured for latency: this many requests at a time (one admin). */
    'admin-connections': { type: 'string', default: '1' },
    'admin-duration': { type: 'string', default: '5' },
    /** Write a V8 CPU profile of each server process (node --cpu-prof) into this folder. */
    'cpu-prof': { type: 'string' },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
if (args.help) {
  // The usage is this file's opening comment: one place to keep it.
  const source = fs.readFileSync(fileURLToPath(import.meta.url), 'utf8');
  console.log(source.slice(0, source.indexOf('*/') + 2));
  process.exit(0);
}
const DURATION = Number(args.duration);
const WARMUP = Number(args.warmup);
const CONNECTIONS = Number(args.connections);
const ROUNDS = Math.max(1, Number(args.rounds));

interface Measured {
  scenario: Scenario;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  /** Server CPU time (user + system) per answered request, in microseconds. */
  cpuPerRequest: number;
  /** Its system part (the kernel's work for the process: sockets, and each durable commit's fsync). */
  systemPerRequest: number;
  /** 95th percentile of sequential requests (one client), for scenarios with a `p95TargetMs`. */
  p95?: number;
  /** Answers that were not the expected status, plus connection errors: any makes the figure invalid. */
  unexpected: number;
}

function chooseScenarios(): Scenario[] {
  const [baseline] = scenarios;
  if (!baseline) throw new Error('bench/scenarios.ts lists no scenario');
  const only = args.only ?? [];
  if (only.length === 0) return scenarios;
  const matches = (s: Scenario) => only.some((o) => s.name.toLowerCase().includes(o.toLowerCase()));
  // The baseline always runs: every ratio is relative to it.
  return scenarios.filter((s) => s === baseline || matches(s));
}

/**
 * The bench server bundled the way `npm run build:server` bundles the product (the same esbuild
 * options: scripts/server-bundle.mjs; no name-keeping helpers), so the figures are those of the code `npm start` runs and not
 * of tsx's on-the-fly transform, which wraps every function created at run time in a `__name` call.
 */
async function bundleServer(): Promise<string> {
  const outfile = path.join(BENCH_DIR, '.tmp', 'server.mjs');
  await build({
    ...SERVER_BUNDLE_OPTIONS,
    entryPoints: [path.join(BENCH_DIR, 'server.ts')],
    outfile,
  });
  return outfile;
}

/**
 * Writes a big club into `dataDir` in a process of its own that exits before the server starts
 * (bench/write-club.ts says why: written by the server, the rows skewed its garbage collector).
 */
async function writeClub(dataDir: string, kind: ClubKind): Promise<void> {
  const child = fork(path.join(BENCH_DIR, 'write-club.ts'), [kind], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, DATA_DIR: dataDir },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', resolve);
  });
  if (code !== 0) throw new Error(`writing the ${kind} club failed (exit code ${code})`);
}

async function startServer(
  dataDir: string,
  chosen: Scenario[],
): Promise<{ child: ChildProcess; ready: ReadyMessage }> {
  const names = chosen.map((s) => s.name);
  const serverEnv: Record<string, string> = {};
  for (const scenario of chosen) Object.assign(serverEnv, scenario.serverEnv);
  const profileDir = args['cpu-prof'];
  const child = fork(await bundleServer(), [JSON.stringify(names)], {
    execArgv: profileDir ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(profileDir)}`] : [],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'silent',
      JOBS: 'false',
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: '0',
      ...serverEnv,
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = await new Promise<ReadyMessage>((resolve, reject) => {
    // Start-up applies the migrations and runs `PRAGMA optimize` on a club of 100,000 subscribers.
    const timer = setTimeout(() => reject(new Error('bench server did not start within 300 s')), 300_000);
    child.once('message', (message) => {
      clearTimeout(timer);
      resolve(message as ReadyMessage);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`bench server exited with code ${code}`));
    });
  });
  return { child, ready };
}

function cannonOptions(baseUrl: string, request: ScenarioRequest, duration: number): autocannon.Options {
  return {
    url: baseUrl + request.path,
    connections: CONNECTIONS,
    ...(request.amount ? { amount: request.amount } : { duration }),
    method: request.method ?? 'GET',
    headers: { ...(request.body ? { 'content-type': 'application/json' } : {}), ...request.headers },
    body: request.body,
    requests: request.requests,
  };
}

/** Sequential requests (one client, keep-alive): the latency a single member sees, no queueing. */
const SEQUENTIAL_WARMUP = 200;
const SEQUENTIAL_REQUESTS = 2000;
async function sequentialP95(baseUrl: string, request: ScenarioRequest): Promise<number> {
  const send = async () => {
    const response = await fetch(baseUrl + request.path, {
      method: request.method ?? 'GET',
      headers: { ...(request.body ? { 'content-type': 'application/json' } : {}), ...request.headers },
      body: request.body,
    });
    await response.arrayBuffer();
  };
  for (let i = 0; i < SEQUENTIAL_WARMUP; i++) await send();
  const times: number[] = [];
  for (let i = 0; i < SEQUENTIAL_REQUESTS; i++) {
    const start = performance.now();
    await send();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return Math.round(times[Math.floor(times.length * 0.95)]! * 100) / 100;
}

/** One plain request first, so a wrong path or token fails loudly instead of benchmarking a 401. */
async function checkOnce(baseUrl: string, scenario: Scenario, request: ScenarioRequest): Promise<void> {
  const expected = request.expectStatus ?? 200;
  const response = await fetch(baseUrl + request.path, {
    method: request.method ?? 'GET',
    headers: { ...(request.body ? { 'content-type': 'application/json' } : {}), ...request.headers },
    body: request.body,
  });
  if (response.status !== expected && !request.alsoAccept?.includes(response.status)) {
    throw new Error(
      `${scenario.name}: expected ${expected}, got ${response.status}: ${await response.text()}`,
    );
  }
}

/** The server process's CPU time so far (user and system), in microseconds. */
function serverCpu(child: ChildProcess): Promise<NodeJS.CpuUsage> {
  return new Promise((resolve) => {
    const onMessage = (message: unknown) => {
      if ((message as { type?: string }).type !== 'cpu') return;
      child.off('message', onMessage);
      resolve((message as CpuMessage).usage);
    };
    child.on('message', onMessage);
    child.send({ type: 'cpu' });
  });
}

/** Where a request goes: the app, or the bare Fastify instance of the baseline. */
function baseUrlOf(ready: ReadyMessage, request: ScenarioRequest): string {
  return `http://127.0.0.1:${request.server === 'bare' ? ready.barePort : ready.port}`;
}

async function measure(child: ChildProcess, scenario: Scenario, ready: ReadyMessage): Promise<Measured> {
  const request = scenario.request(ready.prepared[scenario.name], ready.accounts);
  const baseUrl = baseUrlOf(ready, request);
  await checkOnce(baseUrl, scenario, request);
  if (WARMUP > 0 && !request.amount) await autocannon(cannonOptions(baseUrl, request, WARMUP));
  const cpuBefore = await serverCpu(child);
  const result = await autocannon(cannonOptions(baseUrl, request, DURATION));
  const cpuAfter = await serverCpu(child);
  const userUsed = cpuAfter.user - cpuBefore.user;
  const systemUsed = cpuAfter.system - cpuBefore.system;
  const p95 = scenario.p95TargetMs === undefined ? undefined : await sequentialP95(baseUrl, request);
  const expected = String(request.expectStatus ?? 200);
  const matching = [expected, ...(request.alsoAccept ?? []).map(String)].reduce(
    (sum, status) => sum + (result.statusCodeStats?.[status as `${number}`]?.count ?? 0),
    0,
  );
  const answered = result['1xx'] + result['2xx'] + result['3xx'] + result['4xx'] + result['5xx'];
  return {
    scenario,
    // Answers over elapsed time: autocannon's per-second average misreads short fixed-amount runs.
    requestsPerSecond: result.duration > 0 ? answered / result.duration : result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    cpuPerRequest: answered > 0 ? (userUsed + systemUsed) / answered : Number.NaN,
    systemPerRequest: answered > 0 ? systemUsed / answered : Number.NaN,
    p95,
    unexpected: answered - matching + result.errors,
  };
}

/** Per scenario, the round with the median req/s (its latencies come with it). */
function medianOf(rounds: Measured[][]): Measured[] {
  return rounds[0]!.map((_, index) => {
    const runs = rounds
      .map((round) => round[index]!)
      .sort((a, b) => a.requestsPerSecond - b.requestsPerSecond);
    const median = runs[Math.floor(runs.length / 2)]!;
    return { ...median, unexpected: runs.reduce((sum, run) => sum + run.unexpected, 0) };
  });
}

interface Row {
  name: string;
  rps: string;
  p50: string;
  p99: string;
  ratio: string;
  cpu: string;
  system: string;
  cpuRatio: string;
  target: string;
  verdict: string;
}

function rows(measured: Measured[]): { rows: Row[]; failed: string[] } {
  const baseline = measured[0]!.requestsPerSecond;
  const baselineCpu = measured[0]!.cpuPerRequest;
  const failed: string[] = [];
  const out = measured.map((m, index) => {
    const ratio = m.requestsPerSecond / baseline;
    const target = m.scenario.target;
    let verdict = index === 0 ? 'baseline' : target === undefined ? '—' : ratio >= target ? 'ok' : 'MISSED';
    const p95Target = m.scenario.p95TargetMs;
    if (p95Target !== undefined && m.p95 !== undefined) {
      const met = m.p95 <= p95Target && (target === undefined || ratio >= target);
      verdict = `${met ? 'ok' : 'MISSED'} (p95 ${m.p95} ms, 1 client)`;
    }
    if (m.unexpected > 0) verdict = `INVALID (${m.unexpected} unexpected answers)`;
    if (verdict.startsWith('MISSED') || verdict.startsWith('INVALID'))
      failed.push(`${m.scenario.name}: ${verdict}`);
    return {
      name: m.scenario.name,
      rps: Math.round(m.requestsPerSecond).toLocaleString('en-US'),
      p50: `${m.p50} ms`,
      p99: `${m.p99} ms`,
      ratio: `${(ratio * 100).toFixed(1)}%`,
      cpu: `${Math.round(m.cpuPerRequest)} µs`,
      system: `${Math.round(m.systemPerRequest)} µs`,
      cpuRatio: `${((baselineCpu / m.cpuPerRequest) * 100).toFixed(1)}%`,
      target: [
        target === undefined ? '' : `≥ ${Math.round(target * 100)}%`,
        p95Target === undefined ? '' : `p95 ≤ ${p95Target} ms`,
      ]
        .filter(Boolean)
        .join(', '),
      verdict,
    };
  });
  return { rows: out, failed };
}

function markdownTable(table: Row[]): string {
  const header =
    '| scenario | req/s | p50 | p99 | ratio to bare | server CPU / req | of which system | CPU ratio | target | |\n' +
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---|';
  const lines = table.map(
    (r) =>
      `| ${r.name} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.ratio} | ${r.cpu} | ${r.system} | ${r.cpuRatio} | ${r.target} | ${r.verdict} |`,
  );
  return [header, ...lines].join('\n');
}

function writeResults(table: Row[], chosen: Scenario[]): string {
  const cpus = os.cpus();
  const file = path.join(BENCH_DIR, 'results.md');
  const text = `# Bench results

Written by \`npm run bench\` on ${new Date().toISOString()}.
Node ${process.version}, ${cpus.length} × ${cpus[0]?.model.trim() ?? 'CPU'}, ${os.platform()} ${os.release()}.
autocannon: ${CONNECTIONS} connections, ${DURATION} s per scenario after a ${WARMUP} s warm-up${
    ROUNDS > 1 ? `, median of ${ROUNDS} interleaved rounds` : ''
  }; the server runs in
its own process (NODE_ENV=production, LOG_LEVEL=silent, JOBS=false) on a fresh temporary database.

${markdownTable(table)}

${chosen.map((s) => `- **${s.name}**: ${s.description}`).join('\n')}

*ratio to bare* is req/s relative to the bare route (the targets apply to it). *server CPU / req* is the
server process's CPU time divided by the requests it answered during the measurement (*of which system*:
its kernel part, where each durable commit's \`fsync\` is counted), and *CPU ratio*
the bare route's figure divided by the scenario's: a second view of the same comparison, independent of
how fast the load generator is. Absolute figures depend on the machine; compare the ratios.
`;
  fs.writeFileSync(file, text);
  return file;
}

// ─── Back-office lists: latency on a big club (bench/admin/) ──────────────────────────────────────

interface LatencyFigures {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  unexpected: number;
}

/**
 * `connections` clients each sending one request after the other for `seconds`: every answer's
 * latency is kept, so p95 is exact (autocannon reports p90 and p97.5, not p95).
 */
async function measureLatency(
  name: string,
  url: string,
  headers: Record<string, string>,
  seconds: number,
  connections: number,
): Promise<LatencyFigures> {
  const latencies: number[] = [];
  let unexpected = 0;
  const started = performance.now();
  const end = started + seconds * 1000;
  const client = async () => {
    while (performance.now() < end) {
      const sent = performance.now();
      const response = await fetch(url, { headers });
      await response.arrayBuffer();
      latencies.push(performance.now() - sent);
      if (response.status !== 200) unexpected++;
    }
  };
  await Promise.all(Array.from({ length: connections }, client));
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (share: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(share * latencies.length))]!;
  return {
    name,
    requestsPerSecond: latencies.length / elapsed,
    p50: at(0.5),
    p95: at(0.95),
    p99: at(0.99),
    unexpected,
  };
}

function serverMemory(child: ChildProcess): Promise<number> {
  return new Promise((resolve) => {
    const onMessage = (message: unknown) => {
      if ((message as { type?: string }).type !== 'memory') return;
      child.off('message', onMessage);
      resolve((message as MemoryMessage).rss);
    };
    child.on('message', onMessage);
    child.send({ type: 'memory' });
  });
}

interface ExportFigures {
  firstByteMs: number;
  totalMs: number;
  megabytes: number;
  lines: number;
  growthMb: number;
}

/** Downloads the whole export, sampling the server's resident memory every 20 ms meanwhile. */
async function measureExport(
  child: ChildProcess,
  url: string,
  headers: Record<string, string>,
): Promise<ExportFigures> {
  const before = await serverMemory(child);
  let peak = before;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      peak = Math.max(peak, await serverMemory(child));
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  const sent = performance.now();
  const response = await fetch(url, { headers });
  if (response.status !== 200 || !response.body) throw new Error(`export answered ${response.status}`);
  let firstByteMs: number | undefined;
  let bytes = 0;
  let lines = 0;
  for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
    firstByteMs ??= performance.now() - sent;
    bytes += chunk.length;
    for (const byte of chunk) if (byte === 10) lines++;
  }
  const totalMs = performance.now() - sent;
  sampling = false;
  await sampler;
  return {
    firstByteMs: firstByteMs ?? totalMs,
    totalMs,
    megabytes: bytes / 1048576,
    lines,
    growthMb: (peak - before) / 1048576,
  };
}

function wantsAdmin(): boolean {
  if (args['skip-admin']) return false;
  const only = args.only ?? [];
  if (only.length === 0) return true;
  const names = ['admin', ...[...adminScenarios, ...exportScenarios].map((s) => s.name)].map((n) =>
    n.toLowerCase(),
  );
  return only.some((o) => names.some((name) => name.includes(o.toLowerCase())));
}

/** The back-office section of results.md and the console. */
async function runAdminBench(): Promise<{ text: string; failed: string[] }> {
  const connections = Math.max(1, Number(args['admin-connections']));
  const seconds = Number(args['admin-duration']);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'confraria-bench-admin-'));
  console.log(
    `\nback office: generating ${SUBSCRIBERS.toLocaleString('en-US')} subscribers and ${PAYMENTS.toLocaleString('en-US')} payments …`,
  );
  await writeClub(dataDir, 'admin');
  const { child, ready } = await startServer(dataDir, [scenarios[0]!, ...adminScenarios, ...exportScenarios]);
  const failed: string[] = [];
  try {
    const measured: LatencyFigures[] = [];
    for (const scenario of [scenarios[0]!, ...adminScenarios]) {
      const request = scenario.request(ready.prepared[scenario.name], ready.accounts);
      const url = baseUrlOf(ready, request) + request.path;
      await checkOnce(baseUrlOf(ready, request), scenario, request);
      // Warm-up: the JIT, SQLite's page cache and statement cache.
      await measureLatency(scenario.name, url, request.headers ?? {}, Math.min(1, seconds), connections);
      process.stdout.write(`  ${scenario.name} … `);
      const figures = await measureLatency(scenario.name, url, request.headers ?? {}, seconds, connections);
      console.log(`p95 ${figures.p95.toFixed(1)} ms`);
      measured.push(figures);
    }
    const exports = [];
    for (const scenario of exportScenarios) {
      const request = scenario.request(ready.prepared[scenario.name], ready.accounts);
      process.stdout.write(`  ${scenario.name} … `);
      const figures = await measureExport(
        child,
        baseUrlOf(ready, request) + request.path,
        request.headers ?? {},
      );
      console.log(`first byte ${figures.firstByteMs.toFixed(0)} ms, +${figures.growthMb.toFixed(1)} MB`);
      exports.push({ scenario, figures, ok: figures.growthMb < 64 && figures.firstByteMs <= 1000 });
    }
    const bare = measured[0]!;
    const rows = measured.map((m, index) => {
      let verdict = index === 0 ? 'baseline' : m.p95 <= ADMIN_P95_TARGET_MS ? 'ok' : 'MISSED';
      if (m.unexpected > 0) verdict = `INVALID (${m.unexpected} unexpected answers)`;
      if (verdict === 'MISSED' || verdict.startsWith('INVALID')) failed.push(`${m.name}: ${verdict}`);
      return `| ${m.name} | ${Math.round(m.requestsPerSecond).toLocaleString('en-US')} | ${m.p50.toFixed(1)} ms | ${m.p95.toFixed(1)} ms | ${m.p99.toFixed(1)} ms | ${((m.requestsPerSecond / bare.requestsPerSecond) * 100).toFixed(1)}% | ${index === 0 ? '' : `≤ ${ADMIN_P95_TARGET_MS} ms`} | ${verdict} |`;
    });
    for (const { scenario, ok } of exports) if (!ok) failed.push(`${scenario.name}: MISSED`);
    const text = `## Back office on a big club

A club of ${SUBSCRIBERS.toLocaleString('en-US')} subscribers and ${PAYMENTS.toLocaleString('en-US')} payments (bench/admin/generate.ts) in
its own temporary database and server process; every request through the real REST route with an admin
Bearer session. ${connections} client${connections === 1 ? '' : 's'} sending one request after the other for ${seconds} s per
scenario after a warm-up; every latency kept (exact p95). *ratio to bare* is req/s relative to the bare
route measured the same way.

| scenario | req/s | p50 | p95 | p99 | ratio to bare | target | |
|---|---:|---:|---:|---:|---:|---:|---|
${rows.join('\n')}

${adminScenarios.map((s) => `- **${s.name}**: ${s.description}`).join('\n')}

${exports
  .map(
    ({
      scenario,
      figures,
      ok,
    }) => `**${scenario.name}** (${scenario.description}): first byte after ${figures.firstByteMs.toFixed(0)} ms (target ≤ 1,000 ms),
whole file (${figures.lines.toLocaleString('en-US')} lines, ${figures.megabytes.toFixed(1)} MB) in ${(figures.totalMs / 1000).toFixed(1)} s; server resident memory grew by
${figures.growthMb.toFixed(1)} MB at most while it streamed (target < 64 MB): ${ok ? 'ok' : 'MISSED'}.`,
  )
  .join('\n\n')}
`;
    console.log(`\n${text}`);
    return { text, failed };
  } finally {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.send({ type: 'stop' });
      await exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * Measures `chosen` (the baseline first) on a server of their own: warm-up, interleaved rounds,
 * the median of each. The empty club's scenarios share one server, the big club's another.
 */
async function measureOnServer(chosen: Scenario[], club?: ClubKind): Promise<Measured[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'confraria-bench-'));
  if (club) await writeClub(dataDir, club);
  const { child, ready } = await startServer(dataDir, chosen);
  const baseUrl = `http://127.0.0.1:${ready.port}`;
  console.log(
    `bench server on ${baseUrl}; ${CONNECTIONS} connections, ${WARMUP} s warm-up + ${DURATION} s each` +
      (ROUNDS > 1 ? `, ${ROUNDS} interleaved rounds (median)` : '') +
      '\n',
  );
  try {
    // One pass over everything first, so the baseline (measured first) does not pay the JIT's
    // and the fresh process's start-up costs the later scenarios would not.
    if (WARMUP > 0) {
      process.stdout.write('  warming up …');
      for (const scenario of chosen) {
        const request = scenario.request(ready.prepared[scenario.name], ready.accounts);
        if (!request.amount) await autocannon(cannonOptions(baseUrlOf(ready, request), request, WARMUP));
      }
      console.log(' done');
    }
    const rounds: Measured[][] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      if (ROUNDS > 1) console.log(`round ${round}/${ROUNDS}`);
      const measured: Measured[] = [];
      for (const scenario of chosen) {
        process.stdout.write(`  ${scenario.name} … `);
        const m = await measure(child, scenario, ready);
        console.log(`${Math.round(m.requestsPerSecond)} req/s`);
        measured.push(m);
      }
      rounds.push(measured);
    }
    return medianOf(rounds);
  } finally {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.send({ type: 'stop' });
      await exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  const chosen = chooseScenarios();
  const [baseline] = chosen;
  const emptyClub = chosen.filter((s) => !s.club);
  const bigClub = chosen.filter((s) => s.club === 'big');
  const measured = await measureOnServer(emptyClub);
  // Each server's scenarios are compared with that server's own bare route.
  const bigMeasured = bigClub.length > 0 ? await measureOnServer([baseline!, ...bigClub], 'big') : [];
  {
    const { rows: emptyTable, failed } = rows(measured);
    const bigRows = bigMeasured.length > 0 ? rows(bigMeasured) : { rows: [], failed: [] };
    failed.push(...bigRows.failed);
    const table = [
      ...emptyTable,
      ...bigRows.rows.map((row, index) =>
        index === 0 ? { ...row, name: `${row.name} (big club server)` } : row,
      ),
    ];
    console.log();
    console.table(
      Object.fromEntries(
        table.map((r) => [
          r.name,
          {
            'req/s': r.rps,
            p50: r.p50,
            p99: r.p99,
            ratio: r.ratio,
            'cpu/req': r.cpu,
            'of which sys': r.system,
            'cpu ratio': r.cpuRatio,
            target: r.target,
            '': r.verdict,
          },
        ]),
      ),
    );
    const admin = wantsAdmin() ? await runAdminBench() : undefined;
    failed.push(...(admin?.failed ?? []));
    if (!args['no-write']) {
      const file = writeResults(table, chosen);
      if (admin) fs.appendFileSync(file, `\n${admin.text}`);
      console.log(`\nwritten to ${path.relative(process.cwd(), file)}`);
    }
    if (failed.length > 0) {
      console.error(`\n${failed.join('\n')}`);
      process.exitCode = 1;
    }
  }
}

await main();

// The drive's streamed upload is measured for memory, not throughput (bench/drive-upload.ts).
if (!args.only || args.only.some((only) => 'drive upload'.includes(only.toLowerCase()))) {
  const figures = await benchDriveUpload();
  console.log(`\n${describeDriveUpload(figures)}`);
  if (!figures.passed) process.exitCode = 1;
}

// The automatic renewal pass on the big club, 10,000 members due today (bench/renewal-pass.ts).
if (!args.only || args.only.some((only) => 'renewal pass'.includes(only.toLowerCase()))) {
  const figures = await benchRenewalPass();
  const line = describeRenewalPass(figures);
  console.log(`\n${line}`);
  if (!args['no-write']) fs.appendFileSync(path.join(BENCH_DIR, 'results.md'), `\n${line}\n`);
  if (!figures.passed) process.exitCode = 1;
}

// The built server's memory, idle and under the read mix (bench/memory.ts): last, on its own.
if (!args.only || args.only.some((only) => 'server memory'.includes(only.toLowerCase()))) {
  const figures = await benchMemory();
  const line = describeMemory(figures);
  console.log(`\n${line}`);
  if (!args['no-write']) fs.appendFileSync(path.join(BENCH_DIR, 'results.md'), `\n${line}\n`);
  if (!figures.passed) process.exitCode = 1;
}
