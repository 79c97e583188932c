/**
 * Every paid card is kept for automatic renewal, however its answer arrived (ADR 052), against the
 * fake Pagar.me: a link paid by card on Pagar.me's page, confirmed by its `order.paid` or
 * `charge.paid` webhook or, the webhook lost, by reconciliation; the reference is the order's `customer.id` and the charge's
 * `last_transaction.card`. A link paid by PIX keeps nothing.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- the fake's orders are JSON */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { TestApp } from '../../../../tests/app';
import { createLink, MARIANA, rows } from '../../../../tests/checkout';
import type { FakePagarme } from '../../../../tests/fakes/pagarme-server';
import { pagarmeWebhook, usePagarmeApp } from '../../../../tests/pagarme-app';
import { automaticRenewals } from '../../db/schema';
import { reconcile } from '../reconciliation/run';

let fake: FakePagarme;
let t: TestApp;
usePagarmeApp((app) => ({ t, fake } = app));

const mariana = () => rows(t).subscriberByEmail(MARIANA.customerEmail)!;
const savedRow = () =>
  t.services.db
    .select()
    .from(automaticRenewals)
    .where(eq(automaticRenewals.subscriberId, mariana().id))
    .get();

/** Mariana's link paid on Pagar.me's page: the order the fake keeps and its `order.paid` webhook. */
async function linkPaid(method: 'credit_card' | 'pix') {
  const link = await createLink(t);
  const hook = fake.payLink(rows(t).links()[0]?.providerLinkId ?? '', { method });
  return { link, hook, order: fake.orders.get(hook.data.id) };
}

/** What the fake's order says the customer's card is: the reference we must keep. */
const cardOfOrder = (order: any) => {
  const card = order.charges[0].last_transaction.card;
  return {
    provider: 'pagarme',
    providerCustomerId: order.customer.id,
    providerCardId: card.id,
    cardBrand: 'Visa',
    cardLast4: '0010',
    cardExpMonth: 12,
    cardExpYear: 2030,
    enabled: false,
  };
};

describe('the card of a paid link is kept (fake Pagar.me)', () => {
  it('confirmed by the order.paid webhook: the customer id and card id of the answer', async () => {
    const { hook, order } = await linkPaid('credit_card');
    expect((await pagarmeWebhook(t, hook)).statusCode).toBe(200);
    expect(rows(t).links()[0]?.status).toBe('paid');
    expect(order.customer.id).toMatch(/^cus_/);
    expect(order.charges[0].last_transaction.card.id).toMatch(/^card_/);
    expect(savedRow()).toMatchObject(cardOfOrder(order));
    // The kept card is the one a renewal order may name (the fake keeps it on that customer).
    expect(fake.savedCards.get(savedRow()!.providerCardId!)?.customerId).toBe(order.customer.id);
  });

  it('confirmed by a charge.paid webhook: the charge re-fetched alone names its customer', async () => {
    const { order } = await linkPaid('credit_card');
    const hook = { id: 'hook_charge_paid_1', type: 'charge.paid', data: { id: order.charges[0].id } };
    expect((await pagarmeWebhook(t, hook)).statusCode).toBe(200);
    expect(
      fake.requests.some(
        (request) => request.method === 'GET' && request.path.endsWith(`/charges/${order.charges[0].id}`),
      ),
    ).toBe(true);
    expect(rows(t).links()[0]?.status).toBe('paid');
    expect(savedRow()).toMatchObject(cardOfOrder(order));
  });

  it('the webhook lost: reconciliation confirms the link and keeps the card', async () => {
    const { order } = await linkPaid('credit_card');
    await reconcile(t.services.reconciliation);
    expect(rows(t).links()[0]?.status).toBe('paid');
    expect(savedRow()).toMatchObject(cardOfOrder(order));
  });

  it('a link paid by PIX keeps nothing', async () => {
    const { hook } = await linkPaid('pix');
    expect((await pagarmeWebhook(t, hook)).statusCode).toBe(200);
    expect(rows(t).links()[0]?.status).toBe('paid');
    expect(savedRow()).toBeUndefined();
  });
});
