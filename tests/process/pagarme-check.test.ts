/**
 * `npm run pagarme:check` run as a process against the fake Pagar.me (PAGARME_API_URL): it drives
 * the server's adapter (a link, a card token made by the browser's code with the public key only, a
 * card order with that token, a PIX order, a webhook round trip, a refund), prints what each step
 * verified and the fields the adapter reads. With `--webhook` it waits for the hooks the fake
 * delivers to the URL it prints. Without keys it says what it needs, in Portuguese, and exits 1.
 */
import { spawn } from 'node:child_process';
import net from 'node:net';
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
  args: string[] = [],
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const env: Record<string, string> = { PATH: process.env.PATH ?? '', LOG_LEVEL: 'silent', ...extraEnv };
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(PROJECT_ROOT, 'scripts/pagarme-check.ts'), ...args],
      { cwd: PROJECT_ROOT, env },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

const testKeys = () => ({
  PAGARME_SECRET_KEY: fake.secretKey,
  PAGARME_PUBLIC_KEY: fake.publicKey,
  PAGARME_API_URL: fake.apiUrl,
});
/** The step's row of the first table: `ok`, or `FALHOU: …`. */
const stepResult = (stdout: string, step: string) =>
  stdout
    .split('\n')
    .find((line) => line.startsWith(`${step}  `))
    ?.replace(/^.*\s{2}(ok|FALHOU.*)$/, '$1');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
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

  it('with test keys: the adapter does every step, each verified, every field present, exit 0', async () => {
    fake.requests.length = 0;
    fake.problems.length = 0;
    const { code, stdout, stderr } = await runCheck(testKeys());
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(fake.problems).toEqual([]);
    const calls = fake.requests.map((request) => `${request.method} ${request.path.split('?')[0]}`);
    expect(calls).toEqual([
      'GET /core/v5/orders',
      'POST /core/v5/paymentlinks',
      expect.stringMatching(/^GET \/core\/v5\/paymentlinks\/pl_/),
      'POST /core/v5/tokens',
      'POST /core/v5/orders',
      expect.stringMatching(/^GET \/core\/v5\/charges\/ch_/),
      'POST /core/v5/orders',
      expect.stringMatching(/^GET \/core\/v5\/orders\/or_/),
      expect.stringMatching(/^DELETE \/core\/v5\/charges\/ch_/),
      expect.stringMatching(/^GET \/core\/v5\/charges\/ch_/),
    ]);
    for (const step of [
      'conexão',
      'link de pagamento',
      'leitura do link',
      'token do cartão',
      'pedido no cartão',
      'leitura da cobrança',
      'pedido PIX',
      'webhook (credenciais)',
      'webhook (leitura)',
      'reembolso',
      'leitura após reembolso',
    ]) {
      expect(stepResult(stdout, step), step).toBe('ok');
    }
    // The token call is the browser's: public key only, the name as Pagar.me takes it.
    const tokenCall = fake.requests.find((request) => request.path.startsWith('/core/v5/tokens'));
    expect(tokenCall?.headers.authorization).toBeUndefined();
    expect(tokenCall?.body.card.holder_name).toBe('Mariana d Ávila Ribeiro');
    // The card order carried the token, never the card; the phone typed "011 …" went as area 11.
    const cardOrder = fake.requests.find(
      (request) => request.body?.payments?.[0]?.payment_method === 'credit_card',
    );
    expect(JSON.stringify(cardOrder?.body)).not.toContain('4000000000000010');
    expect(cardOrder?.body.customer.phones.mobile_phone).toEqual({
      country_code: '55',
      area_code: '11',
      number: '987654321',
    });

    const lines = stdout.split('\n');
    expect(lines.some((line) => /^Etapa\s+Verificado\s+Resultado$/.test(line))).toBe(true);
    expect(lines.some((line) => /^Etapa\s+Campo\s+Situação$/.test(line))).toBe(true);
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
    expect(stdout).not.toContain('FALHOU');
    expect(stdout).toContain('Tudo certo.');
    expect(stdout).not.toContain(fake.secretKey);
  }, 60_000);

  it('--webhook: prints the URL to register and verifies the hooks Pagar.me delivers there', async () => {
    fake.problems.length = 0;
    fake.deliveries.length = 0;
    const port = await freePort();
    const credentials = { user: 'confraria-hooks', password: 'uma-senha-longa-de-webhook' };
    // What the owner does in the dashboard: the printed URL, with the same user and password.
    fake.deliverWebhooksTo({ url: `http://127.0.0.1:${port}/`, ...credentials });
    try {
      const { code, stdout, stderr } = await runCheck(
        {
          ...testKeys(),
          PAGARME_WEBHOOK_USER: credentials.user,
          PAGARME_WEBHOOK_PASSWORD: credentials.password,
        },
        ['--webhook', `--webhook-port=${port}`, '--webhook-timeout=20'],
      );
      expect(stderr).toBe('');
      expect(stdout).toContain(`cadastre a URL\n  http://127.0.0.1:${port}/`);
      expect(stepResult(stdout, 'webhook entregue (pagamento)')).toBe('ok');
      expect(stepResult(stdout, 'webhook entregue (reembolso)')).toBe('ok');
      expect(code).toBe(0);
      expect(fake.deliveries).toEqual(
        expect.arrayContaining([
          { type: 'order.paid', status: 200 },
          { type: 'charge.refunded', status: 200 },
        ]),
      );
      expect(fake.problems).toEqual([]);
    } finally {
      fake.deliverWebhooksTo(null);
    }
  }, 60_000);

  it('--webhook with other credentials in the dashboard: the hooks are refused and it says why, exit 1', async () => {
    const port = await freePort();
    fake.deliverWebhooksTo({ url: `http://127.0.0.1:${port}/`, user: 'outro', password: 'outra-senha' });
    try {
      const { code, stdout } = await runCheck(
        { ...testKeys(), PAGARME_WEBHOOK_USER: 'confraria-hooks', PAGARME_WEBHOOK_PASSWORD: 'segredo-certo' },
        ['--webhook', `--webhook-port=${port}`, '--webhook-timeout=2'],
      );
      expect(code).toBe(1);
      expect(stepResult(stdout, 'webhook entregue (pagamento)')).toMatch(
        /^FALHOU: nenhum webhook em 2 s \(\d+ recusado\(s\): usuário\/senha diferentes de PAGARME_WEBHOOK_USER\/PASSWORD\)$/,
      );
    } finally {
      fake.deliverWebhooksTo(null);
    }
  }, 60_000);

  it('--webhook without the webhook credentials: says what it needs, exit 1, nothing created', async () => {
    const before = fake.requests.length;
    const { code, stderr } = await runCheck(testKeys(), ['--webhook']);
    expect(code).toBe(1);
    expect(stderr).toContain('Com --webhook, defina PAGARME_WEBHOOK_USER e PAGARME_WEBHOOK_PASSWORD');
    expect(fake.requests.length).toBe(before);
  }, 30_000);

  it('a field the adapter relies on that the API does not return: the step fails and the field is AUSENTE, exit 1', async () => {
    fake.requests.length = 0;
    // An API that stops returning paid_amount on charges read back.
    const original = fake.orders.set.bind(fake.orders);
    fake.orders.set = (key, order) => {
      for (const charge of order.charges ?? []) delete charge.paid_amount;
      return original(key, order);
    };
    try {
      const { code, stdout } = await runCheck(testKeys());
      expect(code).toBe(1);
      expect(stepResult(stdout, 'pedido no cartão')).toBe('FALHOU: valor pago ausente, esperado 149700');
      expect(stdout).toMatch(/pedido cartão\s+charges\.0\.paid_amount\s+AUSENTE/);
    } finally {
      fake.orders.set = original;
    }
  }, 60_000);
});
