/**
 * While the sandbox payment provider is active every page says so (ADR 013), and /api/health
 * names the provider, so nobody mistakes a test server for the real club.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/app';

const BANNER = 'Modo de teste: pagamentos simulados, nenhuma cobrança real.';
let app: TestApp | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function start(env: Record<string, string> = {}) {
  const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'confraria-client-'));
  fs.writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><body><div id="root"></div></body>');
  app = await createTestApp({ CLIENT_DIR: clientDir, ...env });
  return app;
}

const page = (url: string) => app!.request({ method: 'GET', url, headers: { accept: 'text/html' } });

describe('sandbox payment provider', () => {
  it('puts the "Modo de teste" banner first on the landing and on every app page', async () => {
    await start();
    for (const url of ['/', '/checkout', '/login', '/admin']) {
      const { statusCode, body } = await page(url);
      expect(statusCode, url).toBe(200);
      expect(body, url).toMatch(
        new RegExp(`<body[^>]*><div class="test-mode-banner" role="note">${BANNER}</div>`),
      );
    }
  });

  it('/api/health names the provider in use', async () => {
    await start();
    const res = await app!.request({ method: 'GET', url: '/api/health' });
    expect(res.json()).toMatchObject({ status: 'ok', paymentProvider: 'sandbox' });
  });
});

describe('Pagar.me configured', () => {
  it('shows no banner and /api/health says pagarme', async () => {
    await start({ PAGARME_SECRET_KEY: 'sk_test_fake' });
    expect((await page('/')).body).not.toContain(BANNER);
    expect((await page('/checkout')).body).not.toContain(BANNER);
    const res = await app!.request({ method: 'GET', url: '/api/health' });
    expect(res.json()).toMatchObject({ paymentProvider: 'pagarme' });
  });
});
