/**
 * The provider's figures of paid charges (docs/decisions/054-month-close.md): read from the fake
 * Pagar.me's receivables in the reconciliation pass, kept in cents, unknown (never zero) while the
 * provider's answer is lost or holds none, and no longer asked once paid out.
 */
/* eslint-disable @typescript-eslint/no-explicit-any -- the fake's orders are fixture JSON */
import { describe, expect, it } from 'vitest';
import type { TestApp } from '../../../../tests/app';
import { rows } from '../../../../tests/checkout';
import {
  FAKE_PAGARME_CARD_FEE_BASIS_POINTS,
  FAKE_PAGARME_CARD_PAYOUT_DAYS,
  type FakePagarme,
} from '../../../../tests/fakes/pagarme-server';
import { pagarmeWebhook, payInPage, usePagarmeApp } from '../../../../tests/pagarme-app';
import { DAY_MS } from '../../../shared/sao-paulo-time';
import { figuresOfPayables } from '../providers/pagarme/payables';
import { sandboxFigures } from '../providers/sandbox/figures';
import { reconcile } from '../reconciliation/run';

let fake: FakePagarme;
let t: TestApp;
usePagarmeApp((app) => ({ t, fake } = app));

async function pay(paymentMethod: 'credit_card' | 'pix') {
  const res = await payInPage(t, fake, paymentMethod);
  const { paymentId } = res.json<{ paymentId: string }>();
  if (paymentMethod === 'pix') {
    const order = [...fake.orders.values()].find((entry) => entry.code === paymentId);
    expect((await pagarmeWebhook(t, fake.payOrder(order.id))).statusCode).toBe(200);
  }
  return paymentRow(paymentId)!;
}

const paymentRow = (id: string) => rows(t).payment(id);
const payablesAsked = () => fake.requests.filter((request) => request.path.startsWith('/core/v5/payables'));

describe('the provider figures of a paid Pagar.me charge', () => {
  it('reads gross, fee, net and payout date from the charge credit payable in the reconciliation pass', async () => {
    const payment = await pay('credit_card');
    expect(payment).toMatchObject({ status: 'paid', providerFee: null, providerNet: null, payoutDate: null });
    const paidAt = new Date((fakeCharge(payment.providerChargeId) as any).paid_at);

    const report = await reconcile(t.services.reconciliation);
    expect(report).toMatchObject({ figuresChecked: 1, figuresKnown: 1 });
    expect(payablesAsked().map((request) => request.path)).toEqual([
      `/core/v5/payables?charge_id=${payment.providerChargeId}&page=1&size=100`,
    ]);
    const fee = Math.round((149700 * FAKE_PAGARME_CARD_FEE_BASIS_POINTS) / 10_000);
    expect(fee).toBe(6871);
    expect(paymentRow(payment.id)).toMatchObject({
      providerGross: 149700,
      providerFee: 6871,
      providerNet: 142829,
      payoutDate: new Date(paidAt.getTime() + FAKE_PAGARME_CARD_PAYOUT_DAYS * DAY_MS),
      feesFinal: false,
    });

    // Asked again only after a while (payout dates move): a second pass at once asks nothing.
    await reconcile(t.services.reconciliation);
    expect(payablesAsked()).toHaveLength(1);
  });

  it('leaves the figures unknown, never zero, when the answer is lost or holds no payable yet', async () => {
    const payment = await pay('pix');
    fake.payables.set(payment.providerChargeId!, []);
    expect(await reconcile(t.services.reconciliation)).toMatchObject({ figuresChecked: 1, figuresKnown: 0 });
    expect(paymentRow(payment.id)).toMatchObject({ providerFee: null, providerNet: null, feesFinal: false });

    // The payable appears and is paid out; the answer to the next question is lost.
    fake.payables.set(payment.providerChargeId!, [
      {
        id: 11814386,
        status: 'paid',
        type: 'credit',
        amount: 149700,
        fee: 1482,
        anticipation_fee: 0,
        fraud_coverage_fee: 0,
        charge_id: payment.providerChargeId,
        payment_date: '2026-11-22T03:00:00.000Z',
      },
    ]);
    t.clock.advance(7 * 60 * 60 * 1000);
    fake.fail(1, 503);
    expect(await reconcile(t.services.reconciliation)).toMatchObject({ figuresKnown: 0 });
    expect(paymentRow(payment.id)).toMatchObject({ providerFee: null, providerNet: null, feesFinal: false });

    t.clock.advance(7 * 60 * 60 * 1000);
    expect(await reconcile(t.services.reconciliation)).toMatchObject({ figuresKnown: 1 });
    expect(paymentRow(payment.id)).toMatchObject({
      providerGross: 149700,
      providerFee: 1482,
      providerNet: 148218,
      payoutDate: new Date('2026-11-22T03:00:00.000Z'),
      feesFinal: true,
    });
    // Paid out: never asked again.
    const asked = payablesAsked().length;
    t.clock.advance(7 * 60 * 60 * 1000);
    await reconcile(t.services.reconciliation);
    expect(payablesAsked()).toHaveLength(asked);
  });
});

function fakeCharge(chargeId: string | null): unknown {
  for (const order of fake.orders.values()) {
    const charge = order.charges?.find((entry: any) => entry.id === chargeId);
    if (charge) return charge;
  }
  return undefined;
}

describe('figures from payables (the v5 reference example)', () => {
  const credit = {
    id: 11814386,
    status: 'waiting_funds',
    type: 'credit',
    amount: 10000,
    fee: 500,
    anticipation_fee: 30,
    fraud_coverage_fee: 20,
    charge_id: 'ch_1',
    payment_date: '2020-10-26T03:00:00.000Z',
  };

  it('sums the credits of the charge with every fee, and leaves refunds, chargebacks and other charges out', () => {
    expect(
      figuresOfPayables(
        [
          credit,
          { ...credit, id: 2, installment: 2, payment_date: '2020-11-25T03:00:00.000Z' },
          { ...credit, id: 3, type: 'refund', amount: 10000 },
          { ...credit, id: 4, type: 'chargeback' },
          { ...credit, id: 5, charge_id: 'ch_other' },
        ],
        'ch_1',
      ),
    ).toEqual({
      gross: 20000,
      fee: 1100,
      net: 18900,
      payoutDate: new Date('2020-11-25T03:00:00.000Z'),
      final: false,
    });
  });

  it('is unknown without a credit, or with one missing its fee; final once every credit is paid out', () => {
    expect(figuresOfPayables([], 'ch_1')).toBeNull();
    expect(figuresOfPayables([{ ...credit, fee: undefined }], 'ch_1')).toBeNull();
    expect(figuresOfPayables([{ ...credit, status: 'prepaid' }], 'ch_1')?.final).toBe(true);
  });

  it('the sandbox applies its card and PIX rates', () => {
    const paidAt = new Date('2026-11-10T15:00:00Z');
    expect(
      sandboxFigures({ providerChargeId: 'sbx', amount: 149700, method: 'credit_card', paidAt }, paidAt),
    ).toEqual({
      gross: 149700,
      fee: 5973,
      net: 143727,
      payoutDate: new Date('2026-12-10T15:00:00Z'),
      final: false,
    });
    expect(
      sandboxFigures(
        { providerChargeId: 'sbx', amount: 149700, method: 'pix', paidAt },
        new Date('2026-12-01'),
      ),
    ).toEqual({
      gross: 149700,
      fee: 1781,
      net: 147919,
      payoutDate: new Date('2026-11-11T15:00:00Z'),
      final: true,
    });
  });
});
