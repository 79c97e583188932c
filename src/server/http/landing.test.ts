/**
 * GET /: the pre-rendered landing with the club's settings filled in (escaped), the year, no
 * caching without revalidation, signed-in people sent home, and the app when there is no landing.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { formatMoney } from '../../shared/format';
import { createTestApp, type TestApp } from '../../../tests/app';

const TEMPLATE =
  '<!doctype html><title>t</title><h1>{{settings.clubName}}</h1>' +
  '<a href="{{settings.subscribeHref}}">Assinar</a><p>{{settings.priceAnnual}}</p>' +
  '<a href="https://wa.me/{{settings.whatsappNumber}}">{{settings.whatsappDisplay}}</a>' +
  '<footer>© {{year}} {{settings.clubName}}</footer>';
const APP_PAGE = '<!doctype html><div id="root"></div>';

let app: TestApp | undefined;
let clientDir: string | undefined;
afterEach(async () => {
  await app?.close();
  if (clientDir) fs.rmSync(clientDir, { recursive: true, force: true });
  app = undefined;
  clientDir = undefined;
});

async function start({ landing = true } = {}) {
  clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'confraria-client-'));
  fs.writeFileSync(path.join(clientDir, 'index.html'), APP_PAGE);
  if (landing) fs.writeFileSync(path.join(clientDir, 'landing.html'), TEMPLATE);
  app = await createTestApp({ CLIENT_DIR: clientDir });
  return app;
}

const html = { accept: 'text/html' };

describe('GET /', () => {
  it('answers the landing with the settings and the year filled in, revalidated every time', async () => {
    const { request } = await start();
    const response = await request({ method: 'GET', url: '/', headers: html });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.body).toContain('<h1>Confraria Vinhos &amp; Amigos</h1>');
    expect(response.body).toContain('href="/checkout?name=Novo%20Assinante&amp;email=&amp;amount=149700"');
    expect(response.body).toContain(`<p>${formatMoney(149700)}</p>`);
    expect(response.body).toContain('href="https://wa.me/5511999990000">+55 (11) 99999-0000</a>');
    expect(response.body).toContain('© 2026 Confraria');
    expect(response.body).not.toContain('{{');

    const head = await request({ method: 'HEAD', url: '/' });
    expect(head.statusCode).toBe(200);
  });

  it('shows new settings at once, escaped', async () => {
    const { request, services } = await start();
    await request({ method: 'GET', url: '/' });
    services.settings.update({ clubName: 'Vinhos <b>"&\'</b>', priceAnnual: 99900 });
    const { body } = await request({ method: 'GET', url: '/' });
    expect(body).toContain('<h1>Vinhos &lt;b&gt;&quot;&amp;&#39;&lt;/b&gt;</h1>');
    expect(body).toContain(`<p>${formatMoney(99900)}</p>`);
    expect(body).toContain('amount=99900');
  });

  it('prints the year of São Paulo, turning at its midnight', async () => {
    const { request, clock } = await start();
    clock.set('2027-01-01T02:59:00Z'); // 23:59 on 31/12 in São Paulo
    expect((await request({ method: 'GET', url: '/' })).body).toContain('© 2026 ');
    clock.set('2027-01-01T03:00:00Z');
    expect((await request({ method: 'GET', url: '/' })).body).toContain('© 2027 ');
  });

  it('sends a signed-in person to the home of their role (docs/product/decisions.md §2)', async () => {
    const { request, signIn } = await start();
    for (const [role, home] of [
      ['user', '/user/dashboard'],
      ['admin', '/admin/dashboard'],
    ] as const) {
      const { token } = await signIn(role);
      const response = await request({
        method: 'GET',
        url: '/',
        headers: { ...html, cookie: `confraria_session=${token}` },
      });
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe(home);
    }
    const stale = await request({
      method: 'GET',
      url: '/',
      headers: { ...html, cookie: 'confraria_session=nao.valido' },
    });
    expect(stale.statusCode).toBe(200);
    expect(stale.body).toContain('<h1>Confraria');
  });

  it('never serves the unfilled file itself', async () => {
    const { request } = await start();
    for (const accept of ['text/html', '*/*']) {
      const response = await request({ method: 'GET', url: '/landing.html', headers: { accept } });
      expect(response.body).not.toContain('{{settings.');
    }
  });

  it('answers the app when the build has no pre-rendered landing', async () => {
    const { request } = await start({ landing: false });
    const response = await request({ method: 'GET', url: '/', headers: html });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(APP_PAGE);
  });
});
