/**
 * The exact security headers of each kind of answer, as a browser receives them: a rendered public
 * page (its CSP allowing its inline script by hash), the plain app page, the API docs UI, a JSON
 * answer (REST and tRPC, found or not), a build script, a drive file and a CSV download; over http
 * and behind an https public URL. Any change of library or configuration must leave these as they are.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import type { PageAssets } from '../../shared/prerender';
import { createTestApp, type TestApp } from '../../../tests/app';
import { upload } from '../../../tests/drive';
import { samplePdf } from '../seed/drive-samples';

/** Headers that change between runs or say nothing about security. */
const VOLATILE = new Set([
  'date',
  'etag',
  'last-modified',
  'content-length',
  'connection',
  'keep-alive',
  'set-cookie',
]);
const VOLATILE_PREFIX = /^(ratelimit|x-ratelimit|retry-after)/;

function securityHeaders(response: LightMyRequestResponse): Record<string, string> {
  const kept = Object.entries(response.headers)
    .filter(([name]) => !VOLATILE.has(name) && !VOLATILE_PREFIX.test(name))
    .map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : String(value)] as const)
    .sort(([a], [b]) => a.localeCompare(b));
  return Object.fromEntries(kept);
}

const ASSETS: PageAssets = {
  boot: '/assets/boot-1.js',
  entry: '/assets/main-1.js',
  entryCss: [],
  entryImports: [],
  entryStages: [],
  staticPage: { js: '/assets/static-page-1.js', css: [] },
  pages: {},
};

/** A stand-in for the build's renderer: one inline script, as the router's hydration data. */
const RENDERER = `
export async function renderPage(request) {
  return '<!DOCTYPE html><html><head><script type="module" src="' + request.assets.boot + '"></script></head>' +
    '<body><div id="root"><h1>FAQ</h1></div><script>self.$_TSR={};</script></body></html>';
}
`;

let t: TestApp | undefined;
let buildDir: string | undefined;
afterEach(async () => {
  await t?.close();
  if (buildDir) fs.rmSync(buildDir, { recursive: true, force: true });
  t = undefined;
  buildDir = undefined;
});

async function start(env: Record<string, string> = {}) {
  buildDir = fs.mkdtempSync(path.join(os.tmpdir(), 'confraria-headers-'));
  const clientDir = path.join(buildDir, 'client');
  fs.mkdirSync(path.join(clientDir, 'assets'), { recursive: true });
  fs.writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><body><div id="root"></div></body>');
  fs.writeFileSync(path.join(clientDir, 'assets', 'main-1.js'), 'console.log(1);\n');
  fs.writeFileSync(path.join(clientDir, 'manifest.webmanifest'), '{"name":"Confraria"}');
  fs.mkdirSync(path.join(buildDir, 'prerender'));
  fs.writeFileSync(path.join(buildDir, 'prerender/render-page.js'), RENDERER);
  fs.writeFileSync(path.join(buildDir, 'prerender/page-assets.json'), JSON.stringify(ASSETS));
  t = await createTestApp({ CLIENT_DIR: clientDir, ...env });
  return t;
}

/** Every kind of answer, by name: its headers. */
async function answers(app: TestApp) {
  const admin = await app.signIn('admin');
  const bearer = { authorization: `Bearer ${admin.token}` };
  const stored = await upload(
    app,
    admin.token,
    { name: 'Ata' },
    { filename: 'ata.pdf', content: samplePdf() },
  );
  expect(stored.statusCode, stored.body).toBe(201);
  const html = { accept: 'text/html' };
  const requests = {
    renderedPage: { url: '/faq', headers: html },
    appPage: { url: '/area-do-membro', headers: html },
    apiDocs: { url: '/api/docs', headers: html },
    health: { url: '/api/health', headers: {} },
    apiNotFound: { url: '/api/nao-existe', headers: {} },
    trpc: { url: '/trpc/auth.me', headers: {} },
    buildScript: { url: '/assets/main-1.js', headers: {} },
    manifest: { url: '/manifest.webmanifest', headers: {} },
    driveFile: { url: stored.json<{ item: { url: string } }>().item.url, headers: bearer },
    csvDownload: { url: '/api/admin/payments/export.csv', headers: bearer },
  };
  const result: Record<string, Record<string, string>> = {};
  for (const [name, { url, headers }] of Object.entries(requests)) {
    const response = await app.request({ method: 'GET', url, headers });
    expect(response.statusCode, `${name} ${url}`).toBeLessThan(name === 'apiNotFound' ? 500 : 400);
    result[name] = securityHeaders(response);
  }
  return result;
}

describe('security headers, exactly', () => {
  it('over http: no HSTS, no upgrade-insecure-requests', async () => {
    expect(await answers(await start())).toMatchSnapshot();
  });

  it('behind an https public URL: HSTS everywhere, upgrade-insecure-requests in page policies', async () => {
    expect(await answers(await start({ PUBLIC_URL: 'https://confraria.example' }))).toMatchSnapshot();
  });
});
