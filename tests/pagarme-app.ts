/**
 * A test file that runs the app against the fake Pagar.me: one fake for the file, a fresh app for
 * each test (configured for it, webhook credentials included, clock on real time because the fake
 * stamps real times), and no request the fake found wrong left behind.
 */
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import { createTestApp, type TestApp } from './app';
import { MARIANA_CUSTOMER } from './checkout';
import { PAGARME_PAID_CARD, startFakePagarme, type FakePagarme } from './fakes/pagarme-server';

export const PAGARME_HOOK = { user: 'confraria-hooks', password: 'uma-senha-longa-de-webhook' };

export const basicAuth = (user: string, password: string) =>
  `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

/** The app's environment for the fake: keys, API address and the webhook's Basic credentials. */
export const pagarmeEnv = (fake: FakePagarme): Record<string, string> => ({
  PAGARME_SECRET_KEY: fake.secretKey,
  PAGARME_PUBLIC_KEY: fake.publicKey,
  PAGARME_API_URL: fake.apiUrl,
  PAGARME_WEBHOOK_USER: PAGARME_HOOK.user,
  PAGARME_WEBHOOK_PASSWORD: PAGARME_HOOK.password,
});

/**
 * Starts the fake for the file; before each test clears what it recorded and what it holds (links,
 * orders, saved and deleted cards: tests count them, so each starts from none), and checks after it
 * that nothing we sent was wrong.
 */
export function useFakePagarme(onReset?: () => void): () => FakePagarme {
  let fake: FakePagarme | undefined;
  const current = () => {
    if (!fake) throw new Error('the fake Pagar.me starts in beforeAll');
    return fake;
  };
  beforeAll(async () => {
    fake = await startFakePagarme();
  });
  afterAll(async () => {
    await fake?.close();
  });
  beforeEach(() => {
    current().requests.length = 0;
    current().problems.length = 0;
    current().refundsPending = false;
    current().links.clear();
    current().orders.clear();
    current().savedCards.clear();
    current().deletedCards.clear();
    onReset?.();
  });
  afterEach(() => {
    expect(current().problems).toEqual([]);
  });
  return current;
}

/**
 * `useFakePagarme` plus an app per test configured for it; `ready` hands both to the file's own
 * variables (the tests read `t` and `fake` as plain names).
 */
export function usePagarmeApp(
  ready: (app: { t: TestApp; fake: FakePagarme }) => void,
  onReset?: () => void,
): void {
  const fake = useFakePagarme(onReset);
  let t: TestApp | undefined;
  beforeEach(async () => {
    t = await createTestApp(pagarmeEnv(fake()));
    t.clock.set(new Date());
    ready({ t, fake: fake() });
  });
  afterEach(async () => {
    await t?.close();
  });
}

/** A webhook POST as Pagar.me sends it (Basic credentials; others to test a refusal). */
export const pagarmeWebhook = (
  t: TestApp,
  body: unknown,
  authorization = basicAuth(PAGARME_HOOK.user, PAGARME_HOOK.password),
) =>
  t.request({
    method: 'POST',
    url: '/api/webhooks/pagarme',
    headers: { authorization, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });

/**
 * What the checkout page does with a card: it goes to Pagar.me's `POST /tokens?appId=<pk>` (here
 * the fake), never to our API, which receives the token only. Answers the tokens endpoint's response.
 */
export const sendCardToPagarme = (tokenizer: { url: string; publicKey: string }, cardNumber: string) =>
  fetch(`${tokenizer.url}?appId=${encodeURIComponent(tokenizer.publicKey)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      type: 'card',
      card: {
        number: cardNumber,
        holder_name: 'MARIANA C RIBEIRO',
        exp_month: 12,
        exp_year: 2030,
        cvv: '123',
      },
    }),
  });

/** The token of a card, sent to the fake's tokens endpoint as the checkout page sends it. */
export async function cardTokenAt(fake: FakePagarme, cardNumber = PAGARME_PAID_CARD): Promise<string> {
  const response = await sendCardToPagarme(
    { url: `${fake.apiUrl}/tokens`, publicKey: fake.publicKey },
    cardNumber,
  );
  return ((await response.json()) as { id: string }).id;
}

/** Mariana as the in-page checkout sends her, the empty complement included. */
export const IN_PAGE_CUSTOMER = {
  ...MARIANA_CUSTOMER,
  address: { ...MARIANA_CUSTOMER.address, complement: '' },
};

/**
 * POST /api/payments/process as the in-page checkout sends it: PIX, or a card tokenized at the fake
 * (the paid test card unless `cardNumber`); `paymentId` retries that payment.
 */
export async function payInPage(
  t: TestApp,
  fake: FakePagarme,
  paymentMethod: 'credit_card' | 'pix',
  options: { paymentId?: string; cardNumber?: string; customer?: Record<string, unknown> } = {},
) {
  return t.request({
    method: 'POST',
    url: '/api/payments/process',
    payload: {
      paymentMethod,
      customerData: { ...IN_PAGE_CUSTOMER, ...options.customer },
      paymentData: {
        amount: 149700,
        ...(paymentMethod === 'credit_card'
          ? { cardToken: await cardTokenAt(fake, options.cardNumber) }
          : {}),
      },
      ...(options.paymentId ? { paymentId: options.paymentId } : {}),
    },
  });
}
