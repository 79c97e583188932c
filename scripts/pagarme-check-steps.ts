/**
 * The steps of `npm run pagarme:check`, driven through the adapter the server runs
 * (`createPagarmeProvider`) and, for the card token, through the browser's own code
 * (`tokenizeCard`, with the public key only). Each step records what it verified; every answer
 * Pagar.me gave is also kept (`observePagarme`) to list the fields the adapter reads as present or
 * missing. The webhook round trip is the adapter's `verifyWebhook` + `parseWebhook` (which
 * re-fetches the order): on a hook built from the order Pagar.me answered, or, with `--webhook`,
 * on the hooks Pagar.me really delivers to the URL it prints.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tokenizeCard } from '../src/client/components/checkout/card-tokenizer';
import { SETTINGS_DEFAULTS } from '../src/shared/content/settings-defaults';
import type { ChargeResult, PaymentEvent, PaymentProvider } from '../src/server/payments/providers/types';

/** Pagar.me's simulator card that is approved. */
export const TEST_CARD = '4000000000000010';
export const CHECK_AMOUNT = 149700;

// ------------------------------------------------------------------ what Pagar.me answered

export interface Observed {
  method: string;
  /** Path under the API base, without the query (`/orders`, `/charges/ch_…`). */
  path: string;
  status: number;
  request: unknown;
  body: unknown;
}

const jsonOrNull = (text: string | undefined): unknown => {
  try {
    return text ? (JSON.parse(text) as unknown) : null;
  } catch {
    return null;
  }
};

/** Records every answer from the API at `base`, whoever asks (the adapter or the token call). */
export function observePagarme(base: string): Observed[] {
  const seen: Observed[] = [];
  const basePath = new URL(base).pathname.replace(/\/+$/, '');
  const original = globalThis.fetch;
  globalThis.fetch = async (input, init) => {
    const response = await original(input, init);
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (url.startsWith(base)) {
      seen.push({
        method: (init?.method ?? 'GET').toUpperCase(),
        path: new URL(url).pathname.slice(basePath.length),
        status: response.status,
        request: typeof init?.body === 'string' ? jsonOrNull(init.body) : null,
        body: jsonOrNull(await response.clone().text()),
      });
    }
    return response;
  };
  return seen;
}

export function valueAt(body: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((value, key) => {
    if (value === undefined || value === null || typeof value !== 'object') return undefined;
    return (value as Record<string, unknown>)[key];
  }, body);
}

// ------------------------------------------------------------------ the report

export interface Row {
  step: string;
  verified: string;
  ok: boolean;
  detail?: string;
}

export interface FieldRow {
  step: string;
  field: string;
  present: boolean;
}

export class Report {
  readonly rows: Row[] = [];
  readonly fields: FieldRow[] = [];

  get ok(): boolean {
    return this.rows.every((row) => row.ok) && this.fields.every((field) => field.present);
  }

  /** Runs one step: its value, or null when it threw or `verify` named a problem. */
  async step<T>(
    step: string,
    verified: string,
    action: () => Promise<T>,
    verify: (value: T) => string | null = () => null,
  ): Promise<T | null> {
    try {
      const value = await action();
      const problem = verify(value);
      this.rows.push({ step, verified, ok: problem === null, ...(problem ? { detail: problem } : {}) });
      return problem === null ? value : null;
    } catch (error) {
      this.rows.push({ step, verified, ok: false, detail: (error as Error).message });
      return null;
    }
  }

  expectFields(step: string, body: unknown, fields: string[]) {
    for (const field of fields) {
      const value = valueAt(body, field);
      this.fields.push({ step, field, present: value !== undefined && value !== null && value !== '' });
    }
  }
}

// ------------------------------------------------------------------ webhooks delivered for real

export interface WebhookListener {
  url: string;
  /** Deliveries refused for wrong Basic credentials. */
  refused: number;
  /** The first event (already received or still to come) that `match` accepts, or null at the timeout. */
  waitFor(match: (event: PaymentEvent) => boolean, timeoutMs: number): Promise<PaymentEvent | null>;
  close(): Promise<void>;
}

/**
 * Receives Pagar.me's webhooks as the server's route does: Basic credentials checked by the
 * adapter, then the event parsed (the adapter re-fetches it from the API) and answered 200; a
 * failure is answered 500 so Pagar.me tries again.
 */
export async function startWebhookListener(
  provider: PaymentProvider,
  options: { host: string; port: number; publicUrl?: string },
): Promise<WebhookListener> {
  const events: PaymentEvent[] = [];
  const waiting = new Set<() => void>();
  let refused = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const rawBody = Buffer.concat(chunks).toString('utf8');
      if (req.method !== 'POST' || !provider.verifyWebhook({ headers: req.headers, rawBody })) {
        refused += req.method === 'POST' ? 1 : 0;
        res.writeHead(401).end();
        return;
      }
      provider.parseWebhook(rawBody).then(
        (event) => {
          events.push(event);
          for (const wake of waiting) wake();
          res.writeHead(200).end();
        },
        () => res.writeHead(500).end(),
      );
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: options.publicUrl ?? `http://${options.host}:${port}/`,
    get refused() {
      return refused;
    },
    waitFor(match, timeoutMs) {
      return new Promise((resolve) => {
        const check = () => {
          const found = events.find(match);
          if (!found) return false;
          waiting.delete(check);
          clearTimeout(timer);
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          waiting.delete(check);
          resolve(null);
        }, timeoutMs);
        if (!check()) waiting.add(check);
      });
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

// ------------------------------------------------------------------ the steps

export interface CheckContext {
  provider: PaymentProvider;
  observed: Observed[];
  report: Report;
  /** A short random tag: the codes of this run's orders and link. */
  run: string;
  publicUrl: string;
  /** The Basic credentials the adapter expects on webhooks. */
  webhookCredentials: { user: string; password: string };
  /** With `--webhook`: hooks Pagar.me delivers, awaited up to `webhookTimeoutMs` each. */
  listener: WebhookListener | null;
  webhookTimeoutMs: number;
}

/** A customer typed the way people type: the phone with the long-distance 0. */
export function checkCustomer(run: string) {
  return {
    code: `check-${run}`,
    name: 'Mariana Costa Ribeiro',
    email: 'mariana.ribeiro@example.com',
    phone: '011 98765-4321',
    cpf: '52998224725',
    address: {
      street: 'Praça da Sé',
      number: '101',
      complement: 'Conjunto 12',
      neighborhood: 'Sé',
      city: 'São Paulo',
      state: 'SP',
      zipCode: '01001000',
    },
  };
}

/** The holder's name as typed on the checkout (punctuation and accents included). */
export const CHECK_HOLDER = "Mariana d'Ávila Ribeiro";

const lastAnswer = (observed: Observed[], method: string, path: RegExp) =>
  [...observed].reverse().find((entry) => entry.method === method && path.test(entry.path));

/** What the API said when a step failed: its status and message, never our keys (only in headers). */
function apiRefusal(observed: Observed[], method: string, path: RegExp): string {
  const answer = lastAnswer(observed, method, path);
  if (!answer) return 'sem resposta';
  return `HTTP ${answer.status} ${JSON.stringify(answer.body ?? '').slice(0, 300)}`;
}

const samePaid = (charge: ChargeResult | null, code: string): string | null => {
  if (!charge) return 'sem resposta';
  if (charge.status !== 'paid') return `status ${charge.status}, esperado paid`;
  if (charge.amount !== CHECK_AMOUNT)
    return `valor pago ${charge.amount ?? 'ausente'}, esperado ${CHECK_AMOUNT}`;
  if (!charge.providerChargeId || !charge.providerOrderId) return `pedido ou cobrança sem id (${code})`;
  return null;
};

export async function checkConnection({ provider, report }: CheckContext) {
  await report.step(
    'conexão',
    'status(): a chave secreta é aceita',
    () => provider.status(),
    (status) => (status.ok ? null : (status.detail ?? 'falhou')),
  );
}

export async function checkPaymentLink({ provider, report, run, publicUrl }: CheckContext) {
  const linkId = `check-link-${run}`;
  const link = await report.step(
    'link de pagamento',
    'createPaymentLink: id pl_… e URL https',
    () =>
      provider.createPaymentLink({
        linkId,
        amount: CHECK_AMOUNT,
        planType: 'annual',
        description: 'Plano Anual Confraria (verificação)',
        customer: checkCustomer(run),
        expiresAt: new Date(Date.now() + 48 * 3600 * 1000),
        successUrl: `${publicUrl}/checkout/payment-link-success?payment_link_id=${linkId}`,
      }),
    (created) =>
      created.providerLinkId.startsWith('pl_') && created.url.startsWith('https://')
        ? null
        : `id ${created.providerLinkId}, URL ${created.url}`,
  );
  if (!link) return;
  await report.step(
    'leitura do link',
    'getPaymentLinkStatus: um link novo não consta como pago',
    () =>
      provider.getPaymentLinkStatus({
        id: linkId,
        providerLinkId: link.providerLinkId,
        amount: CHECK_AMOUNT,
      }),
    (status) => (status.paid ? 'o link novo consta como pago' : null),
  );
}

/** The browser's call: the card and the public key to where `cardTokenizer()` says. */
export async function checkCardToken({ provider, report, observed }: CheckContext): Promise<string | null> {
  const tokenizer = provider.cardTokenizer();
  const token = await report.step(
    'token do cartão',
    `tokenizeCard (código do navegador, só a chave pública), nome "${CHECK_HOLDER}"`,
    async () => {
      if (!tokenizer) throw new Error('cardTokenizer() sem chave pública');
      try {
        return await tokenizeCard(tokenizer, {
          cardNumber: TEST_CARD,
          cardHolderName: CHECK_HOLDER,
          expiryDate: '12/30',
          cvv: '123',
        });
      } catch (error) {
        throw new Error(apiRefusal(observed, 'POST', /^\/tokens$/), { cause: error });
      }
    },
  );
  return token;
}

export async function checkCardOrder(ctx: CheckContext, cardToken: string): Promise<ChargeResult | null> {
  const { provider, report, run, observed } = ctx;
  const paymentId = `check-card-${run}`;
  const charge = await report.step(
    'pedido no cartão',
    'createCharge com o token: pago, R$ 1.497,00, ids do pedido e da cobrança, final 0010',
    async () => {
      try {
        return await provider.createCharge({
          paymentId,
          attempt: 1,
          amount: CHECK_AMOUNT,
          description: 'Plano Anual Confraria (verificação)',
          method: 'credit_card',
          customer: checkCustomer(run),
          cardToken,
          // The default name on the card bill: the real API shows it takes what the setting allows.
          statementDescriptor: SETTINGS_DEFAULTS.statementDescriptor,
        });
      } catch (error) {
        const refusal = apiRefusal(observed, 'POST', /^\/orders$/);
        throw new Error(`${(error as Error).message} (${refusal})`, { cause: error });
      }
    },
    (result) =>
      samePaid(result, paymentId) ??
      (result.cardLast4 === TEST_CARD.slice(-4) && result.cardBrand
        ? null
        : `cartão ${String(result.cardBrand)} final ${String(result.cardLast4)}`),
  );
  if (!charge) return null;
  await report.step(
    'leitura da cobrança',
    'getCharge: a mesma cobrança, paga, com o mesmo valor e pedido',
    () => provider.getCharge({ paymentId, providerChargeId: charge.providerChargeId }),
    (read) =>
      samePaid(read, paymentId) ??
      (read?.providerOrderId === charge.providerOrderId ? null : 'pedido diferente na leitura'),
  );
  return charge;
}

export async function checkPixOrder({ provider, report, run }: CheckContext) {
  await report.step(
    'pedido PIX',
    'createCharge PIX: pendente, com código copia e cola e validade futura',
    () =>
      provider.createCharge({
        paymentId: `check-pix-${run}`,
        attempt: 1,
        amount: CHECK_AMOUNT,
        description: 'Plano Anual Confraria (verificação)',
        method: 'pix',
        customer: checkCustomer(run),
        pixExpiresInSeconds: 1800,
      }),
    (charge) => {
      if (charge.status !== 'pending') return `status ${charge.status}, esperado pending`;
      if (!charge.pix?.qrCodeText) return 'sem código PIX';
      return charge.pix.expiresAt.getTime() > Date.now() ? null : 'validade no passado';
    },
  );
}

const basic = ({ user, password }: { user: string; password: string }) =>
  `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

/** The adapter on an `order.paid` built from the order Pagar.me answered (envelope of the fixtures). */
export async function checkWebhookParsing(ctx: CheckContext, charge: ChargeResult) {
  const { provider, report, observed, run, webhookCredentials } = ctx;
  const code = `check-card-${run}`;
  const order = observed.find(
    (entry) => entry.method === 'POST' && entry.path === '/orders' && valueAt(entry.request, 'code') === code,
  )?.body;
  const rawBody = JSON.stringify({
    id: `hook_check${run}`,
    type: 'order.paid',
    created_at: new Date().toISOString(),
    data: order,
  });
  await report.step(
    'webhook (credenciais)',
    'verifyWebhook: aceita o usuário e a senha certos, recusa outros',
    async () => ({
      right: provider.verifyWebhook({ headers: { authorization: basic(webhookCredentials) }, rawBody }),
      wrong: provider.verifyWebhook({
        headers: { authorization: basic({ ...webhookCredentials, password: 'outra-senha' }) },
        rawBody,
      }),
    }),
    ({ right, wrong }) => (right && !wrong ? null : `certas: ${String(right)}, erradas: ${String(wrong)}`),
  );
  await report.step(
    'webhook (leitura)',
    'parseWebhook relê o pedido no Pagar.me: pago, nosso código, a mesma cobrança',
    () => provider.parseWebhook(rawBody),
    (event) => eventProblem(event, 'paid', code, charge.providerChargeId),
  );
}

function eventProblem(
  event: PaymentEvent | null,
  outcome: PaymentEvent['outcome'],
  reference: string | null,
  chargeId: string | null,
): string | null {
  if (!event) return 'nenhum evento';
  if (event.outcome !== outcome) return `resultado ${event.outcome}, esperado ${outcome}`;
  if (reference && !(event.references ?? [event.reference]).includes(reference)) {
    return `nosso código ${reference} não veio no pedido relido`;
  }
  return event.charge?.providerChargeId === chargeId ? null : 'outra cobrança';
}

/** With `--webhook`: the hook Pagar.me itself delivered for the card order. */
export async function awaitDeliveredWebhook(
  ctx: CheckContext,
  what: { outcome: 'paid' | 'refunded'; reference: string | null; chargeId: string | null; label: string },
) {
  const { listener, report, webhookTimeoutMs } = ctx;
  if (!listener) return;
  const seconds = Math.round(webhookTimeoutMs / 1000);
  await report.step(
    `webhook entregue (${what.label})`,
    `o Pagar.me entregou em ${listener.url} e o adaptador o releu`,
    () =>
      listener.waitFor(
        (event) => event.outcome === what.outcome && event.charge?.providerChargeId === what.chargeId,
        webhookTimeoutMs,
      ),
    (event) =>
      event
        ? eventProblem(event, what.outcome, what.reference, what.chargeId)
        : `nenhum webhook em ${seconds} s` +
          (listener.refused > 0
            ? ` (${listener.refused} recusado(s): usuário/senha diferentes de PAGARME_WEBHOOK_USER/PASSWORD)`
            : ': confira a URL cadastrada no painel e os eventos'),
  );
}

export async function checkRefund(ctx: CheckContext, charge: ChargeResult) {
  const { provider, report, run } = ctx;
  const paymentId = `check-card-${run}`;
  const refund = await report.step(
    'reembolso',
    'refund da cobrança do cartão: reembolsado ou em processamento',
    () =>
      provider.refund({
        paymentId,
        providerChargeId: charge.providerChargeId ?? '',
        amount: CHECK_AMOUNT,
        attempt: 1,
      }),
  );
  if (!refund) return;
  await report.step(
    'leitura após reembolso',
    'getCharge: a cobrança consta reembolsada (ou em reembolso)',
    () => provider.getCharge({ paymentId, providerChargeId: charge.providerChargeId }),
    (read) =>
      read?.status === 'refunded' || read?.status === 'refunding' ? null : `status ${String(read?.status)}`,
  );
}

// ------------------------------------------------------------------ fields the adapter reads

const CHARGE_FIELDS = ['charges.0.id', 'charges.0.status', 'charges.0.amount', 'charges.0.payment_method'];
const PAID_CARD_FIELDS = [
  'charges.0.paid_amount',
  'charges.0.paid_at',
  'charges.0.last_transaction.card.brand',
  'charges.0.last_transaction.card.last_four_digits',
];

/** Each answer Pagar.me gave, with the fields the adapter relies on (ADR 020). */
export function listFields({ observed, report }: CheckContext) {
  const method = (entry: Observed) => valueAt(entry.request, 'payments.0.payment_method');
  const answers: [string, (entry: Observed) => boolean, string[]][] = [
    ['criar link', (e) => e.method === 'POST' && e.path === '/paymentlinks', ['id', 'url']],
    [
      'ler link',
      (e) => e.method === 'GET' && e.path.startsWith('/paymentlinks/'),
      ['id', 'url', 'status', 'total_paid_sessions'],
    ],
    ['token do cartão', (e) => e.path === '/tokens', ['id', 'card.last_four_digits', 'card.brand']],
    [
      'pedido cartão',
      (e) => e.method === 'POST' && e.path === '/orders' && method(e) === 'credit_card',
      ['id', 'code', 'status', 'metadata.payment_id', ...CHARGE_FIELDS, ...PAID_CARD_FIELDS],
    ],
    [
      'pedido PIX',
      (e) => e.method === 'POST' && e.path === '/orders' && method(e) === 'pix',
      [
        'id',
        'code',
        'status',
        ...CHARGE_FIELDS,
        'charges.0.last_transaction.qr_code',
        'charges.0.last_transaction.expires_at',
      ],
    ],
    [
      'ler pedido (webhook)',
      (e) => e.method === 'GET' && e.path.startsWith('/orders/'),
      ['id', 'code', 'status', 'metadata.payment_id', ...CHARGE_FIELDS],
    ],
    [
      'ler cobrança',
      (e) => e.method === 'GET' && e.path.startsWith('/charges/'),
      ['id', 'code', 'status', 'amount', 'paid_amount', 'order.id', 'order.code'],
    ],
    ['reembolso', (e) => e.method === 'DELETE' && e.path.startsWith('/charges/'), ['id', 'status']],
  ];
  for (const [step, matches, fields] of answers) {
    const answer = observed.find((entry) => matches(entry) && entry.status < 300);
    if (answer) report.expectFields(step, answer.body, fields);
  }
}
