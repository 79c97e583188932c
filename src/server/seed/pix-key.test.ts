import { describe, expect, it } from 'vitest';
import { useTestApp, type TestApp } from '../../../tests/app';
import { runSeed } from './index';

let t: TestApp;
useTestApp((app) => (t = app));

describe('demo PIX key', () => {
  it('saves a key no bank can find, with its type, once', async () => {
    const first = await runSeed(t.services);
    expect(first.lines).toContain(
      'chave PIX: pix@confraria.example (e-mail de domínio reservado: nenhum banco a encontra)',
    );
    expect(t.services.settings.get()).toMatchObject({ pixKey: 'pix@confraria.example', pixKeyType: 'email' });
    const second = await runSeed(t.services);
    expect(second.lines).toContain('chave PIX: mantida a que já estava salva');
  });

  it('leaves the owner’s key alone', async () => {
    t.services.settings.update({ pixKey: '11 91008-6304', pixKeyType: 'phone' });
    const { lines } = await runSeed(t.services);
    expect(lines).toContain('chave PIX: mantida a que já estava salva');
    expect(t.services.settings.get()).toMatchObject({ pixKey: '+5511910086304', pixKeyType: 'phone' });
  });
});
