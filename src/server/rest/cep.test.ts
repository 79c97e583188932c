/** GET /api/subscriber-update/cep/:cep against a fake ViaCEP answering with the recorded fixtures. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/app';
import { startFakeViaCep, type FakeViaCep } from '../../../tests/fakes/viacep-server';

let viacep: FakeViaCep;
let t: TestApp;
beforeAll(async () => {
  viacep = await startFakeViaCep();
  t = await createTestApp({ VIACEP_URL: viacep.url });
});
afterAll(async () => {
  await t.close();
  await viacep.close();
});

const lookup = (cep: string) => t.request({ method: 'GET', url: `/api/subscriber-update/cep/${cep}` });

describe('CEP lookup', () => {
  it('answers {success, address} from ViaCEP, masked or not, and caches it', async () => {
    const res = await lookup('01001-000');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      address: {
        street: 'Praça da Sé',
        neighborhood: 'Sé',
        city: 'São Paulo',
        state: 'SP',
        zipCode: '01001000',
      },
    });
    const calls = viacep.requests.length;
    expect((await lookup('01001000')).statusCode).toBe(200);
    expect(viacep.requests.length).toBe(calls);
    expect(viacep.requests).toContain('/ws/01001000/json/');
  });

  it.each(['99999999', '88888888'])(
    'answers 404 "CEP não encontrado" for %s (erro "true" and erro true)',
    async (cep) => {
      const res = await lookup(cep);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'CEP não encontrado' });
    },
  );

  it('answers 502 in Portuguese when ViaCEP fails, never 500', async () => {
    const res = await lookup('50000000');
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({
      error: 'Não foi possível consultar o CEP. Preencha o endereço manualmente.',
    });
  });

  it('answers 400 for a CEP without 8 digits, without calling ViaCEP', async () => {
    const calls = viacep.requests.length;
    const res = await lookup('1234');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'CEP deve ter 8 dígitos' });
    expect(viacep.requests.length).toBe(calls);
  });

  it('answers 502 when ViaCEP cannot be reached', async () => {
    const offline = await createTestApp({ VIACEP_URL: 'http://127.0.0.1:9' });
    try {
      const res = await offline.request({ method: 'GET', url: '/api/subscriber-update/cep/01001000' });
      expect(res.statusCode).toBe(502);
    } finally {
      await offline.close();
    }
  });
});
