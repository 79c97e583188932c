import { describe, expect, it } from 'vitest';
import { useTestApp, type TestApp } from '../../../tests/app';

let t: TestApp;
useTestApp((app) => (t = app));

const valid = {
  name: 'Ana Souza',
  email: 'ana@teste.com.br',
  subject: 'Degustações',
  message: 'Quando será a próxima degustação?',
};

const post = (payload: unknown, ip = '10.0.0.1') =>
  t.request({ method: 'POST', url: '/api/emails/contact', payload: payload as object, remoteAddress: ip });

describe('POST /api/emails/contact', () => {
  it('stores the message and queues the contact e-mail to the club, ignoring `to`', async () => {
    const res = await post({ ...valid, to: 'vitima@externo.com' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect(res.headers['cache-control']).toBe('no-store');

    const queued = t.services.outbox.list();
    expect(queued).toHaveLength(1);
    expect(queued[0]).toMatchObject({
      channel: 'email',
      recipient: 'contato@confraria.local',
      template: 'contact',
      subject: '[Contato] Degustações',
      status: 'queued',
    });
    expect(queued[0]?.body).toContain('Quando será a próxima degustação?');
    expect(queued[0]?.body).toContain('ana@teste.com.br');
    expect(queued.some((m) => m.recipient === 'vitima@externo.com')).toBe(false);

    const [stored] = t.services.contact.list();
    expect(stored).toMatchObject({ ...valid, recipient: 'contato@confraria.local', outboxId: queued[0]?.id });
  });

  it('sends to the address configured in the settings store', async () => {
    t.services.settings.update({ contactEmail: 'sommelier@confraria.local' });
    await post(valid);
    expect(t.services.outbox.list()[0]?.recipient).toBe('sommelier@confraria.local');
  });

  it.each([
    [{ ...valid, name: '   ' }, 'Nome é obrigatório'],
    [{ ...valid, email: undefined }, 'Email é obrigatório'],
    [{ ...valid, email: 'ana@' }, 'Email inválido'],
    [{ ...valid, subject: '' }, 'Assunto é obrigatório'],
    [{ ...valid, message: undefined }, 'Mensagem é obrigatória'],
    [{ ...valid, message: 'x'.repeat(5001) }, 'Mensagem muito longa (máximo 5000 caracteres)'],
  ])('answers 400 in Portuguese and stores nothing for %j', async (payload, error) => {
    const res = await post(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error });
    expect(t.services.outbox.list()).toHaveLength(0);
    expect(t.services.contact.list()).toHaveLength(0);
  });

  it('answers 429 to a flood from one IP (5 per minute) without blocking other IPs', async () => {
    for (let i = 0; i < 5; i++) expect((await post(valid)).statusCode).toBe(200);
    const flooded = await post(valid);
    expect(flooded.statusCode).toBe(429);
    expect(flooded.json()).toEqual({ error: 'Muitas tentativas. Aguarde um minuto e tente novamente.' });
    expect(t.services.contact.list()).toHaveLength(5);
    expect((await post(valid, '10.0.0.2')).statusCode).toBe(200);
  });
});

describe('tRPC', () => {
  const viaTrpc = (payload: unknown, ip = '10.0.0.1') =>
    t.request({
      method: 'POST',
      url: '/trpc/contact.send',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(payload),
      remoteAddress: ip,
    });

  it('is the same operation as the REST path: same message, one allowance of 5 a minute per IP', async () => {
    const ok = await viaTrpc(valid);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ result: { data: { success: true } } });
    const missing = await viaTrpc({ ...valid, message: '' });
    expect(missing.statusCode).toBe(400);
    const rest = await post({ ...valid, message: '' });
    expect(missing.json().error.message).toBe(rest.json().error);
    // Every call counts, refused input too (ADR 036): one more on each path makes five, and the
    // sixth call of the minute is refused on both.
    expect((await post(valid)).statusCode).toBe(200);
    expect((await viaTrpc(valid)).statusCode).toBe(200);
    const flooded = await viaTrpc(valid);
    expect(flooded.statusCode).toBe(429);
    expect(flooded.json().error.message).toBe('Muitas tentativas. Aguarde um minuto e tente novamente.');
    expect((await post(valid)).statusCode).toBe(429);
    expect(t.services.contact.list()).toHaveLength(3);
    expect((await viaTrpc(valid, '10.0.0.2')).statusCode).toBe(200);
  });
});
