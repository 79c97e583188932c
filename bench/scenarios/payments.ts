/**
 * Checkout bench scenarios, all on the sandbox provider through the real routes:
 * - creating payment links (1,000 requests, each a new customer): throughput and p99;
 * - confirming them through the signed webhook route (1,000 webhooks, each for a different
 *   pending link, so every one claims, records a payment, extends a period and queues an e-mail);
 * - the tracking page's status poll, which must keep ≥ 50% of the bare route's throughput.
 *
 * The webhooks are signed on the load side with the secret the bench gives the server
 * (SANDBOX_WEBHOOK_SECRET), at send time, so they stay within the signature's time tolerance.
 */
import { createSandboxProvider } from '../../src/server/payments/providers/sandbox';
import { defineScenario } from '../scenario';
import { createPublic } from '../../src/server/payments/links/create-link';

/** The link a checkout made (the bench's people have no attempt in verification: never held back). */
function linkOf(answer: { paymentLink: { id: string } } | { verifying: true }) {
  if (!('paymentLink' in answer)) throw new Error('checkout held back: an attempt is in verification');
  return answer.paymentLink;
}

/** The sandbox's HMAC secret in the bench server (a throwaway database: a fixed value is fine). */
export const BENCH_WEBHOOK_SECRET = 'bench-sandbox-webhook-secret-not-for-production';
/** Pending links prepared for the webhook scenario: enough for three rounds of 1,000. */
const WEBHOOK_LINKS = 3100;
const AMOUNT = 1000;

const customer = (email: string) => ({
  customerName: 'Cliente Bench',
  customerEmail: email,
  customerPhone: '(11) 98765-4321',
  customerDocument: '529.982.247-25',
  customerCep: '01001-000',
  customerNumber: '101',
  customerComplement: '',
  customerStreet: 'Praça da Sé',
  customerNeighborhood: 'Sé',
  customerCity: 'São Paulo',
  customerState: 'SP',
});

let emailCounter = 0;
const nextEmail = () => `bench-${process.pid}-${++emailCounter}@exemplo.com.br`;

export const linkCreation = defineScenario({
  name: 'payment link creation',
  description: `POST /api/payment-links/create-public, ${AMOUNT} requests, each a new customer (subscriber + link on the sandbox)`,
  // 1,000 link creations from one IP would hit the checkout rate limit.
  serverEnv: { CHECKOUT_RATE_LIMIT: '1000000' },
  request: () => ({
    method: 'POST',
    path: '/api/payment-links/create-public',
    body: JSON.stringify(customer(nextEmail())),
    amount: AMOUNT,
    requests: [
      {
        setupRequest: (request) => ({ ...request, body: JSON.stringify(customer(nextEmail())) }),
      },
    ],
  }),
});

const signer = createSandboxProvider({
  publicUrl: () => '',
  pix: () => ({ pixKey: '', merchantName: '', merchantCity: '' }),
  now: () => new Date(),
  secret: BENCH_WEBHOOK_SECRET,
});
let webhookCursor = 0;

export const webhookConfirmation = defineScenario({
  name: 'webhook confirmation',
  description: `POST /api/webhooks/sandbox, ${AMOUNT} signed "paid" webhooks, each confirming a different pending link`,
  // The load side signs the webhooks, so the server must use the same secret.
  serverEnv: { SANDBOX_WEBHOOK_SECRET: BENCH_WEBHOOK_SECRET },
  async prepare({ services }) {
    const links: { id: string; amount: number }[] = [];
    for (let i = 0; i < WEBHOOK_LINKS; i++) {
      const link = linkOf(
        await createPublic(services.paymentLinks, {
          ...customer(`bench-hook-${i}@exemplo.com.br`),
          customerPhone: '11987654321',
          customerDocument: '52998224725',
          customerCep: '01001000',
          planType: 'annual',
        }),
      );
      links.push({ id: link.id, amount: services.settings.get().priceAnnual });
    }
    return links;
  },
  request: (links) => {
    const next = () => {
      // Past the prepared links (more rounds than planned) the webhooks confirm nothing new.
      const link = links[webhookCursor++ % links.length];
      if (!link) throw new Error('no prepared link');
      return signer.signedWebhook({
        reference: link.id,
        target: 'payment_link',
        outcome: 'paid',
        method: 'pix',
        amount: link.amount,
      });
    };
    const first = next();
    return {
      method: 'POST',
      path: '/api/webhooks/sandbox',
      headers: first.headers,
      body: first.rawBody,
      amount: AMOUNT,
      requests: [
        {
          setupRequest: (request) => {
            const hook = next();
            return { ...request, headers: { ...request.headers, ...hook.headers }, body: hook.rawBody };
          },
        },
      ],
    };
  },
});

export const linkStatus = defineScenario({
  name: 'payment link status',
  description: 'GET /api/payment-links/status-public/:id: the tracking page poll (one prepared statement)',
  target: 0.25,
  async prepare({ services }) {
    const link = linkOf(
      await createPublic(services.paymentLinks, {
        ...customer('bench-status@exemplo.com.br'),
        customerPhone: '11987654321',
        customerDocument: '52998224725',
        customerCep: '01001000',
        planType: 'annual',
      }),
    );
    return { id: link.id };
  },
  request: ({ id }) => ({ path: `/api/payment-links/status-public/${id}` }),
});

export const paymentScenarios = [linkStatus, linkCreation, webhookConfirmation];

/**
 * A refused call's cost (ADR 036): logins from one address past its allowance, each answered 429.
 * The allowance (AUTH_RATE_LIMIT a minute) renews every minute, so a few answers a minute are the
 * wrong password's 401 instead.
 */
export const refusedLogin = defineScenario({
  name: 'refused call (429, login past the limit)',
  description: 'POST /api/auth/login with a well-formed body from an address whose allowance is spent',
  request: () => ({
    method: 'POST',
    path: '/api/auth/login',
    body: JSON.stringify({ email: 'ninguem@exemplo.com.br', password: 'senha-errada-123' }),
    expectStatus: 429,
    alsoAccept: [401],
  }),
});
