/**
 * The client build as a browser gets it: precompressed copies by content negotiation, hashed
 * assets cached for a year, everything else revalidated, unknown assets a JSON 404.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/app';
import { DOCUMENT_ONLY_HEADERS } from './security-headers';

const SCRIPT = `console.log(${JSON.stringify('confraria '.repeat(300))});\n`;
let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function start() {
  const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'confraria-static-'));
  fs.mkdirSync(path.join(clientDir, 'assets'));
  fs.writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><body><div id="root"></div></body>');
  const script = path.join(clientDir, 'assets', 'main-AbC123.js');
  fs.writeFileSync(script, SCRIPT);
  fs.writeFileSync(`${script}.br`, zlib.brotliCompressSync(SCRIPT));
  fs.writeFileSync(`${script}.gz`, zlib.gzipSync(SCRIPT));
  fs.writeFileSync(path.join(clientDir, 'manifest.webmanifest'), '{"name":"Confraria"}');
  t = await createTestApp({ CLIENT_DIR: clientDir });
  return t;
}

const get = (url: string, headers: Record<string, string> = {}) =>
  t!.request({ method: 'GET', url, headers });

describe('client assets', () => {
  it('answers the brotli copy to a browser that accepts it, gzip to one that accepts only gzip', async () => {
    await start();
    const br = await get('/assets/main-AbC123.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);

    const gz = await get('/assets/main-AbC123.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);

    const plain = await get('/assets/main-AbC123.js', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('caches hashed assets for a year as immutable, and revalidates everything else', async () => {
    await start();
    const asset = await get('/assets/main-AbC123.js', { 'accept-encoding': 'br' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // Nothing revalidates an immutable file: no validators on it, only on what is revalidated.
    expect(asset.headers).not.toHaveProperty('etag');
    expect(asset.headers).not.toHaveProperty('last-modified');
    const manifest = await get('/manifest.webmanifest');
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['cache-control']).toBe('no-cache');
    expect(manifest.headers.etag).toBeTruthy();
    expect(manifest.headers['last-modified']).toBeTruthy();
    const revalidated = await get('/manifest.webmanifest', {
      'if-none-match': String(manifest.headers.etag),
    });
    expect(revalidated.statusCode).toBe(304);
    const page = await get('/checkout', { accept: 'text/html' });
    expect(page.headers['cache-control']).toBe('no-cache');
  });

  it('answers a missing asset, or a compressed copy asked by name, with a JSON 404', async () => {
    await start();
    for (const url of ['/assets/nada-123.js', '/assets/main-AbC123.js.br']) {
      const res = await get(url, { accept: 'text/html' });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ error: 'Recurso não encontrado' });
    }
  });

  it('answers a page as HTML whatever the Accept header says, and the API as JSON whatever it says', async () => {
    await start();
    for (const accept of [undefined, '*/*', 'application/json', 'text/html']) {
      const headers: Record<string, string> = accept ? { accept } : {};
      const page = await t!.app.inject({ method: 'GET', url: '/login', headers });
      expect(page.statusCode, String(accept)).toBe(200);
      expect(page.headers['content-type'], String(accept)).toBe('text/html; charset=utf-8');
      const head = await t!.app.inject({ method: 'HEAD', url: '/admin/subscribers?status=pending', headers });
      expect(head.statusCode, String(accept)).toBe(200);
      for (const url of ['/api/nada', '/api', '/trpc/nada', '/assets/nada-1.js', '/icone-que-falta.png']) {
        const missing = await t!.app.inject({ method: 'GET', url, headers });
        expect(missing.statusCode, `${url} ${accept}`).toBe(404);
        expect(missing.json(), url).toEqual({ error: 'Recurso não encontrado' });
      }
    }
  });
  it('sends the build scripts without the document-only headers, and keeps them on every document', async () => {
    await start();
    const script = await get('/assets/main-AbC123.js', { 'accept-encoding': 'br' });
    expect(script.statusCode).toBe(200);
    for (const name of DOCUMENT_ONLY_HEADERS) expect(script.headers[name], name).toBeUndefined();
    // What a script's response still needs: no sniffing, no cross-origin reads, its imports' referrer.
    expect(script.headers['x-content-type-options']).toBe('nosniff');
    expect(script.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(script.headers['referrer-policy']).toBe('no-referrer');

    // Anything that is not one of the build's files keeps the full set: pages, the manifest, a
    // made-up or traversing asset path.
    for (const url of ['/login', '/manifest.webmanifest', '/assets/nao-existe.js', '/assets/../index.html']) {
      const res = await get(url, { accept: 'text/html' });
      expect(res.headers['content-security-policy'], url).toContain("frame-ancestors 'none'");
      expect(res.headers['x-frame-options'], url).toBeDefined();
    }
  });
});
