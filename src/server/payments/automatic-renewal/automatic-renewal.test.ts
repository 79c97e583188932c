/**
 * Automatic annual renewal against the fake Pagar.me on loopback (ADR 052,
 * `docs/decisions/052-automatic-renewal.md`): the saved-card order as documented, one charge per
 * member and period whatever happens (a lost answer, two passes at once), the refusal's retries
 * and then today's expiry rule, and turning it off before the date.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- the fake's requests are JSON */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { TestApp } from '../../../../tests/app';
import { approve, MARIANA, rows } from '../../../../tests/checkout';
import { PAGARME_PAID_CARD, type FakePagarme } from '../../../../tests/fakes/pagarme-server';
import { payInPage, usePagarmeApp } from '../../../../tests/pagarme-app';
import { AUTOMATIC_RENEWAL_MSG, consentSentence } from '../../../shared/automatic-renewal';
import { formatDate, formatMoney } from '../../../shared/format';
import { saoPauloDayStart } from '../../../shared/sao-paulo-time';
import { automaticRenewals, outbox, renewalAttempts, subscribers } from '../../db/schema';
import { runScheduledJobs } from '../../jobs';
import { turnOff, turnOn, viewOf } from './choice';
import { runRenewalPass } from './pass';
import { reconcile } from '../reconciliation/run';

const DAY = 24 * 3600 * 1000;

let fake: FakePagarme;
let t: TestApp;
usePagarmeApp((app) => ({ t, fake } = app));

const MEMBER = { kind: 'member' as const, id: 'user-mariana' };

async function payByCard() {
  expect((await payInPage(t, fake, 'credit_card')).json()).toMatchObject({ status: 'completed' });
}

const mariana = () => rows(t).subscriberByEmail(MARIANA.customerEmail)!;
const deps = () => t.services.automaticRenewal;
const renewalOrders = () =>
  fake.requests.filter(
    (request) => request.method === 'POST' && request.path.endsWith('/orders') && request.body?.customer_id,
  );
const messages = (template: string) =>
  t.services.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.template, template as never), eq(outbox.recipient, MARIANA.customerEmail)))
    .all();

/** Mariana paid by card, was approved with `daysLeft` to go, and turned automatic renewal on. */
async function memberWithAutomaticRenewal(daysLeft = 20) {
  t.services.settings.update({ automaticRenewal: true });
  await payByCard();
  const end = new Date(t.clock.now().getTime() + daysLeft * DAY);
  approve(t, mariana().id, end);
  const offered = viewOf(deps(), mariana());
  expect(offered.consentText).toBe(
    consentSentence({ brand: 'Visa', last4: '0010' }, 89700, saoPauloDayStart(end, -1)),
  );
  turnOn(deps(), mariana(), MEMBER, offered.consentText!);
  return end;
}

const chargeDayOf = (end: Date) => new Date(saoPauloDayStart(end, -1).getTime() + 13 * 3600 * 1000);

describe('automatic renewal on the saved card (fake Pagar.me)', () => {
  it('the paid card checkout saves only the reference; the consent is recorded with its exact text', async () => {
    const end = await memberWithAutomaticRenewal();
    const row = t.services.db.select().from(automaticRenewals).get()!;
    expect(row).toMatchObject({
      enabled: true,
      cardBrand: 'Visa',
      cardLast4: '0010',
      cardExpMonth: 12,
      providerCardId: expect.stringMatching(/^card_/),
      providerCustomerId: expect.stringMatching(/^cus_/),
    });
    expect(JSON.stringify(row)).not.toContain(PAGARME_PAID_CARD);
    const consent = t.services.lifecycle
      .history(mariana().id)
      .find((line) => line.event === 'automatic_renewal_on');
    expect(consent?.details).toMatchObject({
      consentText: `Renovar automaticamente no cartão Visa final 0010 todo ano: ${formatMoney(89700)} em ${formatDate(saoPauloDayStart(end, -1))} e a cada ano seguinte, até eu desligar.`,
      cardBrand: 'Visa',
      cardLast4: '0010',
      amount: 89700,
    });
  });

  it('a consent text other than the one offered is refused and nothing changes', async () => {
    t.services.settings.update({ automaticRenewal: true });
    await payByCard();
    approve(t, mariana().id, new Date(t.clock.now().getTime() + 20 * DAY));
    expect(() => turnOn(deps(), mariana(), MEMBER, 'Renovar por R$ 1,00')).toThrow(
      AUTOMATIC_RENEWAL_MSG.consentChanged,
    );
    expect(t.services.db.select().from(automaticRenewals).get()?.enabled).toBe(false);
  });

  it('notice N days before, then one charge on the date: the documented saved-card order, the period extended once, the receipt', async () => {
    const end = await memberWithAutomaticRenewal(20);
    t.clock.set(new Date(saoPauloDayStart(end, -7).getTime() + 13 * 3600 * 1000));
    expect(await runRenewalPass(deps())).toMatchObject({ notices: 1, charged: 0 });
    expect(await runRenewalPass(deps())).toMatchObject({ notices: 0, charged: 0 });
    expect(messages('automatic_renewal_notice')).toHaveLength(1);
    expect(messages('automatic_renewal_notice')[0]?.body).toContain(
      `${formatMoney(89700)} no cartão Visa final 0010`,
    );

    t.clock.set(chargeDayOf(end));
    expect(await runRenewalPass(deps())).toMatchObject({ charged: 1, paid: 1 });
    const [order] = renewalOrders();
    const attempt = t.services.db.select().from(renewalAttempts).get()!;
    expect(order?.headers['idempotency-key']).toBe(`order-${attempt.paymentId}-1`);
    const saved = t.services.db.select().from(automaticRenewals).get()!;
    expect(order?.body).toEqual({
      code: attempt.paymentId,
      customer_id: saved.providerCustomerId,
      items: [
        {
          amount: 89700,
          description: 'Renovação anual - Confraria Vinhos & Amigos',
          quantity: 1,
          code: expect.any(String),
        },
      ],
      payments: [
        {
          payment_method: 'credit_card',
          credit_card: {
            installments: 1,
            statement_descriptor: 'CONFRARIA',
            operation_type: 'auth_and_capture',
            recurrence: true,
            card_id: saved.providerCardId,
          },
        },
      ],
      metadata: { payment_id: attempt.paymentId, attempt: '1', renewal: 'automatic' },
      closed: true,
    });
    expect(mariana().subscriptionEndDate?.getTime()).toBe(end.getTime() + 365 * DAY);
    const renewal = rows(t)
      .payments()
      .find((payment) => payment.id === attempt.paymentId);
    expect(renewal).toMatchObject({
      status: 'paid',
      amount: 89700,
      planType: 'renewal',
      method: 'credit_card',
    });
    expect(messages('payment_confirmed').length).toBeGreaterThanOrEqual(2);
    // Nothing more for this period, however often the pass runs.
    expect(await runRenewalPass(deps())).toMatchObject({ charged: 0 });
    expect(renewalOrders()).toHaveLength(1);
  });

  it('a lost answer is "em verificação" and reconciliation settles it with the one charge', async () => {
    const end = await memberWithAutomaticRenewal(3);
    t.clock.set(chargeDayOf(end));
    fake.loseAnswers(2, 'POST');
    expect(await runRenewalPass(deps())).toMatchObject({ charged: 1, verifying: 1 });
    const attempt = t.services.db.select().from(renewalAttempts).get()!;
    const pending = rows(t)
      .payments()
      .find((payment) => payment.id === attempt.paymentId);
    expect(pending).toMatchObject({ status: 'pending', verifyingSince: expect.any(Date) });
    expect(viewOf(deps(), mariana()).enabled).toBe(true);
    // The next pass sends nothing while the outcome is unknown.
    expect(await runRenewalPass(deps())).toMatchObject({ charged: 0 });

    await reconcile(t.services.reconciliation);
    expect(
      rows(t)
        .payments()
        .find((payment) => payment.id === attempt.paymentId),
    ).toMatchObject({
      status: 'paid',
      amount: 89700,
    });
    expect([...fake.orders.values()].filter((order: any) => order.code === attempt.paymentId)).toHaveLength(
      1,
    );
    expect(mariana().subscriptionEndDate?.getTime()).toBe(end.getTime() + 365 * DAY);
    expect(await runRenewalPass(deps())).toMatchObject({ charged: 0 });
  });

  it('two passes at once charge once', async () => {
    const end = await memberWithAutomaticRenewal(3);
    t.clock.set(chargeDayOf(end));
    const [a, b] = await Promise.all([runRenewalPass(deps()), runRenewalPass(deps())]);
    expect((a?.charged ?? 0) + (b?.charged ?? 0)).toBe(1);
    expect(renewalOrders()).toHaveLength(1);
    expect(
      rows(t)
        .payments()
        .filter((payment) => payment.planType === 'renewal'),
    ).toHaveLength(1);
    expect(mariana().subscriptionEndDate?.getTime()).toBe(end.getTime() + 365 * DAY);
  });

  it('declined: retried on the schedule with an e-mail each time, the period held open; after the last, the expiry rule', async () => {
    const end = await memberWithAutomaticRenewal(3);
    const saved = t.services.db.select().from(automaticRenewals).get()!;
    fake.declineSavedCard(saved.providerCardId!);
    const day = saoPauloDayStart(end, -1);
    t.clock.set(chargeDayOf(end));
    expect(await runRenewalPass(deps())).toMatchObject({ charged: 1, declined: 1 });
    expect(messages('automatic_renewal_failed')[0]?.body).toContain(
      `Vamos tentar de novo em ${formatDate(saoPauloDayStart(day, 1))}.`,
    );

    for (const [offset, attempt] of [
      [1, 2],
      [3, 3],
      [7, 4],
    ] as const) {
      t.clock.set(new Date(saoPauloDayStart(day, offset).getTime() + 13 * 3600 * 1000));
      expect(await runRenewalPass(deps())).toMatchObject({ charged: 1, declined: 1 });
      expect(t.services.db.select().from(renewalAttempts).all()).toHaveLength(attempt);
      if (attempt < 4) {
        // Past the end date too, the period is held open while retries remain.
        expect((await runScheduledJobs(t.services)).expiredMembers).toBe(0);
        expect(mariana().status).toBe('active');
      }
    }
    const failed = messages('automatic_renewal_failed');
    expect(failed).toHaveLength(4);
    expect(failed[3]?.body).toContain('Não faremos novas tentativas.');
    expect(renewalOrders()).toHaveLength(4);
    // Nothing after the last: today's expiry rule.
    t.clock.set(new Date(saoPauloDayStart(day, 20).getTime()));
    expect(await runRenewalPass(deps())).toMatchObject({ charged: 0 });
    expect((await runScheduledJobs(t.services)).expiredMembers).toBe(1);
    expect(mariana().status).toBe('expired');
  });

  it('turned off before the date: no charge, the member told at once', async () => {
    const end = await memberWithAutomaticRenewal(3);
    expect(turnOff(deps(), mariana(), MEMBER)).toEqual({
      message: AUTOMATIC_RENEWAL_MSG.turnedOff,
      chargeUnderway: false,
    });
    expect(messages('automatic_renewal_off')).toHaveLength(1);
    t.clock.set(chargeDayOf(end));
    expect(await runRenewalPass(deps())).toMatchObject({ charged: 0 });
    expect(renewalOrders()).toHaveLength(0);
    expect(
      t.services.db
        .select()
        .from(subscribers)
        .where(eq(subscribers.id, mariana().id))
        .get()
        ?.subscriptionEndDate?.getTime(),
    ).toBe(end.getTime());
  });

  it('the club turning it off stops every notice and charge', async () => {
    const end = await memberWithAutomaticRenewal(3);
    t.services.settings.update({ automaticRenewal: false });
    t.clock.set(chargeDayOf(end));
    expect(await runRenewalPass(deps())).toBeNull();
    expect(renewalOrders()).toHaveLength(0);
  });
});
