/** Test helpers for the checkout: a valid /checkout payload and shortcuts through the REST routes. */
import { eq } from 'drizzle-orm';
import {
  automaticRenewals,
  paymentLinks,
  payments,
  referrals,
  subscribers,
  type Payment,
} from '../src/server/db/schema';
import { SANDBOX_APPROVED_CARD } from '../src/server/payments/providers/sandbox';
import type { TestApp } from './app';

export const MARIANA = {
  customerName: 'Mariana Costa Ribeiro',
  customerEmail: 'mariana.ribeiro@example.com',
  customerPhone: '(11) 98765-4321',
  customerDocument: '529.982.247-25',
  customerCep: '01001-000',
  customerNumber: '101',
  customerComplement: 'Conjunto 12',
  customerStreet: 'Praça da Sé',
  customerNeighborhood: 'Sé',
  customerCity: 'São Paulo',
  customerState: 'SP',
};

/** Mariana as the card and PIX checkout sends her (`customerData` of POST /api/payments/*). */
export const MARIANA_CUSTOMER = {
  name: MARIANA.customerName,
  email: MARIANA.customerEmail,
  phone: MARIANA.customerPhone,
  cpf: MARIANA.customerDocument,
  address: {
    street: MARIANA.customerStreet,
    number: MARIANA.customerNumber,
    neighborhood: MARIANA.customerNeighborhood,
    city: MARIANA.customerCity,
    state: MARIANA.customerState,
    zipCode: MARIANA.customerCep,
  },
};

/** An in-page PIX checkout (POST /api/payments/process) for Mariana, or for `customerData`. */
export function payByPix(t: TestApp, customerData: Record<string, unknown> = {}) {
  return t.request({
    method: 'POST',
    url: '/api/payments/process',
    payload: {
      paymentMethod: 'pix',
      customerData: { ...MARIANA_CUSTOMER, ...customerData },
      paymentData: { amount: 149700 },
    },
  });
}

export function checkoutPayload(overrides: Record<string, unknown> = {}) {
  return { ...MARIANA, ...overrides };
}

export async function createLink(t: TestApp, overrides: Record<string, unknown> = {}) {
  const res = await t.request({
    method: 'POST',
    url: '/api/payment-links/create-public',
    payload: checkoutPayload(overrides),
  });
  if (res.statusCode !== 200) throw new Error(`create-public answered ${res.statusCode}: ${res.body}`);
  return res.json().paymentLink as { id: string; url: string };
}

export async function sandboxPay(
  t: TestApp,
  id: string,
  outcome: 'paid' | 'failed' | 'expired' = 'paid',
  method = 'credit_card',
) {
  return t.request({ method: 'POST', url: `/sandbox/pay/${id}`, payload: { outcome, method } });
}

/** A link paid by a card typed on the sandbox's hosted page, by whoever holds the link. */
export function sandboxPayByCard(
  t: TestApp,
  linkId: string,
  cardNumber = SANDBOX_APPROVED_CARD,
  expiryDate = '12/30',
) {
  return t.request({
    method: 'POST',
    url: `/sandbox/pay/${linkId}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      choice: 'card',
      cardNumber,
      cardHolderName: 'CONFRADE TESTE',
      expiryDate,
      cvv: '123',
    }).toString(),
  });
}

/** A signed sandbox webhook delivered to our route, as the sandbox's page delivers it. */
export const deliverSandboxWebhook = (
  t: TestApp,
  webhook: { headers: Record<string, string>; rawBody: string },
) =>
  t.request({
    method: 'POST',
    url: '/api/webhooks/sandbox',
    headers: webhook.headers,
    payload: webhook.rawBody,
  });

export function rows(t: TestApp) {
  const db = t.services.db;
  return {
    subscriber: (id: string) => db.select().from(subscribers).where(eq(subscribers.id, id)).get(),
    subscriberByEmail: (email: string) =>
      db.select().from(subscribers).where(eq(subscribers.email, email)).get(),
    payments: () => db.select().from(payments).all(),
    payment: (id: string) => db.select().from(payments).where(eq(payments.id, id)).get(),
    links: () => db.select().from(paymentLinks).all(),
    referrals: () => db.select().from(referrals).all(),
    automaticRenewal: (subscriberId: string) =>
      db.select().from(automaticRenewals).where(eq(automaticRenewals.subscriberId, subscriberId)).get(),
  };
}

/** Marks a subscriber approved with a running period (what the back office's approval does). */
export function approve(
  t: TestApp,
  subscriberId: string,
  end: Date,
  status: 'active' | 'expired' | 'cancelled' = 'active',
) {
  const approvedAt = new Date(end.getTime() - 365 * 24 * 3600 * 1000);
  t.services.db
    .update(subscribers)
    .set({
      approvedAt,
      approvedBy: 'admin',
      status,
      paymentStatus: 'paid',
      subscriptionStartDate: approvedAt,
      subscriptionEndDate: end,
    })
    .where(eq(subscribers.id, subscriberId))
    .run();
}

/**
 * Ana's payment charged a second time (a duplicate the provider made, ADR 030): the extra charge
 * `extra-ana`, paid, waits for the owner; `values` change it.
 */
export function insertAnasSecondCharge(t: TestApp, first: Payment, values: Partial<Payment> = {}) {
  t.services.db
    .insert(payments)
    .values({
      ...first,
      id: 'extra-ana',
      transactionId: 'tx-extra-ana',
      providerChargeId: 'ch-extra-ana',
      previousEndDate: null,
      periodEndDate: null,
      extraCharge: 'duplicate',
      extraChargeOf: first.id,
      ...values,
    })
    .run();
}
