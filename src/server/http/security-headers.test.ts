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
  it('every answer carries the CSP and the other Helmet headers', async () => {
    for (const url of ['/api/health', '/api/nao-existe', '/trpc/auth.me']) {
      const res = await t.request({ method: 'GET', url });
      const csp = res.headers['content-security-policy'];
      expect(csp, url).toContain("default-src 'self'");
      expect(csp, url).toContain("script-src 'self'");
      expect(csp, url).not.toContain('unsafe-eval');
      expect(csp, url).toContain("frame-ancestors 'none'");
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['referrer-policy'], url).toBe('no-referrer');
      expect(res.headers['cross-origin-opener-policy'], url).toBe('same-origin');
    }
  });

  it('asks browsers to upgrade insecure requests only behind an https public URL', async () => {
    const plain = await t.request({ method: 'GET', url: '/api/health' });
    expect(plain.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
    const secure = await createTestApp({ PUBLIC_URL: 'https://confraria.example' });
    try {
      const res = await secure.request({ method: 'GET', url: '/api/health' });
      expect(res.headers['content-security-policy']).toContain('upgrade-insecure-requests');
    } finally {
      await secure.close();
    }
  });
});
