/**
 * `npm run pagarme:check`: talks to Pagar.me's test environment with a test secret key (`sk_test_…`)
 * and the public key, the way the app does — a payment link, a card token made with the public key
 * (no secret key), a card order paid with that token, a PIX order — reads them back, refunds the
 * card charge, and prints every field the adapter (src/server/providers/payment/pagarme.ts) relies
 * on as present or missing. Run it when the keys change or before going live; `PAGARME_API_URL`
 * points it elsewhere (the tests point it at the fake Pagar.me server).
 *
 * Exit 0: every step answered and every field was there. Exit 1: missing keys, a step refused or a
 * field missing (the table says which).
 */
import { randomBytes } from 'node:crypto';
import { loadEnv } from '../src/server/env';

/** Provider JSON, inspected field by field through `valueAt`. */
type Json = unknown;

const env = loadEnv();
const secretKey = env.PAGARME_SECRET_KEY;
const publicKey = env.PAGARME_PUBLIC_KEY;

if (!secretKey || !publicKey) {
  console.error(
    'Para verificar o Pagar.me, defina PAGARME_SECRET_KEY (chave secreta de teste, sk_test_…) e ' +
      'PAGARME_PUBLIC_KEY (chave pública, pk_test_…) de uma conta de testes. Exemplo:\n' +
      '  PAGARME_SECRET_KEY=sk_test_… PAGARME_PUBLIC_KEY=pk_test_… npm run pagarme:check',
  );
  process.exit(1);
}
if (!secretKey.startsWith('sk_test_')) {
  console.error(
    'Use uma chave secreta de TESTE (sk_test_…): esta verificação cria pedidos e faz um reembolso.',
  );
  process.exit(1);
}

const base = env.PAGARME_API_URL.replace(/\/+$/, '');
const authorization = `Basic ${Buffer.from(`${secretKey}:`).toString('base64')}`;
const run = randomBytes(4).toString('hex');
/** Pagar.me's simulator card that is approved. */
const TEST_CARD = '4000000000000010';

interface Row {
  step: string;
  field: string;
  present: boolean;
}
const rows: Row[] = [];
let failed = false;

function valueAt(body: Json, path: string): unknown {
  return path.split('.').reduce<unknown>((value, key) => {
    if (value === undefined || value === null || typeof value !== 'object') return undefined;
    return (value as Record<string, unknown>)[key];
  }, body);
}

/** A string field, or undefined. */
function textAt(body: Json, path: string): string | undefined {
  const value = valueAt(body, path);
  return typeof value === 'string' ? value : undefined;
}

function expectFields(step: string, body: Json, fields: string[]) {
  for (const field of fields) {
    const value = valueAt(body, field);
    const present = value !== undefined && value !== null && value !== '';
    if (!present) failed = true;
    rows.push({ step, field, present });
  }
}

async function call(
  method: string,
  path: string,
  body?: unknown,
  options: { idempotencyKey?: string; publicOnly?: boolean } = {},
): Promise<Json> {
  const headers: Record<string, string> = { accept: 'application/json' };
  // The tokens call is the browser's: the public key in the URL, never the secret key.
  if (!options.publicOnly) headers.authorization = authorization;
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey;
  const step = `${method} ${path.split('?')[0]}`;
  try {
    const response = await fetch(`${base}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(20_000),
    });
    const text = await response.text();
    if (!response.ok) {
      failed = true;
      // The answer may echo what we sent; never the keys, which are only in headers.
      console.error(`${step}: HTTP ${response.status} ${text.slice(0, 300)}`);
      return null;
    }
    return text ? (JSON.parse(text) as unknown) : {};
  } catch (error) {
    failed = true;
    console.error(`${step}: sem resposta (${(error as Error).message})`);
    return null;
  }
}

const customer = {
  name: 'Mariana Costa Ribeiro',
  email: 'mariana.ribeiro@example.com',
  code: `check-${run}`,
  type: 'individual',
  document: '52998224725',
  document_type: 'CPF',
  phones: { mobile_phone: { country_code: '55', area_code: '11', number: '987654321' } },
  address: {
    line_1: '101, Praça da Sé, Sé',
    line_2: 'Conjunto 12',
    zip_code: '01001000',
    city: 'São Paulo',
    state: 'SP',
    country: 'BR',
  },
};
const item = (code: string) => ({
  amount: 149700,
  description: 'Plano Anual Confraria (verificação)',
  quantity: 1,
  code,
});

console.log(`Verificando o Pagar.me em ${base} (execução ${run})…\n`);

// 1. Payment link, as createPaymentLink sends it.
const linkCode = `check-link-${run}`;
const link = await call(
  'POST',
  '/paymentlinks',
  {
    is_building: false,
    type: 'order',
    name: 'Plano Anual Confraria (verificação)',
    order_code: linkCode,
    max_paid_sessions: 1,
    expires_in: 48 * 60,
    payment_settings: {
      accepted_payment_methods: ['credit_card', 'pix'],
      credit_card_settings: {
        operation_type: 'auth_and_capture',
        installments: [{ number: 1, total: 149700 }],
      },
      pix_settings: { expires_in: 3600 },
    },
    cart_settings: {
      items: [{ name: 'Plano Anual Confraria (verificação)', amount: 149700, default_quantity: 1 }],
    },
  },
  { idempotencyKey: `check-link-${run}` },
);
if (link) expectFields('criar link', link, ['id', 'url']);
const linkId = textAt(link, 'id');
if (linkId) {
  const read = await call('GET', `/paymentlinks/${encodeURIComponent(linkId)}`);
  // `total_paid_sessions` says whether a link was paid (reconciliation reads it).
  if (read) expectFields('ler link', read, ['id', 'url', 'status', 'total_paid_sessions']);
}

// 2. Card token with the public key only (the browser's call).
const token = await call(
  'POST',
  `/tokens?appId=${encodeURIComponent(publicKey)}`,
  {
    type: 'card',
    card: { number: TEST_CARD, holder_name: 'MARIANA C RIBEIRO', exp_month: 12, exp_year: 2030, cvv: '123' },
  },
  { publicOnly: true },
);
if (token) expectFields('token do cartão', token, ['id', 'card.last_four_digits', 'card.brand']);

// 3. Card order paid with the token, as createCharge sends it.
const cardCode = `check-card-${run}`;
const tokenId = textAt(token, 'id');
const cardOrder = tokenId
  ? await call(
      'POST',
      '/orders',
      {
        code: cardCode,
        items: [item('plano-anual')],
        customer,
        payments: [
          {
            payment_method: 'credit_card',
            credit_card: {
              installments: 1,
              statement_descriptor: 'CONFRARIA',
              operation_type: 'auth_and_capture',
              card_token: tokenId,
              card: { billing_address: customer.address },
            },
          },
        ],
        metadata: { payment_id: cardCode },
        closed: true,
      },
      { idempotencyKey: `check-card-${run}` },
    )
  : null;
const chargeFields = ['charges.0.id', 'charges.0.status', 'charges.0.amount', 'charges.0.payment_method'];
const paidCardFields = [
  'charges.0.paid_amount',
  'charges.0.paid_at',
  'charges.0.last_transaction.card.brand',
  'charges.0.last_transaction.card.last_four_digits',
];
if (cardOrder)
  expectFields('pedido cartão', cardOrder, ['id', 'code', 'status', ...chargeFields, ...paidCardFields]);

// 4. PIX order.
const pixCode = `check-pix-${run}`;
const pixOrder = await call(
  'POST',
  '/orders',
  {
    code: pixCode,
    items: [item('plano-anual')],
    customer,
    payments: [{ payment_method: 'pix', pix: { expires_in: 1800 } }],
    metadata: { payment_id: pixCode },
    closed: true,
  },
  { idempotencyKey: `check-pix-${run}` },
);
if (pixOrder) {
  expectFields('pedido PIX', pixOrder, [
    'id',
    'code',
    'status',
    ...chargeFields,
    'charges.0.last_transaction.qr_code',
    'charges.0.last_transaction.expires_at',
  ]);
}

// 5. Read back: the order, its charge, and the order list by code (what webhooks and reconciliation do).
const cardOrderId = textAt(cardOrder, 'id');
if (cardOrderId) {
  const order = await call('GET', `/orders/${encodeURIComponent(cardOrderId)}`);
  if (order)
    expectFields('ler pedido cartão', order, [
      'id',
      'code',
      'status',
      'metadata.payment_id',
      ...chargeFields,
    ]);
  const listed = await call('GET', `/orders?code=${encodeURIComponent(cardCode)}&size=10`);
  if (listed)
    expectFields('listar pedidos pelo código', listed, ['data.0.id', 'data.0.code', 'data.0.status']);
}
const chargeId = textAt(cardOrder, 'charges.0.id');
if (chargeId) {
  const charge = await call('GET', `/charges/${encodeURIComponent(chargeId)}`);
  if (charge) {
    expectFields('ler cobrança', charge, [
      'id',
      'code',
      'status',
      'amount',
      'paid_amount',
      'order.id',
      'order.code',
    ]);
  }
  // 6. Refund (cancel) the card charge in full, as refund() does.
  const refund = await call(
    'DELETE',
    `/charges/${encodeURIComponent(chargeId)}`,
    { amount: 149700 },
    { idempotencyKey: `check-refund-${run}` },
  );
  if (refund) {
    expectFields('reembolso', refund, ['id', 'status']);
    const status = textAt(refund, 'status') ?? '';
    if (!['canceled', 'refunded', 'voided', 'pending_refund'].includes(status)) {
      failed = true;
      console.error(`reembolso: status inesperado "${status}"`);
    }
  }
}

// The table.
const widths = {
  step: Math.max('Etapa'.length, ...rows.map((row) => row.step.length)),
  field: Math.max('Campo'.length, ...rows.map((row) => row.field.length)),
};
const line = (a: string, b: string, c: string) => `${a.padEnd(widths.step)}  ${b.padEnd(widths.field)}  ${c}`;
console.log(line('Etapa', 'Campo', 'Situação'));
console.log(line('-'.repeat(widths.step), '-'.repeat(widths.field), '--------'));
for (const row of rows) console.log(line(row.step, row.field, row.present ? 'presente' : 'AUSENTE'));
const missing = rows.filter((row) => !row.present).length;
console.log(
  `\n${rows.length} campos verificados, ${missing} ausente(s).` +
    (failed ? ' Verificação com problemas: veja acima.' : ' Tudo certo.'),
);
process.exit(failed ? 1 : 0);
