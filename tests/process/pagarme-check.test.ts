/**
 * `npm run pagarme:check` run as a process against the fake Pagar.me (PAGARME_API_URL): it creates a
 * link, a card token with the public key only, a card order with that token and a PIX order, reads
 * them back, refunds the card charge and prints the adapter's fields in a table. Without keys it
 * says what it needs, in Portuguese, and exits 1.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../src/server/env';
import { startFakePagarme, type FakePagarme } from '../fakes/pagarme-server';

let fake: FakePagarme;
beforeAll(async () => {
  fake = await startFakePagarme();
});
afterAll(async () => {
  await fake.close();
});

function runCheck(
  extraEnv: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const env: Record<string, string> = { PATH: process.env.PATH ?? '', LOG_LEVEL: 'silent', ...extraEnv };
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(PROJECT_ROOT, 'scripts/pagarme-check.ts')],
      {
        cwd: PROJECT_ROOT,
        env,
      },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('npm run pagarme:check', () => {
  it('without keys: says what it needs, in Portuguese, and exits 1 without calling anyone', async () => {
    const before = fake.requests.length;
    const { code, stderr } = await runCheck({ PAGARME_API_URL: fake.apiUrl });
    expect(code).toBe(1);
    expect(stderr).toContain('Para verificar o Pagar.me, defina PAGARME_SECRET_KEY');
    expect(stderr).toContain('PAGARME_PUBLIC_KEY');
    expect(fake.requests.length).toBe(before);
  }, 30_000);

  it('refuses a live secret key', async () => {
    const { code, stderr } = await runCheck({
      PAGARME_SECRET_KEY: 'sk_live_abc123',
      PAGARME_PUBLIC_KEY: fake.publicKey,
      PAGARME_API_URL: fake.apiUrl,
    });
    expect(code).toBe(1);
    expect(stderr).toContain('Use uma chave secreta de TESTE (sk_test_…)');
  }, 30_000);

  it('with test keys: every step against the API, every field present in the table, exit 0', async () => {
    fake.requests.length = 0;
    fake.problems.length = 0;
    const { code, stdout, stderr } = await runCheck({
      PAGARME_SECRET_KEY: fake.secretKey,
      PAGARME_PUBLIC_KEY: fake.publicKey,
      PAGARME_API_URL: fake.apiUrl,
    });
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(fake.problems).toEqual([]);
    const calls = fake.requests.map((request) => `${request.method} ${request.path.split('?')[0]}`);
    expect(calls).toEqual([
      'POST /core/v5/paymentlinks',
      expect.stringMatching(/^GET \/core\/v5\/paymentlinks\/pl_/),
      'POST /core/v5/tokens',
      'POST /core/v5/orders',
      'POST /core/v5/orders',
      expect.stringMatching(/^GET \/core\/v5\/orders\/or_/),
      'GET /core/v5/orders',
      expect.stringMatching(/^GET \/core\/v5\/charges\/ch_/),
      expect.stringMatching(/^DELETE \/core\/v5\/charges\/ch_/),
    ]);
    // The token call is the browser's: public key only.
    const tokenCall = fake.requests.find((request) => request.path.startsWith('/core/v5/tokens'));
    expect(tokenCall?.headers.authorization).toBeUndefined();
    // The card order carried the token, never the card.
    const cardOrder = fake.requests.find(
      (request) => request.body?.payments?.[0]?.payment_method === 'credit_card',
    );
    expect(JSON.stringify(cardOrder?.body)).not.toContain('4000000000000010');

    const lines = stdout.split('\n');
    expect(lines).toContain(lines.find((line) => /^Etapa\s+Campo\s+Situação$/.test(line)));
    for (const field of [
      'total_paid_sessions',
      'charges.0.paid_amount',
      'charges.0.last_transaction.card.last_four_digits',
      'charges.0.last_transaction.qr_code',
      'metadata.payment_id',
      'order.code',
    ]) {
      expect(lines.some((line) => line.includes(` ${field} `) && line.endsWith('presente'))).toBe(true);
    }
    expect(stdout).not.toContain('AUSENTE');
    expect(stdout).toContain('Tudo certo.');
    expect(stdout).not.toContain(fake.secretKey);
  }, 30_000);

  it('a field the adapter relies on that the API does not return is shown as AUSENTE, exit 1', async () => {
    fake.requests.length = 0;
    // An API that stops returning paid_amount on charges read back.
    const original = fake.orders.set.bind(fake.orders);
    fake.orders.set = (key, order) => {
      for (const charge of order.charges ?? []) delete charge.paid_amount;
      return original(key, order);
    };
    try {
      const { code, stdout } = await runCheck({
        PAGARME_SECRET_KEY: fake.secretKey,
        PAGARME_PUBLIC_KEY: fake.publicKey,
        PAGARME_API_URL: fake.apiUrl,
      });
      expect(code).toBe(1);
      expect(stdout).toMatch(/pedido cartão\s+charges\.0\.paid_amount\s+AUSENTE/);
    } finally {
      fake.orders.set = original;
    }
  }, 30_000);
});
