/**
 * `npm run bench:lighthouse`: Lighthouse (mobile preset: a mid-range phone on a slow 4G link,
 * simulated) on every public page of the built app, served by the real server (`npm start`'s
 * bundle) on a throwaway database, with Debian's Chromium. Prints each category's score and the
 * bytes on the wire of the first load; exits 1 when a page scores below 95 for performance or a
 * form page's first load (HTML, CSS, JavaScript, icons: Lighthouse's total byte weight, headers
 * included) is over its 150 KB budget.
 *
 *   npm run build && npm run bench:lighthouse
 *   npm run bench:lighthouse -- --only /checkout
 *
 * Run by hand, like `npm run bench`: figures depend on the machine.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/chromium';

const PAGES = [
  '/',
  '/sobre-nos',
  '/contato',
  '/faq',
  '/termos',
  '/privacidade',
  '/checkout',
  '/login',
  '/register',
];
const PERFORMANCE_TARGET = 95;
/** The pages with a form, and their first load's budget on the wire (ADR 040). */
const FORM_PAGES = ['/contato', '/checkout', '/login', '/register'];
const FORM_BUDGET_KB = 150;

const { values: args } = parseArgs({ options: { only: { type: 'string', multiple: true } } });
const pages = args.only?.length ? args.only : PAGES;

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const root = path.resolve(import.meta.dirname, '..');
if (!fs.existsSync(path.join(root, 'dist/server/main.js'))) {
  console.error('Sem build: rode `npm run build` antes.');
  process.exit(1);
}
const port = await freePort();
const server = spawn(process.execPath, ['dist/server/main.js'], {
  cwd: root,
  env: {
    ...process.env,
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'confraria-lighthouse-')),
    HOST: '127.0.0.1',
    PORT: String(port),
    LOG_LEVEL: 'warn',
    JOBS: 'false',
  },
  stdio: 'inherit',
});
const base = `http://127.0.0.1:${port}`;
for (let tries = 0; ; tries++) {
  try {
    if ((await fetch(`${base}/api/health`)).ok) break;
  } catch {
    if (tries > 200) throw new Error('o servidor não respondeu');
  }
  await new Promise((resolve) => setTimeout(resolve, 50));
}

const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM_PATH,
  chromeFlags: CHROMIUM_ARGS,
});
const rows: Record<string, string | number>[] = [];
let failed = false;
try {
  for (const page of pages) {
    // Lighthouse now and then fails to record the page load's trace (NO_NAVSTART: "run Lighthouse
    // again"): that is no measurement of the page, so the page is run again, up to three times.
    let result: Awaited<ReturnType<typeof lighthouse>>;
    for (let attempt = 1; ; attempt++) {
      result = await lighthouse(`${base}${page}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      });
      const error = result?.lhr.runtimeError;
      if (!error || attempt === 3) break;
      console.warn(`${page}: ${error.code}, de novo`);
    }
    if (!result) throw new Error(`Lighthouse não devolveu resultado para ${page}`);
    if (result.lhr.runtimeError) console.error(`${page}: ${result.lhr.runtimeError.message}`);
    const { categories, audits } = result.lhr;
    const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
    const performance = score('performance');
    if (performance < PERFORMANCE_TARGET) failed = true;
    const kilobytes = Math.round(Number(audits['total-byte-weight']?.numericValue ?? 0) / 1024);
    const overBudget = FORM_PAGES.includes(page) && kilobytes > FORM_BUDGET_KB;
    if (overBudget) failed = true;
    rows.push({
      page,
      performance,
      accessibility: score('accessibility'),
      'best practices': score('best-practices'),
      seo: score('seo'),
      LCP: audits['largest-contentful-paint']?.displayValue ?? '',
      'on the wire': `${kilobytes} KB`,
      budget: FORM_PAGES.includes(page) ? `≤ ${FORM_BUDGET_KB} KB: ${overBudget ? 'MISSED' : 'ok'}` : '',
    });
  }
} finally {
  chrome.kill();
  server.kill('SIGTERM');
}
console.table(rows);
if (failed) {
  console.error(
    `Alguma página ficou abaixo de ${PERFORMANCE_TARGET} em desempenho, ou um formulário passou de ${FORM_BUDGET_KB} KB.`,
  );
  process.exit(1);
}
