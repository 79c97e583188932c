/**
 * Service invoices against a fake Focus NFe on loopback (tests/fakes/focusnfe-server.ts): a paid
 * payment queues its invoice, the pass issues it and settles it by query, a lost answer is "em
 * verificação" and never a second invoice, a rejection keeps the city's message, a refund cancels it.
 */
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RECEIPT_MSG } from '../../shared/receipt';
import { createTestApp, type TestApp } from '../../../tests/app';
import { createLink, rows, sandboxPay } from '../../../tests/checkout';
import { makeMember } from '../../../tests/member';
import {
  FAKE_FOCUSNFE_TOKEN,
  startFakeFocusNfe,
  type FakeFocusNfe,
} from '../../../tests/fakes/focusnfe-server';
import { payments, serviceInvoices } from '../db/schema';
import { markChargedBack } from '../payments/refunds/disputes';
import { runJobsByHand } from '../jobs';
import { INVOICE_MSG } from './messages';
import { recordManualInvoice } from './manual';
import { retryDelayMs, runInvoicePass } from './pass';

let t: TestApp;
let fake: FakeFocusNfe;

beforeEach(async () => {
  fake = await startFakeFocusNfe();
  t = await createTestApp(fake.appEnv());
  t.services.settings.update({ clubTaxId: '11.222.333/0001-81', serviceInvoices: true });
});
afterEach(async () => {
  await t.close();
  await fake.close();
});

const invoiceOf = (paymentId: string) =>
  t.services.db.select().from(serviceInvoices).where(eq(serviceInvoices.paymentId, paymentId)).get();
const pass = () => runInvoicePass(t.services.invoices);
const posts = () => fake.requests.filter((request) => request.method === 'POST');

/** Mariana pays her link on the sandbox of payments; returns the payment. */
async function paidPayment() {
  const link = await createLink(t);
  expect((await sandboxPay(t, link.id)).statusCode).toBe(200);
  const payment = rows(t)
    .payments()
    .find((row) => row.paymentLinkId === link.id && row.status === 'paid');
  expect(payment).toBeDefined();
  return payment!;
}

async function authorizedInvoice() {
  const payment = await paidPayment();
  await pass();
  t.clock.advance(retryDelayMs(0));
  await pass();
  expect(invoiceOf(payment.id)).toMatchObject({ status: 'authorized', number: '4949' });
  return payment;
}

async function refund(paymentId: string) {
  const { token } = await t.signIn('admin');
  return t.caller(token).payments.refund({ paymentId, reason: 'Desistência' });
}

describe('issuing', () => {
  it('queues the invoice with the payment, sends it under our ref and keeps the number the query brings', async () => {
    const payment = await paidPayment();
    expect(invoiceOf(payment.id)).toMatchObject({
      status: 'issuing',
      ref: `confraria-${payment.id}`,
      source: 'focusnfe',
      attempts: 0,
    });

    expect(await pass()).toEqual({ authorized: 0, rejected: 0, cancelled: 0, pending: 1 });
    expect(posts()).toHaveLength(1);
    const sent = posts()[0]!;
    expect(sent.path).toBe(`/v2/nfse?ref=confraria-${payment.id}`);
    expect(sent.authorization).toBe(`Basic ${Buffer.from(`${FAKE_FOCUSNFE_TOKEN}:`).toString('base64')}`);
    expect(sent.body).toMatchObject({
      prestador: { cnpj: '11222333000181', inscricao_municipal: '12345', codigo_municipio: '3550308' },
      tomador: {
        cpf: '52998224725',
        razao_social: 'Mariana Costa Ribeiro',
        email: 'mariana.ribeiro@example.com',
      },
      servico: {
        item_lista_servico: '1201',
        aliquota: 2,
        iss_retido: false,
        valor_servicos: payment.amount / 100,
      },
    });
    expect(invoiceOf(payment.id)).toMatchObject({ status: 'issuing', attempts: 1, number: null });

    // Not due yet: the provider is left alone until the retry delay passes.
    expect(await pass()).toEqual({ authorized: 0, rejected: 0, cancelled: 0, pending: 0 });
    t.clock.advance(retryDelayMs(0));
    expect(await pass()).toMatchObject({ authorized: 1 });
    expect(invoiceOf(payment.id)).toMatchObject({
      status: 'authorized',
      number: '4949',
      url: 'https://nfse.prefeitura.example/consulta?num=4949&cod=DU1M-M2Y',
      providerError: null,
      nextAttemptAt: null,
    });
    expect(posts()).toHaveLength(1);
  });

  it('runs with the other jobs of `npm run jobs:run`', async () => {
    const payment = await paidPayment();
    expect((await runJobsByHand(t.services)).invoices).toMatchObject({ pending: 1 });
    expect(invoiceOf(payment.id)?.attempts).toBe(1);
  });

  it('without the club tax id, rejects with the message that says what to fill in, calling nobody', async () => {
    // The settings screen no longer saves invoices on without a CNPJ; a club saved that way before
    // (or a CNPJ gone from the stored settings) still gets the message, never a call.
    const payment = await paidPayment();
    const { invoices } = t.services;
    const withoutTaxId = { get: () => ({ ...invoices.settings.get(), clubTaxId: '' }) };
    expect(await runInvoicePass({ ...invoices, settings: withoutTaxId })).toMatchObject({ rejected: 1 });
    expect(invoiceOf(payment.id)).toMatchObject({ status: 'rejected', providerError: RECEIPT_MSG.noTaxId });
    expect(fake.requests).toHaveLength(0);
  });
});

describe('a lost answer', () => {
  it('is "em verificação", settled by asking for our ref: one invoice, never two', async () => {
    const payment = await paidPayment();
    fake.loseAnswers(1);
    await pass();
    expect(invoiceOf(payment.id)).toMatchObject({ status: 'unknown', attempts: 1 });
    // The fake did receive it.
    expect(fake.invoices.has(`confraria-${payment.id}`)).toBe(true);

    t.clock.advance(retryDelayMs(0));
    await pass();
    expect(invoiceOf(payment.id)).toMatchObject({ status: 'authorized', number: '4949' });
    expect(posts()).toHaveLength(1);
    expect(fake.requests.map((request) => request.method)).toEqual(['POST', 'GET']);
  });

  it('issues again under the same ref when the provider never received it', async () => {
    const payment = await paidPayment();
    fake.fail(1);
    await pass();
    expect(invoiceOf(payment.id)).toMatchObject({ status: 'unknown' });
    t.clock.advance(retryDelayMs(0));
    await pass();
    expect(fake.requests.map((request) => request.method)).toEqual(['POST', 'GET', 'POST']);
    expect(new Set(posts().map((request) => request.path)).size).toBe(1);
    expect(invoiceOf(payment.id)).toMatchObject({ status: 'issuing', attempts: 2 });
  });
});

describe('a rejection', () => {
  it("keeps the city's message for the owner, and stops asking", async () => {
    fake.rejectNext('E145', 'Regime Especial de Tributação ausente/inválido.');
    const payment = await paidPayment();
    await pass();
    t.clock.advance(retryDelayMs(0));
    expect(await pass()).toMatchObject({ rejected: 1 });
    expect(invoiceOf(payment.id)).toMatchObject({
      status: 'rejected',
      providerError: 'E145: Regime Especial de Tributação ausente/inválido.',
      nextAttemptAt: null,
      number: null,
    });
    t.clock.advance(retryDelayMs(5));
    await pass();
    expect(fake.requests).toHaveLength(2);
  });

  it('a refusal at reception (4xx) is a rejection with the provider message', async () => {
    const payment = await paidPayment();
    t.services.db
      .update(serviceInvoices)
      .set({ ref: 'confraria-outra' })
      .where(eq(serviceInvoices.paymentId, payment.id))
      .run();
    fake.invoices.set('confraria-outra', { status: 'autorizado', numero: '1', body: {} });
    await pass();
    // Sent before? No: attempts 0 issues directly, and the fake refuses the ref it already authorized.
    expect(invoiceOf(payment.id)).toMatchObject({
      status: 'rejected',
      providerError: 'Nota fiscal já autorizada',
    });
  });
});

describe('a chargeback', () => {
  it('cancels the invoice as a refund does: the money went back to the card holder', async () => {
    const payment = await authorizedInvoice();
    const row = t.services.db.select().from(payments).where(eq(payments.id, payment.id)).get()!;
    expect(markChargedBack(t.services.paymentConfirmation, row)).toBe(true);
    expect(invoiceOf(payment.id)).toMatchObject({ status: 'cancelling' });
    expect(await pass()).toMatchObject({ cancelled: 1 });
    const cancel = fake.requests.find((request) => request.method === 'DELETE');
    expect(cancel?.path).toBe(`/v2/nfse/confraria-${payment.id}`);
    expect(invoiceOf(payment.id)).toMatchObject({ status: 'cancelled', number: '4949' });
    expect(fake.invoices.get(`confraria-${payment.id}`)?.status).toBe('cancelado');
  });
});

describe('a refund', () => {
  it('asks the provider to cancel the invoice, with a justification it accepts', async () => {
    const payment = await authorizedInvoice();
    await refund(payment.id);
    expect(invoiceOf(payment.id)).toMatchObject({ status: 'cancelling' });
    expect(await pass()).toMatchObject({ cancelled: 1 });
    const cancel = fake.requests.find((request) => request.method === 'DELETE');
    expect(cancel?.path).toBe(`/v2/nfse/confraria-${payment.id}`);
    expect(cancel?.body).toEqual({ justificativa: INVOICE_MSG.cancelReason });
    expect(invoiceOf(payment.id)).toMatchObject({ status: 'cancelled', number: '4949' });
    expect(fake.invoices.get(`confraria-${payment.id}`)?.status).toBe('cancelado');
  });

  it('a lost cancel is sent again, and "already cancelled" settles it', async () => {
    const payment = await authorizedInvoice();
    await refund(payment.id);
    fake.loseAnswers(1);
    await pass();
    expect(invoiceOf(payment.id)).toMatchObject({ status: 'cancelling' });
    t.clock.advance(retryDelayMs(5));
    await pass();
    expect(invoiceOf(payment.id)).toMatchObject({ status: 'cancelled' });
  });

  it("a refused cancel leaves the invoice valid with the city's reason", async () => {
    const payment = await authorizedInvoice();
    await refund(payment.id);
    fake.refuseNextCancel(
      'E523',
      'nota que você está tentando cancelar está fora do prazo permitido para cancelamento',
    );
    await pass();
    expect(invoiceOf(payment.id)).toMatchObject({
      status: 'authorized',
      number: '4949',
      providerError:
        'E523: nota que você está tentando cancelar está fora do prazo permitido para cancelamento',
    });
  });

  it('while the invoice is still being issued, cancels it as soon as it has a number', async () => {
    const payment = await paidPayment();
    await pass();
    await refund(payment.id);
    expect(invoiceOf(payment.id)).toMatchObject({ status: 'issuing', cancelWanted: true });
    t.clock.advance(retryDelayMs(0));
    await pass();
    expect(invoiceOf(payment.id)).toMatchObject({ status: 'cancelling', number: '4949' });
    await pass();
    expect(invoiceOf(payment.id)).toMatchObject({ status: 'cancelled' });
  });

  it('refunded after a lost issue the provider never received: dropped, never issued', async () => {
    const payment = await paidPayment();
    fake.fail(1);
    await pass();
    expect(invoiceOf(payment.id)).toMatchObject({ status: 'unknown' });
    await refund(payment.id);
    t.clock.advance(retryDelayMs(0));
    await pass();
    expect(invoiceOf(payment.id)).toMatchObject({ status: 'cancelled', number: null });
    expect(fake.requests.map((request) => request.method)).toEqual(['POST', 'GET']);
  });

  it('an invoice never sent is dropped without calling the provider', async () => {
    const payment = await paidPayment();
    await refund(payment.id);
    expect(invoiceOf(payment.id)).toMatchObject({ status: 'cancelled' });
    await pass();
    expect(fake.requests).toHaveLength(0);
  });
});

describe('a number typed by the owner', () => {
  it('is kept for a paid payment; bad numbers and issued invoices are refused in Portuguese', async () => {
    const payment = await paidPayment();
    const deps = { db: t.services.db, clock: t.clock };
    expect(() => recordManualInvoice(deps, payment.id, '12a')).toThrow(INVOICE_MSG.numberInvalid);
    expect(() => recordManualInvoice(deps, payment.id, '1234567890123456')).toThrow(
      INVOICE_MSG.numberInvalid,
    );
    expect(() => recordManualInvoice(deps, 'nada', '12')).toThrow(INVOICE_MSG.paymentNotFound);
    // Queued for the provider: not the owner's to number.
    expect(() => recordManualInvoice(deps, payment.id, '77')).toThrow(INVOICE_MSG.alreadyIssued);

    t.services.db.delete(serviceInvoices).where(eq(serviceInvoices.paymentId, payment.id)).run();
    expect(recordManualInvoice(deps, payment.id, ' 77 ')).toEqual({ number: '77' });
    expect(invoiceOf(payment.id)).toMatchObject({
      source: 'manual',
      status: 'authorized',
      number: '77',
      ref: null,
    });
    // A refund leaves an invoice issued elsewhere alone.
    await refund(payment.id);
    expect(invoiceOf(payment.id)).toMatchObject({ status: 'authorized', number: '77' });
    await pass();
    expect(fake.requests).toHaveLength(0);
  });
});

describe('what the owner and the member see', () => {
  it("the owner's Detalhes shows the rejection as the provider wrote it; the member sees nothing yet", async () => {
    fake.rejectNext('E145', 'Regime Especial de Tributação ausente/inválido.');
    const payment = await paidPayment();
    await pass();
    t.clock.advance(retryDelayMs(0));
    await pass();
    const { token } = await t.signIn('admin');
    const detail = await t.request({
      method: 'GET',
      url: `/api/admin/payments/${payment.id}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(detail.json().invoice).toEqual({
      status: 'rejected',
      statusLabel: 'Recusada',
      source: 'focusnfe',
      number: null,
      url: null,
      providerError: 'E145: Regime Especial de Tributação ausente/inválido.',
    });

    // The owner then types the number issued at the city's portal.
    const typed = await t.request({
      method: 'POST',
      url: `/api/admin/payments/${payment.id}/invoice-number`,
      headers: { authorization: `Bearer ${token}` },
      payload: { number: '12a' },
    });
    expect(typed.statusCode).toBe(400);
    expect(typed.json().error).toBe(INVOICE_MSG.numberInvalid);
    expect(
      await t.caller(token).invoices.recordNumber({ paymentId: payment.id, number: '2026000123' }),
    ).toEqual({
      success: true,
      message: 'Número da nota fiscal registrado',
      number: '2026000123',
    });
    const after = await t.caller(token).payments.detail({ paymentId: payment.id });
    expect(after.invoice).toMatchObject({
      status: 'authorized',
      statusLabel: 'Emitida',
      source: 'manual',
      number: '2026000123',
    });
  });

  it("the member's Pagamentos shows the number beside the payment, and says when it was cancelled", async () => {
    const member = await makeMember(t);
    const paymentId = rows(t)
      .payments()
      .find((row) => row.subscriberId === member.subscriberId)!.id;
    expect((await t.caller(member.token).member.payments()).payments[0]?.invoice).toBeNull();
    recordManualInvoice({ db: t.services.db, clock: t.clock }, paymentId, '2026000123');
    expect((await t.caller(member.token).member.payments()).payments[0]?.invoice).toEqual({
      number: '2026000123',
      url: null,
      cancelled: false,
    });
    t.services.db
      .update(serviceInvoices)
      .set({ status: 'cancelled' })
      .where(eq(serviceInvoices.paymentId, paymentId))
      .run();
    expect((await t.caller(member.token).member.payments()).payments[0]?.invoice).toMatchObject({
      cancelled: true,
    });
  });

  it('a member cannot type invoice numbers', async () => {
    const payment = await paidPayment();
    const { token } = await t.signIn('user');
    await expect(
      t.caller(token).invoices.recordNumber({ paymentId: payment.id, number: '1' }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });
});

describe('invoices off', () => {
  it('queues nothing while "Emissão de notas fiscais" is off, even with a provider', async () => {
    t.services.settings.update({ serviceInvoices: false });
    const payment = await paidPayment();
    expect(invoiceOf(payment.id)).toBeUndefined();
    await pass();
    expect(fake.requests).toHaveLength(0);
  });

  it('queues nothing when no provider is configured', async () => {
    await t.close();
    t = await createTestApp();
    const payment = await paidPayment();
    expect(invoiceOf(payment.id)).toBeUndefined();
    expect(t.services.invoices.provider).toBeNull();
  });
});
