/**
 * Measures what the landing page (/) ships on first load: every script the browser fetches until
 * the network is idle, with its gzip size (what a compressing proxy would send). Also lists the
 * stylesheets and images loaded. Needs a built client with the pre-rendered landing
 * (`npm run build`; ADR 006).
 *
 *   node --import tsx scripts/measure-landing.ts           # prints the figures
 *   node --import tsx scripts/measure-landing.ts --check   # exits 1 over the budget (100 KB JS, 150 KB per image)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/chromium';
import { parseEnv } from '../src/server/env';
import { buildApp } from '../src/server/http/app';

const JS_BUDGET = 100 * 1024;
const IMAGE_BUDGET = 150 * 1024;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'confraria-measure-'));
const env = parseEnv({
  NODE_ENV: 'test',
  DATA_DIR: dataDir,
  HOST: '127.0.0.1',
  PORT: '0',
  JOBS: 'false',
  LOG_LEVEL: 'silent',
});
const { app } = await buildApp({ env });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const base = typeof address === 'object' && address ? `http://127.0.0.1:${address.port}` : '';

const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: CHROMIUM_ARGS,
});
const scripts: { url: string; raw: number; gzip: number }[] = [];
const styles: { url: string; gzip: number }[] = [];
const images: { url: string; bytes: number }[] = [];
try {
  const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
  page.on('response', async (response) => {
    const type = response.request().resourceType();
    if (type !== 'script' && type !== 'image' && type !== 'stylesheet') return;
    const body = await response.body().catch(() => null);
    if (!body) return;
    const url = response.url().replace(base, '');
    const gzip = gzipSync(body, { level: 9 }).length;
    if (type === 'script') scripts.push({ url, raw: body.length, gzip });
    else if (type === 'stylesheet') styles.push({ url, gzip });
    else images.push({ url, bytes: body.length });
  });
  await page.goto(`${base}/`, { waitUntil: 'networkidle' });
  await page.waitForTimeout(500);
} finally {
  await browser.close();
  await app.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
scripts.sort((a, b) => b.gzip - a.gzip);
for (const s of scripts) console.log(`${kb(s.gzip).padStart(9)} gz  ${kb(s.raw).padStart(9)} raw  ${s.url}`);
const totalGzip = scripts.reduce((sum, s) => sum + s.gzip, 0);
console.log(
  `\nLanding JS on first load: ${kb(totalGzip)} gzip (${scripts.length} files), budget ${kb(JS_BUDGET)}`,
);
console.log(`Landing CSS: ${kb(styles.reduce((sum, s) => sum + s.gzip, 0))} gzip (${styles.length} files)`);
for (const image of images) console.log(`image ${kb(image.bytes).padStart(9)}  ${image.url}`);

if (process.argv.includes('--check')) {
  const heavyImages = images.filter((image) => image.bytes > IMAGE_BUDGET);
  if (totalGzip > JS_BUDGET || heavyImages.length > 0) {
    console.error('Over budget.');
    process.exit(1);
  }
}
