/**
 * The owner's month close (docs/decisions/054-month-close.md): exact figures of a São Paulo month
 * with card and PIX payments, a refund, an extra charge still to decide, a chargeback and a fee the
 * provider has not given; the payments behind each figure; the accountant's CSV byte for byte; who
 * may read it.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useAdminApp, type TestApp } from '../../../tests/app';
import { createLink, rows, sandboxPay } from '../../../tests/checkout';
import { MONTH_CLOSE_MSG } from '../../shared/month-close';
import { payments, serviceInvoices, type Payment } from '../db/schema';

let t: TestApp;
let admin: { token: string; userId: string };
useAdminApp((app) => ({ t, admin } = app));
const get = (url: string, token = admin.token) =>
  t.request({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });

const at = (iso: string) => new Date(iso);

/**
 * November 2026 in São Paulo (UTC−3): a link paid by card whose fee is unknown (a lost answer),
 * and in-page payments: a card, a PIX, a refunded card, a second PIX charge (extra, undecided),
 * a disputed card. Outside it: one paid at 23:30 on 31/10 São Paulo time, and one still pending.
 */
async function novemberOf2026() {
  const link = await createLink(t, { customerEmail: 'ana@exemplo.com.br' });
  await sandboxPay(t, link.id, 'paid', 'credit_card');
  const subscriber = rows(t).subscriberByEmail('ana@exemplo.com.br')!;
  const { db } = t.services;
  const first = db.select().from(payments).where(eq(payments.subscriberId, subscriber.id)).get()!;
  db.update(payments)
    .set({ paidAt: at('2026-11-01T03:00:00Z'), amount: 149700, providerFee: null, providerNet: null })
    .where(eq(payments.id, first.id))
    .run();
  const card = { providerFee: 5973, providerNet: 143727, payoutDate: at('2026-12-10T15:00:00Z') };
  const pix = { providerFee: 1782, providerNet: 147918, payoutDate: at('2026-11-11T15:00:00Z') };
  const inPage = (id: string, values: Partial<Payment>): Payment => ({
    ...first,
    id,
    transactionId: `tx-${id}`,
    providerChargeId: `ch_${id}`,
    paymentLinkId: null,
    method: 'credit_card',
    amount: 149700,
    status: 'paid',
    paidAt: at('2026-11-10T15:00:00Z'),
    previousEndDate: null,
    periodEndDate: null,
    feesFinal: false,
    ...values,
  });
  db.insert(payments)
    .values([
      inPage('card', card),
      inPage('pix', { ...pix, method: 'pix', paidAt: at('2026-11-30T20:00:00Z') }),
      inPage('refunded', { ...card, status: 'refunded', refundedAt: at('2026-11-12T12:00:00Z') }),
      inPage('extra', { ...pix, method: 'pix', extraCharge: 'duplicate', extraChargeOf: 'pix' }),
      inPage('disputed', { ...card, status: 'refunded', chargedbackAt: at('2026-11-20T12:00:00Z') }),
      inPage('october', { ...card, paidAt: at('2026-11-01T02:30:00Z') }),
      inPage('pending', { status: 'pending', paidAt: null }),
    ])
    .run();
  return { linkPayment: first.id };
}

describe('GET /api/admin/month-close', () => {
  it('adds up the month by channel; the net stays "a confirmar" while a fee is unknown', async () => {
    const { linkPayment } = await novemberOf2026();
    const answer = await get('/api/admin/month-close?month=2026-11');
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({
      month: '2026-11',
      from: '2026-11-01T03:00:00.000Z',
      to: '2026-12-01T02:59:59.999Z',
      total: {
        gross: 898200,
        refunds: 149700,
        extraRefunded: 0,
        extraPending: 149700,
        chargebacks: 149700,
        fees: 21483,
        feesUnknown: 1,
        net: null,
        payments: 6,
      },
      channels: {
        card: {
          gross: 449100,
          refunds: 149700,
          extraRefunded: 0,
          extraPending: 0,
          chargebacks: 149700,
          fees: 17919,
          feesUnknown: 0,
          net: 131781,
          payments: 3,
        },
        pix: {
          gross: 299400,
          refunds: 0,
          extraRefunded: 0,
          extraPending: 149700,
          chargebacks: 0,
          fees: 3564,
          feesUnknown: 0,
          net: 295836,
          payments: 2,
        },
        link: {
          gross: 149700,
          refunds: 0,
          extraRefunded: 0,
          extraPending: 0,
          chargebacks: 0,
          fees: 0,
          feesUnknown: 1,
          net: null,
          payments: 1,
        },
      },
    });

    // The provider answers; the extra charge is refunded: the net is known.
    t.services.db
      .update(payments)
      .set({ providerFee: 5973, providerNet: 143727 })
      .where(eq(payments.id, linkPayment))
      .run();
    t.services.db.update(payments).set({ status: 'refunded' }).where(eq(payments.id, 'extra')).run();
    const known = (await get('/api/admin/month-close?month=2026-11')).json();
    expect(known.total).toMatchObject({
      gross: 898200,
      extraRefunded: 149700,
      extraPending: 0,
      fees: 27456,
      feesUnknown: 0,
      net: 898200 - 149700 - 149700 - 149700 - 27456,
    });
  });

  it('opens the payments behind each figure, by channel', async () => {
    await novemberOf2026();
    const ids = async (query: string) =>
      (await get(`/api/admin/month-close/payments?month=2026-11&${query}`))
        .json()
        .payments.map((payment: { id: string }) => payment.id);
    expect(await ids('figure=refunds')).toEqual(['refunded']);
    expect(await ids('figure=extraPending')).toEqual(['extra']);
    expect(await ids('figure=chargebacks&channel=card')).toEqual(['disputed']);
    expect(await ids('figure=chargebacks&channel=pix')).toEqual([]);
    expect(await ids('figure=gross&channel=pix')).toEqual(['pix', 'extra']);
    expect(await ids('figure=gross')).toHaveLength(6);
    const extra = (await get('/api/admin/month-close/payments?month=2026-11&figure=extraPending')).json();
    expect(extra).toEqual({
      payments: [
        {
          id: 'extra',
          paidAt: '2026-11-10T15:00:00.000Z',
          subscriberName: expect.any(String),
          channel: 'pix',
          amount: 149700,
          statusLabel: 'Cobrança duplicada',
          fee: 1782,
          net: 147918,
          payoutDate: '2026-11-11T15:00:00.000Z',
        },
      ],
      pagination: expect.objectContaining({ total: 1 }),
    });
  });

  it('writes the accountant CSV in the Brazilian Excel dialect, with "a confirmar" for unknown figures', async () => {
    const { linkPayment } = await novemberOf2026();
    // The refunded payment's invoice, cancelled with its refund: the accountant sees both.
    t.services.db
      .insert(serviceInvoices)
      .values({
        paymentId: 'refunded',
        ref: 'confraria-refunded',
        source: 'sandbox',
        status: 'cancelled',
        number: '2026000123',
      })
      .run();
    const answer = await get('/api/admin/month-close/export.csv?month=2026-11');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.headers['content-disposition']).toContain('fechamento-2026-11.csv');
    const bytes = answer.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').trimEnd().split('\n');
    expect(lines[0]).toBe(
      'Pago em;Pagamento;Cobrança no provedor;Assinante;Canal;Situação;Valor (R$);Devolvido (R$);' +
        'Taxa do provedor (R$);Líquido do provedor (R$);Previsão de repasse;Nota fiscal (NFS-e);' +
        'Situação da nota fiscal;pago_em_iso',
    );
    expect(lines).toHaveLength(7);
    const name = rows(t).subscriberByEmail('ana@exemplo.com.br')!.name;
    const linkRow = lines.find((line) => line.includes(linkPayment))!;
    expect(linkRow.split(';')).toEqual([
      '01/11/2026',
      linkPayment,
      expect.any(String),
      name,
      'Link de pagamento',
      'Pago',
      '1497,00',
      '0,00',
      MONTH_CLOSE_MSG.toConfirm,
      MONTH_CLOSE_MSG.toConfirm,
      MONTH_CLOSE_MSG.toConfirm,
      '',
      '',
      '2026-11-01T03:00:00.000Z',
    ]);
    expect(lines.find((line) => line.includes(';refunded;'))).toBe(
      `10/11/2026;refunded;ch_refunded;${name};Cartão;Reembolsado;1497,00;1497,00;59,73;1437,27;10/12/2026;2026000123;Cancelada;2026-11-10T15:00:00.000Z`,
    );
  });

  it('is the back office only; a month not written aaaa-mm is refused in Portuguese', async () => {
    const member = await t.signIn('user', 'membro@exemplo.com.br');
    expect((await get('/api/admin/month-close?month=2026-11', member.token)).statusCode).toBe(403);
    expect((await get('/api/admin/month-close/export.csv?month=2026-11', member.token)).statusCode).toBe(403);
    expect(
      (await get('/api/admin/month-close/payments?month=2026-11&figure=gross', member.token)).statusCode,
    ).toBe(403);
    expect((await t.request({ method: 'GET', url: '/api/admin/month-close?month=2026-11' })).statusCode).toBe(
      401,
    );
    const bad = await get('/api/admin/month-close?month=11-2026');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ error: MONTH_CLOSE_MSG.monthInvalid });
    await expect(t.caller(member.token).monthClose.figures({ month: '2026-11' })).rejects.toThrow();
    expect((await t.caller(admin.token).monthClose.figures({ month: '2026-11' })).total.payments).toBe(0);
  });
});
