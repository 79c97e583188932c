/**
 * The PIX key on the settings calls (ADR 031): a key that reads both as a CPF and as a mobile
 * number is refused until its type is given, and the chosen type is stored with the key; a stored
 * key that does not resolve is reported as it is and builds no BR Code, never replaced by the
 * default key.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/app';
import { payByPix, rows } from '../../../../tests/checkout';
import { settings as settingsTable } from '../../db/schema';

let t: TestApp;
afterEach(async () => {
  await t.close();
});

/** A club whose database already holds these settings rows (as an older version wrote them). */
async function setup(stored: Record<string, unknown> = {}) {
  t = await createTestApp();
  for (const [key, value] of Object.entries(stored)) {
    t.services.db
      .insert(settingsTable)
      .values({ key, value: JSON.stringify(value) })
      .run();
  }
  const admin = await t.signIn('admin');
  const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.request({ method, url: `/api${url}`, headers: { authorization: `Bearer ${admin.token}` }, payload });
  return { call };
}

const AMBIGUOUS = 'Esta chave pode ser um CPF ou um celular: escolha qual das duas é a sua chave PIX';

describe('POST /api/admin/settings: a key that is both a CPF and a mobile number', () => {
  it.each(['11 91008-6304', '11910086304'])(
    '%s without a type: a Portuguese 400, nothing stored',
    async (typed) => {
      const { call } = await setup();
      const before = t.services.settings.get();
      const res = await call('POST', '/admin/settings', { pixKey: typed });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: AMBIGUOUS });
      expect(t.services.settings.get()).toEqual(before);
      expect((await call('GET', '/admin/settings')).json().settings).toMatchObject({
        pixKey: 'contato@confraria.local',
        pixKeyType: null,
      });
    },
  );

  it.each([
    ['phone', '+5511910086304'],
    ['cpf', '11910086304'],
  ])('with pixKeyType %s: stored as %s with its type, and read back so', async (type, stored) => {
    const { call } = await setup();
    const res = await call('POST', '/admin/settings', { pixKey: '11 91008-6304', pixKeyType: type });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Configurações salvas com sucesso!',
      settings: { pixKey: stored, pixKeyType: type },
    });
    expect((await call('GET', '/admin/settings')).json().settings).toMatchObject({
      pixKey: stored,
      pixKeyType: type,
    });
    expect(t.services.settings.pixKey()).toEqual({ ok: true, type, key: stored });
  });

  it('every save stores the type it read, and a new key is read afresh', async () => {
    const { call } = await setup();
    await call('POST', '/admin/settings', { pixKey: '11 91008-6304', pixKeyType: 'cpf' });
    const res = await call('POST', '/admin/settings', { pixKey: 'Financeiro@Confraria.com.br' });
    expect(res.json().settings).toMatchObject({ pixKey: 'financeiro@confraria.com.br', pixKeyType: 'email' });
  });

  it.each([
    [{ pixKeyType: 'email' }, 'Chave PIX inválida: esta chave não é do tipo E-mail'],
    [{ pixKeyType: 'cnpj' }, 'Chave PIX inválida: esta chave não é do tipo CNPJ'],
    [{ pixKeyType: 'celular' }, 'Tipo de chave PIX inválido: use cpf, cnpj, phone, email ou evp'],
    [{ pixKey: '529.982.247-24', pixKeyType: 'cpf' }, 'Chave PIX inválida: CPF inválido'],
  ])('refuses %j over a stored CPF key with a Portuguese 400, changing nothing', async (payload, error) => {
    const { call } = await setup();
    await call('POST', '/admin/settings', { pixKey: '11910086304', pixKeyType: 'cpf' });
    const before = t.services.settings.get();
    const res = await call('POST', '/admin/settings', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error });
    expect(t.services.settings.get()).toEqual(before);
  });

  it('the type alone switches the reading of the stored key', async () => {
    const { call } = await setup();
    await call('POST', '/admin/settings', { pixKey: '11910086304', pixKeyType: 'cpf' });
    const res = await call('POST', '/admin/settings', { pixKeyType: 'phone' });
    expect(res.json().settings).toMatchObject({ pixKey: '+5511910086304', pixKeyType: 'phone' });
  });
});

describe('a stored PIX key that does not resolve', () => {
  it.each([
    ['invalid check digits', { pixKey: '52998224724' }, 'Chave PIX inválida: CPF inválido'],
    ['a CPF/phone key saved before its type was asked', { pixKey: '11910086304' }, AMBIGUOUS],
    ['a value that is no text', { pixKey: 42 }, 'Informe a chave PIX'],
  ])('%s: shown as stored, with the reason; no BR Code is built', async (_case, stored, reason) => {
    const { call } = await setup(stored);
    const shown = (await call('GET', '/admin/settings')).json().settings;
    expect(shown.pixKey).not.toBe('contato@confraria.local');
    expect(t.services.settings.pixKey()).toMatchObject({ ok: false, message: reason });

    const res = await payByPix(t);
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({
      error: 'Pagamento por PIX indisponível no momento. Tente pagar com cartão ou fale com o clube.',
    });
    expect(
      rows(t)
        .payments()
        .map((payment) => [payment.status, payment.pixCode]),
    ).toEqual([['failed', null]]);
  });

  it('the sandbox’s PIX page says PIX is unavailable (502), not a 500 or a code for another key', async () => {
    await setup({ pixKey: '52998224724' });
    const link = await t.request({
      method: 'POST',
      url: '/api/payment-links/create-public',
      payload: {
        customerName: 'Mariana Costa Ribeiro',
        customerEmail: 'mariana.ribeiro@example.com',
        customerPhone: '(11) 98765-4321',
        customerDocument: '529.982.247-25',
        customerCep: '01001-000',
        customerNumber: '101',
        customerStreet: 'Praça da Sé',
        customerNeighborhood: 'Sé',
        customerCity: 'São Paulo',
        customerState: 'SP',
      },
    });
    const { id } = link.json().paymentLink as { id: string };
    const page = await t.request({ method: 'GET', url: `/sandbox/pay/${id}/pix` });
    expect(page.statusCode).toBe(502);
    expect(page.body).toContain(
      'Pagamento por PIX indisponível no momento. Tente pagar com cartão ou fale com o clube.',
    );
    expect(page.body).not.toContain('br.gov.bcb.pix');
  });

  it('fixing it in settings brings PIX back, with the key as typed', async () => {
    const { call } = await setup({ pixKey: '11910086304' });
    await call('POST', '/admin/settings', { pixKey: '11910086304', pixKeyType: 'phone' });
    const res = await payByPix(t);
    expect(res.statusCode).toBe(200);
    expect(res.json().pixData.qrCodeText).toContain('0014br.gov.bcb.pix0114+5511910086304');
  });
});
