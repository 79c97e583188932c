import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { formatMoney } from '../../../shared/format';
import { RECEIPT_MSG, receiptNotice, receiptRows } from '../../../shared/receipt';
import { TAX_ID_MSG } from '../../../shared/tax-id';
import { payments, subscribers } from '../../db/schema';
import { newId } from '../../lib/ids';
import { useTestApp, type TestApp } from '../../../../tests/app';
import { makeMember, type TestMember } from '../../../../tests/member';

let t: TestApp;
useTestApp((app) => (t = app));

let member: TestMember;
let paymentId: string;

beforeEach(async () => {
  member = await makeMember(t, { name: 'Mariana Duarte' });
  t.services.db
    .update(subscribers)
    .set({ cpf: '52998224725' })
    .where(eq(subscribers.id, member.subscriberId))
    .run();
  paymentId = t.services.db
    .select({ id: payments.id })
    .from(payments)
    .where(eq(payments.subscriberId, member.subscriberId))
    .get()!.id;
  t.services.settings.update({ clubTaxId: '11.222.333/0001-81' });
});

const receiptOf = (token: string | undefined, id = paymentId) =>
  t.request({
    method: 'GET',
    url: `/api/payments/${id}/receipt`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });

describe('a payment receipt', () => {
  it('shows the member their own paid payment with the club, the payer, the period and the money', async () => {
    const res = await receiptOf(member.token);
    expect(res.statusCode).toBe(200);
    const { receipt } = res.json();
    expect(receipt).toMatchObject({
      number: paymentId,
      clubName: 'Confraria Vinhos & Amigos',
      clubTaxId: '11222333000181',
      payerName: 'Mariana Duarte',
      payerCpf: '52998224725',
      amount: 149700,
      method: 'pix',
      refundedAt: null,
    });
    const rows = Object.fromEntries(receiptRows(receipt).map(({ label, value }) => [label, value]));
    expect(rows['CNPJ/CPF do recebedor']).toBe('CNPJ 11.222.333/0001-81');
    expect(rows['CPF do pagador']).toBe('529.982.247-25');
    expect(rows['Valor']).toBe(formatMoney(149700)); // R$ 1.497,00, with the no-break space
    expect(rows['Forma de pagamento']).toBe('PIX');
    expect(rows['Período']).toMatch(/^\d{2}\/\d{2}\/\d{4} a \d{2}\/\d{2}\/\d{4}$/);
    expect(receiptNotice(receipt)).toBeNull();
  });

  it('is "not found" for another member and for nobody, and any payment for an admin', async () => {
    const other = await makeMember(t);
    const refused = await receiptOf(other.token);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ error: RECEIPT_MSG.notFound });
    expect((await receiptOf(undefined)).statusCode).toBe(401);
    const admin = await t.signIn('admin');
    expect((await receiptOf(admin.token)).json().receipt.payerName).toBe('Mariana Duarte');
    expect((await receiptOf(member.token, 'nao-existe')).json()).toEqual({ error: RECEIPT_MSG.notFound });
  });

  it('waits for the money: a pending payment has no receipt yet', async () => {
    const pending = newId();
    t.services.db
      .insert(payments)
      .values({
        id: pending,
        subscriberId: member.subscriberId,
        amount: 89700,
        status: 'pending',
        provider: 'sandbox',
        description: 'Renovação anual - Confraria',
      })
      .run();
    const res = await receiptOf(member.token, pending);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: RECEIPT_MSG.notPaid });
  });

  it('says so when the payment was refunded', async () => {
    const refundedAt = new Date('2026-11-20T15:00:00Z');
    t.services.db
      .update(payments)
      .set({ status: 'refunded', refundedAt })
      .where(eq(payments.id, paymentId))
      .run();
    const { receipt } = (await receiptOf(member.token)).json();
    expect(receiptNotice(receipt)).toBe(RECEIPT_MSG.refunded('20/11/2026'));
  });

  it('comes as a PDF named with the São Paulo date, counted against the export limit', async () => {
    const res = await t.request({
      method: 'GET',
      url: `/api/payments/${paymentId}/receipt.pdf`,
      headers: { authorization: `Bearer ${member.token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename=recibo-\d{4}-\d{2}-\d{2}-[\w-]{8}\.pdf$/,
    );
    expect(res.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const other = await makeMember(t);
    const refused = await t.request({
      method: 'GET',
      url: `/api/payments/${paymentId}/receipt.pdf`,
      headers: { authorization: `Bearer ${other.token}` },
    });
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toEqual({ error: RECEIPT_MSG.notFound });
  });

  it('keeps the club tax id only when it is a real CNPJ or CPF', () => {
    expect(() => t.services.settings.update({ clubTaxId: '11.222.333/0001-82' })).toThrow(TAX_ID_MSG.invalid);
    expect(t.services.settings.get().clubTaxId).toBe('11222333000181');
    expect(t.services.settings.update({ clubTaxId: '' }).clubTaxId).toBe('');
  });
});
