/**
 * The old in-page checkout (/checkout/old) on the sandbox: card approved and declined, PIX with a
 * real BR Code and its status poll, tampered amounts, and the e-mail endpoints that only ever
 * write to the payment's own customer.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { approve, deliverSandboxWebhook, MARIANA_CUSTOMER, rows, sandboxPay } from '../../../tests/checkout';
import { useTestApp, type TestApp } from '../../../tests/app';
import { isSandbox } from '../payments/providers';
import { parseBrCode } from '../payments/providers/pix/brcode';
import { createAccount } from '../identity/accounts/create-account';
import { createSetPasswordLink } from '../identity/accounts/account-links';

let t: TestApp;
useTestApp((app) => (t = app));

const customerData = MARIANA_CUSTOMER;
const card = (cardNumber: string) => ({
  cardNumber,
  cardHolderName: 'MARIANA C RIBEIRO',
  expiryDate: '12/30',
  cvv: '123',
});

const processPayment = (payload: Record<string, unknown>) =>
  t.request({ method: 'POST', url: '/api/payments/process', payload });
const payByCard = (cardNumber: string, extra: Record<string, unknown> = {}) =>
  processPayment({
    paymentMethod: 'credit_card',
    customerData,
    paymentData: { amount: 149700, cardData: card(cardNumber) },
    ...extra,
  });
const paymentStatus = (id: string) => t.request({ method: 'GET', url: `/api/payments/status/${id}` });

describe('POST /api/payments/process with a card', () => {
  it('approves the test card: completed, brand and last four only, confirmation e-mail queued once', async () => {
    const res = await payByCard('4111 1111 1111 1111');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      success: true,
      paymentId: expect.any(String),
      message: 'Pagamento aprovado com sucesso!',
      status: 'completed',
      // A new member: one year from the payment, as stored on the subscriber.
      subscriptionEndDate: new Date(t.clock.now().getTime() + 365 * 24 * 3600 * 1000).toISOString(),
    });

    const statusRes = await paymentStatus(body.paymentId);
    expect(statusRes.json()).toEqual({
      status: 'completed',
      paymentId: body.paymentId,
      amount: 149700,
      method: 'credit_card',
      paidAt: t.clock.now().toISOString(),
      subscriptionEndDate: body.subscriptionEndDate,
    });
    const [payment] = rows(t).payments();
    expect(payment).toMatchObject({
      status: 'paid',
      cardBrand: 'Visa',
      cardLast4: '1111',
      method: 'credit_card',
    });
    expect(rows(t).subscriberByEmail(customerData.email)).toMatchObject({
      status: 'pending',
      paymentStatus: 'paid',
    });

    // The card number never reaches the database files.
    const files = fs
      .readdirSync(t.dataDir)
      .map((name) => fs.readFileSync(path.join(t.dataDir, name)).toString('latin1'));
    expect(files.some((content) => content.includes('4111111111111111'))).toBe(false);

    // The page then asks for the e-mail: it went out once, to the customer on file only.
    const mail = await t.request({
      method: 'POST',
      url: '/api/emails/payment-confirmation',
      payload: { paymentId: body.paymentId, email: 'intruso@example.com', to: 'intruso@example.com' },
    });
    expect(mail.statusCode).toBe(200);
    expect(mail.json()).toEqual({ success: true, message: 'Email enviado com sucesso' });
    const mails = t.services.outbox.list({ channel: 'email' });
    expect(mails.map((entry) => entry.recipient)).toEqual([customerData.email]);
    expect(mails[0]?.template).toBe('payment_confirmed');
  });

  it('declines the test card with 422 and the provider reason; the same paymentId can then be paid', async () => {
    const declined = await payByCard('4000 0000 0000 0002');
    expect(declined.statusCode).toBe(422);
    expect(declined.json()).toEqual({ error: 'Cartão recusado pelo emissor (cartão de teste recusado)' });
    const [failed] = rows(t).payments();
    expect(failed).toMatchObject({ status: 'failed', cardLast4: '0002' });
    expect((await paymentStatus(failed?.id ?? '')).json().status).toBe('failed');
    expect(t.services.outbox.list()).toHaveLength(0);

    const retry = await payByCard('4111111111111111', { paymentId: failed?.id });
    expect(retry.json()).toMatchObject({ paymentId: failed?.id, status: 'completed' });
    expect(rows(t).payments()).toHaveLength(1);

    const again = await payByCard('4111111111111111', { paymentId: failed?.id });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: 'Este pagamento já foi confirmado' });
  });

  it('two concurrent submits of one failed attempt reach the provider once; the other gets 409', async () => {
    await payByCard('4000 0000 0000 0002');
    const [failed] = rows(t).payments();
    const provider = t.services.payments.provider;
    const charge = provider.createCharge.bind(provider);
    // The provider takes its time: the second submit arrives while the first is in flight.
    const charges = vi.spyOn(provider, 'createCharge').mockImplementation(async (input) => {
      await new Promise((resolve) => setTimeout(resolve, 50));
      return charge(input);
    });
    const answers = await Promise.all([
      payByCard('4111111111111111', { paymentId: failed?.id }),
      payByCard('4111111111111111', { paymentId: failed?.id }),
    ]);
    expect(charges).toHaveBeenCalledTimes(1);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((answer) => answer.statusCode === 409)?.json()).toEqual({
      error: 'Este pagamento já está em processamento. Aguarde a confirmação.',
    });
    expect(rows(t).payments()).toEqual([expect.objectContaining({ id: failed?.id, status: 'paid' })]);
  });

  it('a refunded attempt is never charged again: 409', async () => {
    const paid = (await payByCard('4111111111111111')).json();
    const admin = await t.signIn('admin');
    await t.caller(admin.token).payments.refund({ paymentId: paid.paymentId, reason: 'Desistência' });
    const charges = vi.spyOn(t.services.payments.provider, 'createCharge');
    const again = await payByCard('4111111111111111', { paymentId: paid.paymentId });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: 'Este pagamento foi reembolsado. Inicie um novo pagamento.' });
    expect(charges).not.toHaveBeenCalled();
    expect(rows(t).payments()).toEqual([expect.objectContaining({ status: 'refunded' })]);
  });

  it.each([
    [{ paymentData: { cardData: card('4111111111111111') } }, 'Valor da assinatura não encontrado'],
    [
      { paymentData: { amount: '', cardData: card('4111111111111111') } },
      'Valor da assinatura não encontrado',
    ],
    [
      { paymentData: { amount: 100, cardData: card('4111111111111111') } },
      'Valor da assinatura inválido para este cliente',
    ],
    [
      { paymentData: { amount: 89700, cardData: card('4111111111111111') } },
      'Valor da assinatura inválido para este cliente',
    ],
    [{ paymentData: { amount: 149700 } }, 'Dados do cartão são obrigatórios'],
    [
      { paymentData: { amount: 149700, cardData: { ...card('4111111111111111'), expiryDate: '01/20' } } },
      'Cartão vencido',
    ],
    [{ paymentData: { amount: 149700, cardData: card('4111111111111112') } }, 'Número do cartão inválido'],
    [
      { paymentData: { amount: 149700, cardData: { ...card('4111111111111111'), cvv: '' } } },
      'CVV é obrigatório',
    ],
    [{ customerData: { ...customerData, name: '' } }, 'Nome completo é obrigatório'],
    [{ customerData: { ...customerData, cpf: '' } }, 'CPF é obrigatório'],
    [{ customerData: { ...customerData, cpf: '52998224700' } }, 'CPF inválido'],
    [{ customerData: { ...customerData, phone: '' } }, 'Telefone é obrigatório'],
  ])('refuses %o with 400 "%s"', async (override, message) => {
    const res = await processPayment({
      paymentMethod: 'credit_card',
      customerData,
      paymentData: { amount: 149700, cardData: card('4111111111111111') },
      ...override,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: message });
    expect(rows(t).payments()).toHaveLength(0);
  });
});

describe('POST /api/payments/process with PIX', () => {
  it('returns a valid BR Code with the club’s key and a QR image; paying it turns the status to completed', async () => {
    t.services.settings.update({
      pixKey: 'pix@confraria.example',
      merchantName: 'CONFRARIA',
      merchantCity: 'SAO PAULO',
    });
    const res = await processPayment({
      paymentMethod: 'pix',
      customerData,
      paymentData: { amount: '149700' },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ success: true, status: 'pending', paymentId: expect.any(String) });
    expect(body.pixData.expiresAt).toBe(new Date(t.clock.now().getTime() + 30 * 60 * 1000).toISOString());
    expect(body.pixData.qrCode).toMatch(/^data:image\/png;base64,/);
    const png = Buffer.from(body.pixData.qrCode.split(',')[1], 'base64');
    expect(png.subarray(1, 4).toString('ascii')).toBe('PNG');

    const check = parseBrCode(body.pixData.qrCodeText);
    expect(check.valid).toBe(true);
    if (!check.valid) return;
    const field = (id: string) => check.fields.find((entry) => entry.id === id);
    expect(field('26')?.fields?.[1]?.value).toBe('pix@confraria.example');
    expect(field('54')?.value).toBe('1497.00');
    expect(field('59')?.value).toBe('CONFRARIA');
    expect(field('60')?.value).toBe('SAO PAULO');
    expect(field('62')?.fields?.[0]?.value).toBe(body.paymentId);

    expect((await paymentStatus(body.paymentId)).json()).toMatchObject({
      status: 'pending',
      method: 'pix',
      paidAt: null,
      subscriptionEndDate: null,
    });
    expect((await sandboxPay(t, body.paymentId, 'paid', 'pix')).statusCode).toBe(200);
    expect((await paymentStatus(body.paymentId)).json()).toMatchObject({
      status: 'completed',
      method: 'pix',
    });
    expect(t.services.outbox.list({ channel: 'email' })).toHaveLength(1);
  });

  it('an unpaid PIX is cancelled after 30 minutes, once the provider says it was not paid', async () => {
    const body = (
      await processPayment({ paymentMethod: 'pix', customerData, paymentData: { amount: 149700 } })
    ).json();
    t.clock.advance(31 * 60 * 1000);
    // The poll at the deadline asks the provider; the next one sees its answer.
    expect((await paymentStatus(body.paymentId)).json().status).toBe('pending');
    await vi.waitFor(async () =>
      expect((await paymentStatus(body.paymentId)).json().status).toBe('cancelled'),
    );
  });

  it('a late failure for an attempt no longer pending changes neither the payment nor the subscriber', async () => {
    const body = (
      await processPayment({ paymentMethod: 'pix', customerData, paymentData: { amount: 149700 } })
    ).json();
    t.clock.advance(31 * 60 * 1000);
    await paymentStatus(body.paymentId);
    await vi.waitFor(async () =>
      expect((await paymentStatus(body.paymentId)).json().status).toBe('cancelled'),
    );
    const provider = t.services.payments.provider;
    if (!isSandbox(provider)) throw new Error('sandbox expected');
    const late = provider.signedWebhook({
      reference: body.paymentId,
      target: 'charge',
      outcome: 'failed',
      method: 'pix',
      amount: 149700,
    });
    const res = await deliverSandboxWebhook(t, late);
    expect(res.statusCode).toBe(200);
    expect(rows(t).payments()).toEqual([expect.objectContaining({ status: 'cancelled' })]);
    expect(rows(t).subscriberByEmail(customerData.email)?.paymentStatus).toBe('pending');
  });

  it('answers 404 for an unknown payment', async () => {
    const res = await paymentStatus('desconhecido000000000000');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Pagamento não encontrado' });
  });
});

describe('e-mail endpoints', () => {
  it('refuse an unpaid payment and never write to an address from the body', async () => {
    const body = (
      await processPayment({ paymentMethod: 'pix', customerData, paymentData: { amount: 149700 } })
    ).json();
    for (const url of ['/api/emails/payment-confirmation', '/api/emails/welcome']) {
      const res = await t.request({
        method: 'POST',
        url,
        payload: { paymentId: body.paymentId, email: 'intruso@example.com' },
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ error: 'Pagamento ainda não confirmado' });
    }
    const missing = await t.request({
      method: 'POST',
      url: '/api/emails/welcome',
      payload: { paymentId: 'nada' },
    });
    expect(missing.statusCode).toBe(404);
    expect(t.services.outbox.list()).toHaveLength(0);
  });

  it('welcome: nothing before approval; after approval the credentials go to the customer on file, once', async () => {
    const paid = (await payByCard('4111111111111111')).json();
    const before = await t.request({
      method: 'POST',
      url: '/api/emails/welcome',
      payload: { paymentId: paid.paymentId, email: 'intruso@example.com' },
    });
    expect(before.json()).toEqual({
      success: true,
      message:
        'Cadastro aguardando aprovação: as credenciais de acesso serão enviadas por email após a aprovação.',
    });
    expect(t.services.outbox.list({ channel: 'email' }).map((mail) => mail.template)).toEqual([
      'payment_confirmed',
    ]);

    await t.signIn('user', customerData.email);
    const subscriber = rows(t).subscriberByEmail(customerData.email);
    approve(t, subscriber?.id ?? '', new Date(t.clock.now().getTime() + 365 * 24 * 3600 * 1000));
    for (let i = 0; i < 2; i++) {
      const res = await t.request({
        method: 'POST',
        url: '/api/emails/welcome',
        payload: { paymentId: paid.paymentId, email: 'intruso@example.com' },
      });
      expect(res.json()).toEqual({ success: true, message: 'Email enviado com sucesso' });
    }
    const welcome = t.services.outbox
      .list({ channel: 'email' })
      .filter((mail) => mail.template === 'welcome');
    expect(welcome).toHaveLength(1);
    expect(welcome[0]?.recipient).toBe(customerData.email);
    expect(welcome[0]?.deliveryBody).toContain('/definir-senha?token=');
    expect(welcome[0]?.body).not.toContain('token=');
    expect(t.services.outbox.list().some((mail) => mail.recipient.includes('intruso'))).toBe(false);
  });
});

describe('welcome e-mail while the member holds an unused set-password link', () => {
  it('sends no new link (which would cancel the one in the member’s inbox); that link keeps working', async () => {
    const paid = (await payByCard('4111111111111111')).json();
    const subscriber = rows(t).subscriberByEmail(customerData.email);
    approve(t, subscriber?.id ?? '', new Date(t.clock.now().getTime() + 365 * 24 * 3600 * 1000));
    // The approval's credentials: an account without a password and its set-password link.
    const account = await createAccount(t.services.accounts, { name: 'Mariana', email: customerData.email });
    const approvalLink = createSetPasswordLink(t.services.accounts, account.id);

    const res = await t.request({
      method: 'POST',
      url: '/api/emails/welcome',
      payload: { paymentId: paid.paymentId },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message:
        'As credenciais de acesso já foram enviadas por email: use o link recebido para definir sua senha.',
    });
    expect(t.services.outbox.list().some((mail) => mail.template === 'welcome')).toBe(false);
    const set = await t.request({
      method: 'POST',
      url: '/api/auth/set-password',
      payload: { token: new URL(approvalLink).searchParams.get('token'), password: 'minha-senha-1' },
    });
    expect(set.statusCode).toBe(200);
  });
});

describe('refunds (admin, tRPC)', () => {
  it('refunds a paid payment with a reason: payment refunded, subscriber cancelled, commission cancelled', async () => {
    const paid = (await payByCard('4111111111111111')).json();
    const admin = await t.signIn('admin');
    const caller = t.caller(admin.token);
    await expect(caller.payments.refund({ paymentId: paid.paymentId, reason: '  ' })).rejects.toThrow(
      'Motivo do reembolso é obrigatório',
    );
    const refunded = await caller.payments.refund({ paymentId: paid.paymentId, reason: 'Desistência' });
    expect(refunded.status).toBe('refunded');
    expect(rows(t).payments()[0]).toMatchObject({
      status: 'refunded',
      refundReason: 'Desistência',
      refundedBy: admin.userId,
    });
    expect(rows(t).subscriberByEmail(customerData.email)).toMatchObject({
      status: 'cancelled',
      paymentStatus: 'refunded',
    });
    await expect(caller.payments.refund({ paymentId: paid.paymentId, reason: 'De novo' })).rejects.toThrow(
      'Apenas pagamentos pagos podem ser reembolsados',
    );
    const member = await t.signIn('user');
    await expect(
      t.caller(member.token).payments.refund({ paymentId: paid.paymentId, reason: 'x' }),
    ).rejects.toThrow();
  });
});

describe('card tokens: the card goes to the (sandbox) provider, our API gets the token', () => {
  /** What the browser does: asks the public settings where to tokenize, then posts the card there. */
  async function tokenize(cardNumber: string, expiry = { exp_month: 12, exp_year: 2030 }) {
    const { cardTokenizer } = await t.caller().settings.public();
    expect(cardTokenizer).toEqual({ url: '/sandbox/tokens', publicKey: 'pk_sandbox_confraria' });
    return t.request({
      method: 'POST',
      url: `${cardTokenizer?.url}?appId=${cardTokenizer?.publicKey}`,
      payload: {
        type: 'card',
        card: { number: cardNumber, holder_name: 'MARIANA C RIBEIRO', cvv: '123', ...expiry },
      },
    });
  }
  const payByToken = (cardToken: string) =>
    processPayment({
      paymentMethod: 'credit_card',
      customerData,
      paymentData: { amount: 149700, cardToken },
    });

  it('answers Pagar.me’s token shape; the token pays once, within 60 s', async () => {
    const token = await tokenize('4111111111111111');
    expect(token.statusCode).toBe(200);
    expect(token.json()).toEqual({
      id: expect.stringMatching(/^token_/),
      type: 'card',
      created_at: t.clock.now().toISOString(),
      expires_at: new Date(t.clock.now().getTime() + 60_000).toISOString(),
      card: {
        first_six_digits: '411111',
        last_four_digits: '1111',
        holder_name: 'MARIANA C RIBEIRO',
        exp_month: 12,
        exp_year: 2030,
        brand: 'Visa',
      },
    });
    const paid = await payByToken(token.json().id);
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({ success: true, status: 'completed' });
    expect(rows(t).payments()[0]).toMatchObject({ status: 'paid', cardBrand: 'Visa', cardLast4: '1111' });

    // Used once: the same token is refused (a new attempt needs the card again).
    const reused = await payByToken(token.json().id);
    expect(reused.statusCode).toBe(422);
    expect(reused.json()).toEqual({
      error: 'Token do cartão inválido ou expirado. Digite o cartão novamente.',
    });

    const late = await tokenize('4111111111111111');
    t.clock.advance(61_000);
    expect((await payByToken(late.json().id)).json()).toEqual({
      error: 'Token do cartão inválido ou expirado. Digite o cartão novamente.',
    });
  });

  it('the declined test card is refused with the provider’s reason', async () => {
    const token = await tokenize('4000 0000 0000 0002');
    const res = await payByToken(token.json().id);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ error: 'Cartão recusado pelo emissor (cartão de teste recusado)' });
  });

  it('refuses an expired card, a wrong public key and a malformed card like the provider (no token)', async () => {
    const expired = await tokenize('4111111111111111', { exp_month: 1, exp_year: 2020 });
    expect(expired.statusCode).toBe(422);
    expect(expired.json()).toEqual({
      message: 'The request is invalid.',
      errors: { 'request.card': ['Card expired.'] },
    });
    const wrongKey = await t.request({
      method: 'POST',
      url: '/sandbox/tokens?appId=pk_outra',
      payload: { type: 'card', card: {} },
    });
    expect(wrongKey.statusCode).toBe(401);
    const malformed = await t.request({
      method: 'POST',
      url: '/sandbox/tokens?appId=pk_sandbox_confraria',
      payload: {
        type: 'card',
        card: { number: '12', holder_name: '', exp_month: 13, exp_year: 2030, cvv: 'x' },
      },
    });
    expect(malformed.statusCode).toBe(422);
    expect(Object.keys(malformed.json().errors).sort()).toEqual([
      'request.card.cvv',
      'request.card.exp_month',
      'request.card.holder_name',
      'request.card.number',
    ]);
  });

  it('a card token that is not one is a Portuguese 400 and nothing is recorded', async () => {
    const res = await payByToken('4111111111111111');
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain('Token do cartão inválido');
    expect(rows(t).payments()).toEqual([]);
  });
});
