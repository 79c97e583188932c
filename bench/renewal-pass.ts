/**
 * The automatic renewal pass on the big club (ADR 052): 10,000 members with automatic renewal on
 * whose charge day is today, on the bench's big club (bench/write-club.ts `big`: 100,000
 * subscribers, 150,000 payments, 10,000 pending links, 10,000 queued messages), charged on the
 * sandbox provider. Measured: the pass's wall time and the process's peak resident memory (VmHWM)
 * against its level before the pass; and, on the same club before the pass, the back office's
 * subscriber list filtered `renewal=automatic` (the operation in-process, one call after the
 * other: p95 against the lists' 15 ms).
 *
 * Three processes, so that what is measured is not the writing: the club is written by
 * bench/write-club.ts, the renewal rows by this file's `write` step, and the pass runs in a fresh
 * `pass` process. Run by `npm run bench` last (`--only renewal` for this line alone), or by itself:
 * `node --import tsx bench/renewal-pass.ts`.
 */
import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pino from 'pino';
import { saoPauloDayStart } from '../src/shared/sao-paulo-time';
import { subscriberListInput } from '../src/shared/subscriber-schemas';
import { databaseFile, openDatabase } from '../src/server/db/client';
import { loadEnv } from '../src/server/env';
import { list } from '../src/server/membership/subscribers/admin/list';
import { runRenewalPass } from '../src/server/payments/automatic-renewal/pass';
import { createServices } from '../src/server/services';
import { SUBSCRIBERS } from './admin/generate';

const BENCH_DIR = path.dirname(fileURLToPath(import.meta.url));
const MIB = 1024 * 1024;
/** 10,000; `BENCH_RENEWAL_DUE=1000` (at most 10,000) to see how the pass's figures grow with the number due. */
export const DUE_MEMBERS = Number(process.env.BENCH_RENEWAL_DUE ?? 10_000);
/** The back-office lists' p95 target (bench/admin/scenarios.ts). */
const LIST_P95_TARGET_MS = 15;
const LIST_WARMUP = 50;
const LIST_CALLS = 500;

export interface RenewalPassFigures {
  due: number;
  charged: number;
  paid: number;
  failed: number;
  seconds: number;
  rssBeforeMib: number;
  peakMib: number;
  listP50Ms: number;
  listP95Ms: number;
  listTotal: number;
}

/**
 * Generated subscribers 0 to 5 of every 12 are active (bench/admin/generate.ts STATUSES): the 1st
 * and the 4th of each 12, spread over the first 60,000.
 */
const dueIds = () =>
  Array.from({ length: DUE_MEMBERS }, (_, k) => `bsub${12 * Math.floor(k / 2) + (k % 2) * 3}`);

/** `write`: their period ends tomorrow afternoon (São Paulo), so today is their charge day. */
function writeDue(): void {
  const env = loadEnv();
  const database = openDatabase(databaseFile(env.DATA_DIR), env.MIGRATIONS_DIR);
  try {
    const now = Date.now();
    const end = saoPauloDayStart(new Date(now), 1).getTime() + 15 * 3600 * 1000;
    const sqlite = database.sqlite;
    const setEnd = sqlite.prepare(
      `update subscribers set subscription_end_date = ?, cancel_requested_at = null where id = ? and status = 'active'`,
    );
    const turnOn = sqlite.prepare(
      `insert into automatic_renewals (subscriber_id, provider, provider_customer_id, provider_card_id,
         card_brand, card_last4, card_exp_month, card_exp_year, card_saved_at, enabled, consent_at,
         consent_text, created_at, updated_at)
       values (?, 'sandbox', ?, ?, 'Visa', '1111', 12, 2040, ?, 1, ?, 'Renovar automaticamente (bench)', ?, ?)`,
    );
    sqlite.transaction(() => {
      for (const id of dueIds()) {
        if (setEnd.run(end, id).changes !== 1) throw new Error(`${id} is not an active bench member`);
        turnOn.run(id, `sbx_cus_${id}`, `sbx_card_ok_1111_122040_${id}`, now, now, now, now);
      }
    })();
    sqlite.exec('analyze');
  } finally {
    database.close();
  }
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

/** The process's peak resident memory so far (Linux: VmHWM), or the current one elsewhere. */
function peakRss(): number {
  try {
    const kb = /^VmHWM:\s+(\d+) kB$/m.exec(fs.readFileSync('/proc/self/status', 'utf8'))?.[1];
    if (kb) return Number(kb) * 1024;
  } catch {
    // not Linux
  }
  return process.memoryUsage().rss;
}

/** `pass`: the list filtered on the club as it is before the date, then the pass, timed. */
async function runPass(): Promise<RenewalPassFigures> {
  const env = loadEnv();
  const database = openDatabase(databaseFile(env.DATA_DIR), env.MIGRATIONS_DIR);
  const services = createServices({ db: database.db, env, log: pino({ level: 'silent' }) });
  try {
    services.settings.update({ automaticRenewal: true });
    const input = subscriberListInput.parse({ renewal: 'automatic' });
    let listTotal = 0;
    for (let i = 0; i < LIST_WARMUP; i++) list(services, input);
    const times: number[] = [];
    for (let i = 0; i < LIST_CALLS; i++) {
      const started = performance.now();
      listTotal = list(services, input).pagination.total;
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);

    global.gc?.();
    const rssBefore = process.memoryUsage().rss;
    const started = performance.now();
    const result = await runRenewalPass(services.automaticRenewal);
    const seconds = (performance.now() - started) / 1000;
    return {
      due: DUE_MEMBERS,
      charged: result?.charged ?? 0,
      paid: result?.paid ?? 0,
      failed: result?.failed ?? 0,
      seconds,
      rssBeforeMib: rssBefore / MIB,
      peakMib: peakRss() / MIB,
      listP50Ms: percentile(times, 50),
      listP95Ms: percentile(times, 95),
      listTotal,
    };
  } finally {
    database.close();
  }
}

function runStep(file: string, args: string[], dataDir: string): Promise<RenewalPassFigures | undefined> {
  const child = fork(path.join(BENCH_DIR, file), args, {
    execArgv: ['--import', 'tsx', '--expose-gc'],
    env: { ...process.env, LOG_LEVEL: 'silent', DATA_DIR: dataDir },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  let figures: RenewalPassFigures | undefined;
  child.on('message', (message) => (figures = message as RenewalPassFigures));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve(figures) : reject(new Error(`${file} ${args.join(' ')} exited with ${code}`)),
    );
  });
}

export async function benchRenewalPass(): Promise<RenewalPassFigures & { passed: boolean }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'confraria-bench-renewal-'));
  try {
    console.log(
      `\nrenewal pass: writing the big club (${SUBSCRIBERS.toLocaleString('en-US')} subscribers) and ${DUE_MEMBERS.toLocaleString('en-US')} members due today …`,
    );
    await runStep('write-club.ts', ['big'], dataDir);
    await runStep('renewal-pass.ts', ['write'], dataDir);
    const figures = await runStep('renewal-pass.ts', ['pass'], dataDir);
    if (!figures) throw new Error('the renewal pass sent no figures');
    const passed =
      figures.charged === DUE_MEMBERS &&
      figures.paid === DUE_MEMBERS &&
      figures.listTotal === DUE_MEMBERS &&
      figures.listP95Ms <= LIST_P95_TARGET_MS;
    return { ...figures, passed };
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export function describeRenewalPass(figures: RenewalPassFigures & { passed: boolean }): string {
  const n = (value: number) => value.toLocaleString('en-US');
  return (
    `Renewal pass, ${n(figures.due)} members due today on the big club (sandbox): ${n(figures.charged)} charged, ` +
    `${n(figures.paid)} paid, ${n(figures.failed)} failed in ${figures.seconds.toFixed(1)} s ` +
    `(${((figures.seconds * 1000) / Math.max(1, figures.charged)).toFixed(2)} ms a member); ` +
    `resident memory ${figures.rssBeforeMib.toFixed(0)} MiB before, peak ${figures.peakMib.toFixed(0)} MiB. ` +
    `Subscriber list renewal=automatic (${n(figures.listTotal)} members): p50 ${figures.listP50Ms.toFixed(1)} ms, ` +
    `p95 ${figures.listP95Ms.toFixed(1)} ms (target ≤ ${LIST_P95_TARGET_MS} ms)` +
    (figures.passed ? '' : ' — MISSED')
  );
}

const role = process.argv[2];
if (role === 'write') writeDue();
else if (role === 'pass') process.send?.(await runPass());
else if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const figures = await benchRenewalPass();
  console.log(`\n${describeRenewalPass(figures)}`);
  if (!figures.passed) process.exitCode = 1;
}
