import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/app';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

describe('security headers', () => {
  it('JSON answers carry the REST set: a CSP that allows nothing, no framing, no sniffing', async () => {
    for (const url of ['/api/health', '/api/nao-existe', '/trpc/auth.me']) {
      const res = await t.request({ method: 'GET', url });
      expect(res.headers['content-security-policy'], url).toBe("default-src 'none';frame-ancestors 'none'");
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['referrer-policy'], url).toBe('no-referrer');
      expect(res.headers['cross-origin-resource-policy'], url).toBe('same-origin');
    }
  });

  it('pages (and the API docs UI) carry the SPA policy: scripts from our origin only', async () => {
    for (const url of ['/login', '/api/docs']) {
      const res = await t.request({ method: 'GET', url, headers: { accept: 'text/html' } });
      const csp = res.headers['content-security-policy'];
      expect(csp, url).toContain("default-src 'self'");
      expect(csp, url).toContain("script-src 'self'");
      expect(csp, url).not.toContain('unsafe-eval');
      expect(csp, url).toContain("frame-ancestors 'none'");
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['cross-origin-opener-policy'], url).toBe('same-origin');
    }
  });

  it('HSTS and upgrade-insecure-requests only behind an https public URL', async () => {
    const plain = await t.request({ method: 'GET', url: '/login', headers: { accept: 'text/html' } });
    expect(plain.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const secure = await createTestApp({ PUBLIC_URL: 'https://confraria.example' });
    try {
      const page = await secure.request({ method: 'GET', url: '/login', headers: { accept: 'text/html' } });
      expect(page.headers['content-security-policy']).toContain('upgrade-insecure-requests');
      expect(page.headers['strict-transport-security']).toContain('max-age=');
      const api = await secure.request({ method: 'GET', url: '/api/health' });
      expect(api.headers['strict-transport-security']).toContain('max-age=');
    } finally {
      await secure.close();
    }
  });
});
