/**
 * The production server's memory: the built server (`dist/server/main.js`, run `npm run build`
 * first) started the way `npm start` starts it — the same Node flags, read from package.json's start
 * script — on an empty club in a temporary folder, with the production defaults (jobs on, request
 * log at info, written nowhere). Its resident memory (RSS) is read from outside:
 *
 * - idle: IDLE_SECONDS after it first answered `/api/health`;
 * - under the read mix: the highest RSS sampled while READ_MIX_CONNECTIONS clients read for
 *   READ_MIX_SECONDS what visitors and members read (the public pages as browsers ask for them,
 *   the app's entry script, the health check, a member's session check by REST and by tRPC);
 * - after: AFTER_SECONDS after the load ended.
 *
 * Targets: idle ≤ 150 MiB and ≤ 300 MiB under the read mix (a club on a 1 GB server that also runs
 * its upgrades; docs/performance.md, "Memory of the server"). Run by `npm run bench` after the
 * throughput table (`--only memory` for this line alone), or by itself:
 * `node --import tsx bench/memory.ts [--duration 60] [--connections 200]`, and to compare other Node
 * flags with the start script's, `--flags="--enable-source-maps --max-semi-space-size=1"`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { SESSION_COOKIE } from '../src/server/identity/request-auth';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const MIB = 1024 * 1024;
export const IDLE_TARGET_MIB = 150;
export const READ_MIX_TARGET_MIB = 300;
export const READ_MIX_CONNECTIONS = 200;
export const READ_MIX_SECONDS = 60;
const IDLE_SECONDS = 10;
const AFTER_SECONDS = 10;
const SAMPLE_MS = 200;

export interface MemoryFigures {
  flags: string[];
  idleMib: number;
  peakMib: number;
  afterMib: number;
  requests: number;
  requestsPerSecond: number;
  /** The server's CPU time (user + system) per answered request of the read mix, in microseconds. */
  cpuPerRequestUs: number;
  /** Answers other than 200, plus connection errors: any makes the figures invalid. */
  unexpected: number;
  connections: number;
  seconds: number;
  passed: boolean;
}

/** The Node flags of `npm start` (package.json: `exec node FLAGS… dist/server/main.js`). */
export function startFlags(): string[] {
  const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  const match = /^exec node (.*?) ?dist\/server\/main\.js$/.exec(pkg.scripts.start ?? '');
  if (!match) throw new Error(`package.json's start script is not "exec node … dist/server/main.js"`);
  return match[1]!.split(' ').filter(Boolean);
}

/** A process's resident memory now, in bytes (Linux's /proc, elsewhere `ps`). */
function rssOf(pid: number): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1];
    if (kb) return Number(kb) * 1024;
  } catch {
    // not Linux: ask ps
  }
  return Number(execFileSync('ps', ['-o', 'rss=', '-p', String(pid)], { encoding: 'utf8' }).trim()) * 1024;
}

/** /proc's clock ticks a second (USER_HZ: 100 on the architectures Node runs on). */
const CLOCK_TICKS = 100;

/** A process's CPU time so far (user + system), in microseconds (Linux's /proc; NaN elsewhere). */
function cpuOf(pid: number): number {
  try {
    // Fields 14 and 15 (utime, stime) in clock ticks, counted after the command name's parenthesis.
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1_000_000) / CLOCK_TICKS;
  } catch {
    return Number.NaN;
  }
}
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitForHealth(base: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  throw new Error('the server did not answer /api/health within 120 s');
}

/** A member signed up through the REST API: a Bearer token and the same session as a cookie. */
async function signUp(base: string): Promise<{ token: string; cookie: string }> {
  const response = await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'Bench Leitora',
      email: 'bench-leitora@exemplo.com.br',
      password: 'Tannat-Rio-Lua-42',
    }),
  });
  if (response.status !== 201 && response.status !== 200) {
    throw new Error(`register answered ${response.status}: ${await response.text()}`);
  }
  const { token } = (await response.json()) as { token: string };
  return { token, cookie: `${SESSION_COOKIE}=${token}` };
}

/** What the read mix asks for, in turn on every connection. */
function readMix(member: { token: string; cookie: string }): autocannon.Request[] {
  const assets = JSON.parse(fs.readFileSync(path.join(ROOT, 'dist/prerender/page-assets.json'), 'utf8')) as {
    entry: string;
  };
  const browser = { 'accept-encoding': 'gzip, deflate, br', accept: 'text/html' };
  const page = (p: string) => ({ method: 'GET' as const, path: p, headers: browser });
  return [
    page('/'),
    page('/faq'),
    page('/checkout'),
    page('/login'),
    page('/sobre-nos'),
    { method: 'GET', path: assets.entry, headers: { 'accept-encoding': 'gzip, deflate, br' } },
    { method: 'GET', path: '/api/health' },
    { method: 'GET', path: '/api/auth/verify', headers: { authorization: `Bearer ${member.token}` } },
    { method: 'GET', path: '/trpc/auth.me', headers: { cookie: member.cookie } },
  ];
}

export async function benchMemory(
  options: { seconds?: number; connections?: number; flags?: string[] } = {},
): Promise<MemoryFigures> {
  const seconds = options.seconds ?? READ_MIX_SECONDS;
  const connections = options.connections ?? READ_MIX_CONNECTIONS;
  const main = path.join(ROOT, 'dist/server/main.js');
  if (!fs.existsSync(main)) throw new Error('dist/server/main.js is missing: run `npm run build` first');
  const flags = options.flags ?? startFlags();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'confraria-bench-memory-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [...flags, main], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: base,
      LOG_LEVEL: 'info',
      JOBS: 'true',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    await waitForHealth(base, child);
    await sleep(IDLE_SECONDS * 1000);
    const idle = rssOf(child.pid!);
    const member = await signUp(base);
    let peak = idle;
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        peak = Math.max(peak, rssOf(child.pid!));
        await sleep(SAMPLE_MS);
      }
    })();
    const cpuBefore = cpuOf(child.pid!);
    const result = await autocannon({
      url: base,
      connections,
      duration: seconds,
      requests: readMix(member),
    });
    const cpuUsed = cpuOf(child.pid!) - cpuBefore;
    sampling = false;
    await sampler;
    await sleep(AFTER_SECONDS * 1000);
    const after = rssOf(child.pid!);
    const ok = result.statusCodeStats?.['200']?.count ?? 0;
    const answered = result['1xx'] + result['2xx'] + result['3xx'] + result['4xx'] + result['5xx'];
    const unexpected = answered - ok + result.errors;
    return {
      flags,
      idleMib: idle / MIB,
      peakMib: peak / MIB,
      afterMib: after / MIB,
      requests: answered,
      requestsPerSecond: answered / result.duration,
      cpuPerRequestUs: cpuUsed / answered,
      unexpected,
      connections,
      seconds,
      passed: unexpected === 0 && idle / MIB <= IDLE_TARGET_MIB && peak / MIB <= READ_MIX_TARGET_MIB,
    };
  } finally {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export function describeMemory(figures: MemoryFigures): string {
  const mib = (value: number) => `${value.toFixed(0)} MiB`;
  const verdict =
    figures.unexpected > 0
      ? `INVALID (${figures.unexpected} unexpected answers)`
      : figures.passed
        ? 'ok'
        : 'MISSED';
  return (
    `server memory (node ${figures.flags.join(' ')}): idle ${mib(figures.idleMib)} (target ≤ ${IDLE_TARGET_MIB} MiB), ` +
    `peak under the read mix ${mib(figures.peakMib)} (target ≤ ${READ_MIX_TARGET_MIB} MiB; ${figures.connections} connections, ` +
    `${figures.seconds} s, ${Math.round(figures.requestsPerSecond).toLocaleString('en-US')} req/s, ` +
    `${Math.round(figures.cpuPerRequestUs)} µs of server CPU a request), ` +
    `${mib(figures.afterMib)} ${AFTER_SECONDS} s after: ${verdict}`
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values } = parseArgs({
    options: { duration: { type: 'string' }, connections: { type: 'string' }, flags: { type: 'string' } },
  });
  const figures = await benchMemory({
    seconds: values.duration === undefined ? undefined : Number(values.duration),
    connections: values.connections === undefined ? undefined : Number(values.connections),
    flags: values.flags?.split(' ').filter(Boolean),
  });
  console.log(describeMemory(figures));
  if (!figures.passed) process.exitCode = 1;
}
