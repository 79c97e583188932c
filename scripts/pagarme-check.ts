/**
 * `npm run pagarme:check`: before going live (or when the keys change), runs the server's own
 * Pagar.me adapter (`createPagarmeProvider`) against Pagar.me's test environment with a test secret
 * key (`sk_test_…`) and the public key: a payment link and its reading, a card token made by the
 * browser's code with the public key only, a card order paid with it and read back, a PIX order,
 * a webhook round trip, and a refund. It prints each step with what it verified, then every field
 * the adapter reads from Pagar.me's answers as present or missing (docs/decisions/020).
 *
 *   npm run pagarme:check                      webhook round trip on a hook built from the order
 *   npm run pagarme:check -- --webhook         also waits for the hooks Pagar.me delivers:
 *       --webhook-url=https://…                the public address to register (a tunnel to the port)
 *       --webhook-port=8788 --webhook-host=127.0.0.1 --webhook-timeout=120 (seconds per hook)
 *
 * `PAGARME_API_URL` points it elsewhere (the tests point it at the fake Pagar.me). Exit 0: every
 * step passed and every field was there. Exit 1: missing keys, a step failed or a field is missing.
 */
import { randomBytes } from 'node:crypto';
import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { loadEnv } from '../src/server/env';
import { createPagarmeProvider } from '../src/server/payments/providers/pagarme';
import {
  awaitDeliveredWebhook,
  CHECK_AMOUNT,
  checkCardOrder,
  checkCardToken,
  checkConnection,
  checkPaymentLink,
  checkPixOrder,
  checkRefund,
  checkWebhookParsing,
  listFields,
  observePagarme,
  Report,
  startWebhookListener,
  type CheckContext,
} from './pagarme-check-steps';

const { values: args } = parseArgs({
  options: {
    webhook: { type: 'boolean', default: false },
    'webhook-url': { type: 'string' },
    'webhook-port': { type: 'string', default: '8788' },
    'webhook-host': { type: 'string', default: '127.0.0.1' },
    'webhook-timeout': { type: 'string', default: '120' },
  },
});

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const env = loadEnv();
const secretKey = env.PAGARME_SECRET_KEY;
const publicKey = env.PAGARME_PUBLIC_KEY;
if (!secretKey || !publicKey) {
  fail(
    'Para verificar o Pagar.me, defina PAGARME_SECRET_KEY (chave secreta de teste, sk_test_…) e ' +
      'PAGARME_PUBLIC_KEY (chave pública, pk_test_…) de uma conta de testes. Exemplo:\n' +
      '  PAGARME_SECRET_KEY=sk_test_… PAGARME_PUBLIC_KEY=pk_test_… npm run pagarme:check',
  );
}
if (!secretKey.startsWith('sk_test_')) {
  fail('Use uma chave secreta de TESTE (sk_test_…): esta verificação cria pedidos e faz um reembolso.');
}
const timeoutSeconds = Number(args['webhook-timeout']);
const port = Number(args['webhook-port']);
if (!Number.isInteger(timeoutSeconds) || timeoutSeconds <= 0 || !Number.isInteger(port) || port < 0) {
  fail('--webhook-timeout (segundos) e --webhook-port devem ser números inteiros positivos.');
}
if (args.webhook && (!env.PAGARME_WEBHOOK_USER || !env.PAGARME_WEBHOOK_PASSWORD)) {
  fail(
    'Com --webhook, defina PAGARME_WEBHOOK_USER e PAGARME_WEBHOOK_PASSWORD: o usuário e a senha ' +
      'cadastrados no webhook do painel do Pagar.me.',
  );
}

// The hooks a run builds itself need credentials; the dashboard's are used when set.
const webhookCredentials = {
  user: env.PAGARME_WEBHOOK_USER ?? 'verificacao',
  password: env.PAGARME_WEBHOOK_PASSWORD ?? randomBytes(16).toString('hex'),
};
const base = env.PAGARME_API_URL.replace(/\/+$/, '');
const observed = observePagarme(base);
const provider = createPagarmeProvider({
  apiUrl: base,
  secretKey,
  publicKey,
  webhookUser: webhookCredentials.user,
  webhookPassword: webhookCredentials.password,
  timeoutMs: 20_000,
});
const run = randomBytes(4).toString('hex');

console.log(`Verificando o Pagar.me em ${base} (execução ${run}) com o adaptador do servidor…\n`);

let listener: CheckContext['listener'] = null;
if (args.webhook) {
  try {
    listener = await startWebhookListener(provider, {
      host: args['webhook-host'],
      port,
      publicUrl: args['webhook-url'],
    });
  } catch (error) {
    fail(`Não foi possível escutar webhooks na porta ${port}: ${(error as Error).message}`);
  }
  console.log(
    `Webhook: no painel do Pagar.me (Configurações → Webhooks), cadastre a URL\n  ${listener.url}\n` +
      'com o usuário e a senha de PAGARME_WEBHOOK_USER / PAGARME_WEBHOOK_PASSWORD e os eventos ' +
      `order.paid e charge.refunded. Cada webhook é aguardado por até ${timeoutSeconds} s.\n`,
  );
  if (process.stdin.isTTY) {
    const prompt = createInterface({ input: process.stdin, output: process.stdout });
    await prompt.question('Pressione Enter quando a URL estiver cadastrada. ');
    prompt.close();
  }
}

const report = new Report();
const ctx: CheckContext = {
  provider,
  observed,
  report,
  run,
  publicUrl: env.publicUrl,
  webhookCredentials,
  listener,
  webhookTimeoutMs: timeoutSeconds * 1000,
};

await checkConnection(ctx);
await checkPaymentLink(ctx);
const token = await checkCardToken(ctx);
const card = token ? await checkCardOrder(ctx, token) : null;
await checkPixOrder(ctx);
if (card) {
  await checkWebhookParsing(ctx, card);
  const reference = `check-card-${run}`;
  await awaitDeliveredWebhook(ctx, {
    outcome: 'paid',
    reference,
    chargeId: card.providerChargeId,
    label: 'pagamento',
  });
  await checkRefund(ctx, card);
  await awaitDeliveredWebhook(ctx, {
    outcome: 'refunded',
    reference,
    chargeId: card.providerChargeId,
    label: 'reembolso',
  });
}
listFields(ctx);
await listener?.close();

printReport(report);
process.exit(report.ok ? 0 : 1);

function table(headers: string[], lines: string[][]) {
  const widths = headers.map((header, i) =>
    Math.max(header.length, ...lines.map((line) => line[i]?.length ?? 0)),
  );
  const format = (cells: string[]) =>
    cells.map((cell, i) => (i === cells.length - 1 ? cell : cell.padEnd(widths[i] ?? 0))).join('  ');
  console.log(format(headers));
  console.log(format(widths.map((width) => '-'.repeat(width))));
  for (const line of lines) console.log(format(line));
}

function printReport(result: Report) {
  table(
    ['Etapa', 'Verificado', 'Resultado'],
    result.rows.map((row) => [row.step, row.verified, row.ok ? 'ok' : `FALHOU: ${row.detail ?? ''}`]),
  );
  console.log('\nCampos das respostas do Pagar.me que o adaptador lê:\n');
  table(
    ['Etapa', 'Campo', 'Situação'],
    result.fields.map((field) => [field.step, field.field, field.present ? 'presente' : 'AUSENTE']),
  );
  const failed = result.rows.filter((row) => !row.ok).length;
  const missing = result.fields.filter((field) => !field.present).length;
  console.log(
    `\n${result.rows.length} etapas (${failed} com falha), ${result.fields.length} campos ` +
      `(${missing} ausente(s)); valor de teste ${CHECK_AMOUNT} centavos.` +
      (result.ok ? ' Tudo certo.' : ' Verificação com problemas: veja acima.'),
  );
}
