/**
 * The settings screen's calls: everything readable by admins (secrets never: they stay in the
 * environment), any subset saved with Portuguese refusals, the PIX key stored in the DICT format,
 * the server's prices taken from here, the public site reading the same store, and provider tests.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/app';
import { approve, createLink, rows } from '../../../../tests/checkout';
import { createForSubscriber } from '../../payments/links/create-link';

let t: TestApp;
afterEach(async () => {
  await t.close();
});

async function setup(env: Record<string, string> = {}) {
  t = await createTestApp(env);
  const admin = await t.signIn('admin');
  const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.request({ method, url: `/api${url}`, headers: { authorization: `Bearer ${admin.token}` }, payload });
  return { admin, call };
}

describe('GET /api/admin/settings', () => {
  it('answers every setting with the spec’s prices and the active providers', async () => {
    const { call } = await setup();
    const res = await call('GET', '/admin/settings');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      settings: {
        priceAnnual: 149700,
        priceRenewal: 89700,
        renewalAutomation: false,
        pixKey: 'contato@confraria.local',
      },
      providers: { payment: 'sandbox', email: 'log', whatsapp: 'log' },
    });
  });

  it('names a configured provider, never its key or token', async () => {
    const { call } = await setup({ WHATSAPP_TOKEN: 'wa-token-segredo-123', WHATSAPP_PHONE_ID: '1234567890' });
    const res = await call('GET', '/admin/settings');
    expect(res.json().providers.whatsapp).toBe('cloud-api');
    expect(res.body).not.toContain('wa-token-segredo-123');
  });
});

describe('POST /api/admin/settings', () => {
  it.each([
    ['(11) 98765-4321', '+5511987654321'],
    ['529.982.247-25', '52998224725'],
    ['11.222.333/0001-81', '11222333000181'],
    ['PIX@Confraria.COM.BR', 'pix@confraria.com.br'],
    ['123E4567-E89B-12D3-A456-426614174000', '123e4567-e89b-12d3-a456-426614174000'],
  ])('stores the PIX key %s as %s', async (typed, stored) => {
    const { call } = await setup();
    const res = await call('POST', '/admin/settings', { pixKey: typed });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Configurações salvas com sucesso!',
      settings: { pixKey: stored },
    });
    expect(t.services.settings.get().pixKey).toBe(stored);
  });

  it.each([
    [{ pixKey: '529.982.247-24' }, 'Chave PIX inválida: CPF inválido'],
    [
      { pixKey: 'minha chave' },
      'Chave PIX inválida: use CPF, CNPJ, telefone com DDD, e-mail ou chave aleatória',
    ],
    [{ pixKey: '' }, 'Informe a chave PIX'],
    [{ contactEmail: 'sem-arroba' }, 'Email inválido'],
    [{ priceRenewal: 0 }, 'Preço inválido: informe um valor maior que zero'],
    [{ priceAnnual: 10.5 }, 'Preço inválido: informe um valor maior que zero'],
    [
      { vipGroupLink: 'javascript:alert(1)' },
      'Link inválido: use um endereço que comece com https:// (ou http://)',
    ],
    [{ merchantCity: 'SAO PAULO CAPITAL SP' }, 'Use no máximo 15 caracteres'],
    [{ clubName: '  ' }, 'Nome do clube é obrigatório'],
  ])('refuses %j with a Portuguese 400 and changes nothing', async (payload, error) => {
    const { call } = await setup();
    const before = t.services.settings.get();
    const res = await call('POST', '/admin/settings', { clubName: 'Outro nome', ...payload });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error });
    expect(t.services.settings.get()).toEqual(before);
  });

  it('the public site reads the saved contacts at once', async () => {
    const { call } = await setup();
    await call('POST', '/admin/settings', {
      contactEmail: 'Clube@Exemplo.com.br',
      whatsappNumber: '+55 (21) 99876-5432',
    });
    const shown = await t.caller().settings.public();
    expect(shown).toMatchObject({ contactEmail: 'clube@exemplo.com.br', whatsappNumber: '5521998765432' });
  });

  it('prices are decided from here: a renewal link costs the saved renewal price', async () => {
    const { call } = await setup();
    await call('POST', '/admin/settings', { priceRenewal: 99900, priceAnnual: 159900 });
    await createLink(t, { customerEmail: 'vera@teste.com.br' });
    const subscriber = rows(t).subscriberByEmail('vera@teste.com.br')!;
    approve(t, subscriber.id, new Date(t.clock.now().getTime() + 10 * 24 * 3600 * 1000));
    const renewal = await createForSubscriber(t.services.paymentLinks, subscriber.id, 'renewal');
    const annual = await createForSubscriber(t.services.paymentLinks, subscriber.id, 'annual');
    expect([renewal.amount, annual.amount]).toEqual([99900, 159900]);
  });
});

describe('provider tests', () => {
  it('test-pagarme and test-whatsapp answer which provider is active and whether it works', async () => {
    const { call } = await setup();
    const payment = await call('POST', '/admin/settings/test-pagarme');
    expect(payment.statusCode).toBe(200);
    expect(payment.json()).toMatchObject({ provider: 'sandbox', configured: false, ok: true });
    const messaging = await call('POST', '/admin/settings/test-whatsapp');
    expect(messaging.json()).toMatchObject({
      whatsapp: { provider: 'log', ok: true },
      email: { provider: 'log', ok: true },
    });
  });
});
