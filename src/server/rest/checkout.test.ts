/**
 * The checkout on the sandbox provider, end to end through the REST routes: link creation and its
 * validation messages, the hosted test page, the signed webhook and its replays, renewals, expiry,
 * failed attempts, tampered amounts and who may read what.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import {
  approve,
  checkoutPayload,
  createLink,
  deliverSandboxWebhook,
  MARIANA,
  rows,
  sandboxPay,
} from '../../../tests/checkout';
import { useTestApp, createTestApp, type TestApp } from '../../../tests/app';
import { subscribers, webhookEvents } from '../db/schema';
import { parseBrCode } from '../payments/providers/pix/brcode';
import { isSandbox } from '../payments/providers';
import { DAY_MS } from '../../shared/sao-paulo-time';
import { reconcile } from '../payments/reconciliation/run';
import { login, setPassword } from '../identity/accounts/sign-in';
import { summary as referralsSummary } from '../referrals/member-summary';

let t: TestApp;
useTestApp((app) => (t = app));

const createPublic = (payload: Record<string, unknown>) =>
  t.request({ method: 'POST', url: '/api/payment-links/create-public', payload });
const status = (id: string) => t.request({ method: 'GET', url: `/api/payment-links/status-public/${id}` });

/** The renewal link the club sends an approved member (the back office's "Gerar link"). */
async function clubRenewalLink(subscriberId: string) {
  const admin = await t.signIn('admin');
  const res = await t.request({
    method: 'POST',
    url: '/api/admin/payment-links/create-for-subscriber',
    headers: { authorization: `Bearer ${admin.token}` },
    payload: { subscriberId, planType: 'renewal' },
  });
  if (res.statusCode !== 200)
    throw new Error(`create-for-subscriber answered ${res.statusCode}: ${res.body}`);
  return res.json().paymentLink as { id: string; url: string };
}

describe('POST /api/payment-links/create-public', () => {
  it.each([
    [{ customerName: '  ' }, 'Nome é obrigatório'],
    [{ customerEmail: '' }, 'Email é obrigatório'],
    [{ customerPhone: '' }, 'Telefone é obrigatório'],
    [{ customerDocument: '' }, 'CPF é obrigatório'],
    [{ customerEmail: 'mariana@' }, 'Email inválido'],
    [{ customerDocument: '529.982.247' }, 'CPF deve ter 11 dígitos'],
    [{ customerDocument: '529.982.247-26' }, 'CPF inválido'],
    [{ customerDocument: '111.111.111-11' }, 'CPF inválido'],
    [{ customerCep: '0100' }, 'CEP deve ter 8 dígitos'],
    [{ customerState: 'XX' }, 'Estado inválido'],
  ])('refuses %o with 400 "%s" and creates nothing', async (override, message) => {
    const res = await createPublic(checkoutPayload(override));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: message });
    expect(rows(t).links()).toHaveLength(0);
    expect(rows(t).subscriberByEmail(MARIANA.customerEmail)).toBeUndefined();
  });

  it('creates the subscriber and a 48-hour link with an unguessable id: {success, paymentLink{id,url}}', async () => {
    const res = await createPublic(checkoutPayload({ customerEmail: 'Mariana.Ribeiro@Example.com' }));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({ success: true, paymentLink: { id: expect.any(String), url: expect.any(String) } });
    expect(body.paymentLink.id).toMatch(/^[a-z0-9]{24}$/);
    expect(body.paymentLink.url).toBe(`${t.env.publicUrl}/sandbox/pay/${body.paymentLink.id}`);

    // Until the link is paid, what the form typed stays on the link (ADR 014).
    const subscriber = rows(t).subscriberByEmail('mariana.ribeiro@example.com');
    expect(subscriber).toMatchObject({
      name: 'Mariana Costa Ribeiro',
      status: 'pending_payment',
      paymentStatus: 'pending',
      subscriptionPrice: 149700,
      cpf: null,
      phone: '',
      zipCode: null,
      shirtSize: 'M',
    });
    expect(subscriber?.referralCode).toMatch(/^[A-Z2-9]{8}$/);
    const [link] = rows(t).links();
    expect(link).toMatchObject({
      amount: 149700,
      planType: 'annual',
      status: 'pending',
      provider: 'sandbox',
    });
    expect(link?.expiresAt.getTime()).toBe(t.clock.now().getTime() + 48 * 3600 * 1000);

    // Paid: the profile is the one the paying customer typed.
    await sandboxPay(t, body.paymentLink.id);
    expect(rows(t).subscriberByEmail('mariana.ribeiro@example.com')).toMatchObject({
      cpf: '52998224725',
      phone: '11987654321',
      zipCode: '01001000',
      paymentStatus: 'paid',
    });
  });

  it('the profile comes from the checkout that was paid; an unpaid one leaves no trace, later ones change nothing', async () => {
    // Someone else's checkout under Mariana's e-mail, never paid: a planted phone and city.
    await createLink(t, {
      customerName: 'Outra Pessoa',
      customerPhone: '(21) 99999-0000',
      customerCity: 'Rio de Janeiro',
      customerState: 'RJ',
    });
    const own = await createLink(t);
    await sandboxPay(t, own.id);
    expect(rows(t).subscriberByEmail(MARIANA.customerEmail)).toMatchObject({
      name: 'Mariana Costa Ribeiro',
      phone: '11987654321',
      city: 'São Paulo',
    });
    // A later checkout (even paid) never rewrites the profile of someone who paid.
    const later = await createLink(t, {
      customerPhone: '(31) 98888-7777',
      customerCity: 'Belo Horizonte',
      customerState: 'MG',
    });
    await sandboxPay(t, later.id);
    expect(rows(t).subscriberByEmail(MARIANA.customerEmail)).toMatchObject({
      phone: '11987654321',
      city: 'São Paulo',
    });
    const billing = rows(t)
      .links()
      .map((link) => link.billingData.city);
    expect(billing.sort()).toEqual(['Belo Horizonte', 'Rio de Janeiro', 'São Paulo']);
  });

  it('a subscriber created right after registration gets its profile from the checkout it pays', async () => {
    const created = await t.request({
      method: 'POST',
      url: '/api/payments/create-checkout-link',
      payload: { name: 'Mariana Costa Ribeiro', email: MARIANA.customerEmail, amount: 149700 },
    });
    expect(created.statusCode).toBe(200);
    expect(rows(t).subscriberByEmail(MARIANA.customerEmail)).toMatchObject({ phone: '', cpf: null });

    const link = await createLink(t);
    expect(rows(t).subscriberByEmail(MARIANA.customerEmail)).toMatchObject({ phone: '', cpf: null });
    await sandboxPay(t, link.id);
    expect(rows(t).subscriberByEmail(MARIANA.customerEmail)).toMatchObject({
      name: 'Mariana Costa Ribeiro',
      phone: '11987654321',
      cpf: '52998224725',
      street: 'Praça da Sé',
      city: 'São Paulo',
      zipCode: '01001000',
    });
  });

  it('a subscriber who paid keeps an empty profile field empty: checkout data stays on the link', async () => {
    const created = await t.request({
      method: 'POST',
      url: '/api/payments/create-checkout-link',
      payload: { name: 'Mariana Costa Ribeiro', email: MARIANA.customerEmail, amount: 149700 },
    });
    const linkId = created.json().paymentLink.id;
    await sandboxPay(t, linkId);
    await createLink(t);
    expect(rows(t).subscriberByEmail(MARIANA.customerEmail)).toMatchObject({ phone: '', cpf: null });
  });

  it('ignores an amount sent by the client: the server decides the price', async () => {
    const link = await createLink(t, { amount: 100, price: 1 });
    expect((await status(link.id)).json().amount).toBe(149700);
  });

  it('refuses the renewal plan to an anonymous caller, pointing to the member area', async () => {
    const res = await createPublic(checkoutPayload({ planType: 'renewal' }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error:
        'A renovação pelo valor de renovação é feita na área do confrade: entre com seu email e senha para renovar.',
    });
    expect(rows(t).links()).toHaveLength(0);
  });
});

describe('GET /api/payment-links/status-public/:id', () => {
  it('answers the documented shape while pending', async () => {
    const link = await createLink(t);
    const res = await status(link.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({
      status: 'pending',
      customerName: 'Mariana Costa Ribeiro',
      customerEmail: 'mariana.ribeiro@example.com',
      planType: 'annual',
      amount: 149700,
      paidAt: null,
      expiresAt: new Date(t.clock.now().getTime() + 48 * 3600 * 1000).toISOString(),
      url: link.url,
      lastAttemptFailed: false,
      verifying: false,
    });
  });

  it('answers 404 in Portuguese for an unknown id', async () => {
    const res = await status('naoexiste0000000000000000');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Link de pagamento não encontrado' });
  });

  it('after 48 hours the link is in verification until the provider says it is unpaid, then expired; the sandbox refuses to pay it', async () => {
    const link = await createLink(t);
    t.clock.advance(48 * 3600 * 1000 - 1000);
    expect((await status(link.id)).json()).toMatchObject({ status: 'pending', verifying: false });
    t.clock.advance(2000);
    // Asked a second ago: not again yet, and nothing decided by the clock.
    expect((await status(link.id)).json()).toMatchObject({ status: 'pending', verifying: true });
    expect(rows(t).links()[0]?.status).toBe('pending');
    expect((await sandboxPay(t, link.id)).statusCode).toBe(409);
    // The sandbox's page (the provider's) no longer takes it, and says it is in verification.
    const verifyingPage = await t.request({ method: 'GET', url: `/sandbox/pay/${link.id}` });
    expect(verifyingPage.body).toContain(
      'Este pedido não pode mais ser pago: o prazo terminou. Situação: Em verificação.',
    );
    expect(verifyingPage.body).not.toContain('Pagar com PIX');
    // Reconciliation's next pass asks the sandbox, which has no payment for it.
    t.clock.advance(5 * 60 * 1000);
    await reconcile(t.services.reconciliation);
    expect((await status(link.id)).json()).toMatchObject({ status: 'expired', verifying: false });
    expect(rows(t).links()[0]?.status).toBe('expired');
    const pay = await sandboxPay(t, link.id);
    expect(pay.statusCode).toBe(409);
    expect(pay.json()).toEqual({ error: 'Link de pagamento expirado' });
    const expiredPage = await t.request({ method: 'GET', url: `/sandbox/pay/${link.id}` });
    expect(expiredPage.body).toContain('Este pedido não pode mais ser pago.');
    expect(expiredPage.body).not.toContain('Em verificação');
    expect(rows(t).payments()).toHaveLength(0);
  });

  it('"Deixar expirar" on the sandbox expires the link at once', async () => {
    const link = await createLink(t);
    expect((await sandboxPay(t, link.id, 'expired')).statusCode).toBe(200);
    expect((await status(link.id)).json().status).toBe('expired');
  });
});

describe('sandbox payment of a link', () => {
  it('full path: checkout → sandbox pays → status paid, payment recorded, member awaits approval, e-mail with the VIP link', async () => {
    const link = await createLink(t);
    const pay = await sandboxPay(t, link.id, 'paid', 'pix');
    expect(pay.statusCode).toBe(200);

    const res = (await status(link.id)).json();
    expect(res).toMatchObject({
      status: 'paid',
      amount: 149700,
      paidAt: t.clock.now().toISOString(),
      lastAttemptFailed: false,
    });

    const [payment] = rows(t).payments();
    expect(payment).toMatchObject({
      status: 'paid',
      method: 'pix',
      amount: 149700,
      planType: 'annual',
      paymentLinkId: link.id,
    });
    const subscriber = rows(t).subscriberByEmail(MARIANA.customerEmail);
    expect(subscriber).toMatchObject({ status: 'pending', paymentStatus: 'paid' });
    expect(subscriber?.subscriptionStartDate?.getTime()).toBe(t.clock.now().getTime());
    expect(subscriber?.subscriptionEndDate?.getTime()).toBe(t.clock.now().getTime() + 365 * DAY_MS);

    const mails = t.services.outbox.list({ channel: 'email' });
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ recipient: MARIANA.customerEmail, template: 'payment_confirmed' });
    expect(mails[0]?.body).toContain('https://chat.whatsapp.com/confraria-vip');
    expect(mails[0]?.body).toMatch(/R\$\s1\.497,00/);

    const again = await sandboxPay(t, link.id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: 'Este link de pagamento já foi pago' });
  });

  const postForm = (id: string, fields: Record<string, string>) =>
    t.request({
      method: 'POST',
      url: `/sandbox/pay/${id}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });
  const typedCard = (cardNumber: string, expiryDate = '12/30') => ({
    choice: 'card',
    cardNumber,
    cardHolderName: 'MARIANA C RIBEIRO',
    expiryDate,
    cvv: '123',
  });

  it('hosted page: states the test environment, shows the order, a card form, PIX and "Deixar expirar"; an approved card pays and redirects', async () => {
    const link = await createLink(t);
    const page = await t.request({ method: 'GET', url: `/sandbox/pay/${link.id}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Ambiente de testes — nenhum valor real é cobrado');
    // The title says "Pagamento de teste" once (it used to repeat itself).
    expect(page.body).toContain('<title>Pagamento de teste</title>');
    expect(page.body).toContain('Mariana Costa Ribeiro');
    expect(page.body).toContain('Anual');
    expect(page.body).toMatch(/R\$\s1\.497,00/);
    for (const label of [
      'Número do cartão',
      'Nome no cartão',
      'Validade (MM/AA)',
      'CVV',
      'Pagar com cartão',
      'Pagar com PIX',
      'Deixar expirar',
    ])
      expect(page.body).toContain(label);
    // The CSP forbids inline scripts: the only script is a file of ours.
    expect(page.body.match(/<script[^>]*>/g)).toEqual(['<script src="/sandbox/assets/pay.js" defer>']);
    expect(
      (await t.request({ method: 'GET', url: '/sandbox/assets/pay.js' })).headers['content-type'],
    ).toContain('javascript');

    const form = await postForm(link.id, typedCard('4111 1111 1111 1111'));
    expect(form.statusCode).toBe(303);
    expect(form.headers.location).toBe(`/checkout/payment-link-success?payment_link_id=${link.id}`);
    expect((await status(link.id)).json().status).toBe('paid');
    expect(rows(t).payments()[0]).toMatchObject({
      method: 'credit_card',
      cardLast4: '1111',
      cardBrand: 'Visa',
    });

    const paidPage = await t.request({ method: 'GET', url: `/sandbox/pay/${link.id}` });
    expect(paidPage.body).toContain('Este pedido já foi pago.');
    expect(paidPage.body).not.toContain('Pagar com PIX');
  });

  it('hosted page: the declined card and an expired date are refused with the provider’s reason, through the webhook; the link stays payable', async () => {
    const link = await createLink(t);
    const declined = await postForm(link.id, typedCard('4000 0000 0000 0002'));
    expect(declined.statusCode).toBe(200);
    expect(declined.body).toContain(
      '<div class="alert" role="alert">Cartão recusado pelo emissor (cartão de teste recusado)</div>',
    );
    expect((await status(link.id)).json()).toMatchObject({ status: 'pending', lastAttemptFailed: true });
    expect(rows(t).payments()).toEqual([
      expect.objectContaining({
        status: 'failed',
        cardLast4: '0002',
        failureReason: 'Cartão recusado pelo emissor (cartão de teste recusado)',
      }),
    ]);
    // The refused webhook went through our webhook route like any provider's.
    expect(t.services.db.select().from(webhookEvents).all()).toHaveLength(1);

    const expired = await postForm(link.id, typedCard('4111 1111 1111 1111', '01/20'));
    expect(expired.body).toContain('<div class="alert" role="alert">Cartão vencido</div>');
    expect(
      rows(t)
        .payments()
        .filter((payment) => payment.failureReason === 'Cartão vencido'),
    ).toHaveLength(1);

    // Nothing typed: the checkout's own messages, and nothing reaches the webhook.
    const empty = await postForm(link.id, {
      choice: 'card',
      cardNumber: '',
      cardHolderName: '',
      expiryDate: '',
      cvv: '',
    });
    expect(empty.statusCode).toBe(400);
    for (const message of [
      'Número do cartão é obrigatório',
      'Nome no cartão é obrigatório',
      'Validade do cartão é obrigatória',
    ])
      expect(empty.body).toContain(message);
    expect(rows(t).payments()).toHaveLength(2);

    expect((await postForm(link.id, typedCard('4111111111111111'))).statusCode).toBe(303);
    expect((await status(link.id)).json()).toMatchObject({ status: 'paid', lastAttemptFailed: false });
  });

  it('hosted page PIX: a real BR Code for the link’s amount with its QR and copy button; "Simular pagamento recebido" confirms it', async () => {
    const link = await createLink(t);
    const pix = await t.request({ method: 'GET', url: `/sandbox/pay/${link.id}/pix` });
    expect(pix.statusCode).toBe(200);
    const code = /<textarea id="pix-code" readonly>([^<]+)<\/textarea>/.exec(pix.body)?.[1] ?? '';
    const check = parseBrCode(code);
    expect(check.valid).toBe(true);
    if (!check.valid) return;
    const fieldOf = (id: string) => check.fields.find((entry) => entry.id === id)?.value;
    expect(fieldOf('54')).toBe('1497.00');
    expect(fieldOf('59')).toBe('CONFRARIA VINHOS');
    expect(pix.body).toMatch(
      /<img class="qr" src="data:image\/png;base64,[^"]+" alt="QR Code PIX para pagamento">/,
    );
    expect(pix.body).toContain('data-copy="pix-code">Copiar código PIX</button>');
    expect(pix.body).toContain('Simular pagamento recebido');
    expect(pix.body).toContain('Deixar expirar');
    expect((await status(link.id)).json().status).toBe('pending');

    const paid = await postForm(link.id, { choice: 'pix' });
    expect(paid.statusCode).toBe(303);
    expect((await status(link.id)).json().status).toBe('paid');
    expect(rows(t).payments()[0]).toMatchObject({ method: 'pix', status: 'paid', amount: 149700 });
  });

  it('hosted page PIX confirms itself after SANDBOX_PIX_CONFIRM_SECONDS, once', async () => {
    await t.close();
    t = await createTestApp({ SANDBOX_PIX_CONFIRM_SECONDS: '1' });
    onTestFinished(() => t.close());
    const link = await createLink(t);
    const pix = await t.request({ method: 'GET', url: `/sandbox/pay/${link.id}/pix` });
    expect(pix.body).toContain('o pagamento será confirmado automaticamente em 1 segundos');
    await t.request({ method: 'GET', url: `/sandbox/pay/${link.id}/pix` });
    expect((await status(link.id)).json().status).toBe('pending');
    await vi.waitFor(async () => expect((await status(link.id)).json().status).toBe('paid'), {
      timeout: 3000,
      interval: 100,
    });
    expect(rows(t).payments()).toHaveLength(1);
  });

  it('"Deixar expirar" on the hosted page expires the link', async () => {
    const link = await createLink(t);
    const expired = await postForm(link.id, { choice: 'expire' });
    expect(expired.statusCode).toBe(303);
    expect((await status(link.id)).json().status).toBe('expired');
  });

  it('a failed attempt records a failed payment and leaves the link payable', async () => {
    const link = await createLink(t);
    expect((await sandboxPay(t, link.id, 'failed')).statusCode).toBe(200);
    expect((await status(link.id)).json()).toMatchObject({ status: 'pending', lastAttemptFailed: true });
    expect(rows(t).payments()).toEqual([
      expect.objectContaining({ status: 'failed', paymentLinkId: link.id }),
    ]);
    // Anyone may try to pay under any e-mail: a declined attempt never marks the subscriber.
    expect(rows(t).subscriberByEmail(MARIANA.customerEmail)?.paymentStatus).toBe('pending');

    await sandboxPay(t, link.id, 'paid');
    expect((await status(link.id)).json()).toMatchObject({ status: 'paid', lastAttemptFailed: false });
    expect(
      rows(t)
        .payments()
        .map((payment) => payment.status)
        .sort(),
    ).toEqual(['failed', 'paid']);
  });

  it('renewal by an approved member: renewal price, end date extended by 365 days, stays active', async () => {
    await createLink(t);
    const subscriber = rows(t).subscriberByEmail(MARIANA.customerEmail);
    if (!subscriber) throw new Error('no subscriber');
    const currentEnd = new Date(t.clock.now().getTime() + 20 * DAY_MS);
    approve(t, subscriber.id, currentEnd);

    const link = await clubRenewalLink(subscriber.id);
    expect((await status(link.id)).json()).toMatchObject({ planType: 'renewal', amount: 89700 });
    await sandboxPay(t, link.id);

    const after = rows(t).subscriberByEmail(MARIANA.customerEmail);
    expect(after?.status).toBe('active');
    expect(after?.subscriptionEndDate?.getTime()).toBe(currentEnd.getTime() + 365 * DAY_MS);
    expect(after?.subscriptionPrice).toBe(89700);
    expect(
      rows(t)
        .payments()
        .find((payment) => payment.status === 'paid'),
    ).toMatchObject({ amount: 89700, planType: 'renewal' });
  });

  it('an expired member approved before is renewed from today and becomes active again', async () => {
    await createLink(t);
    const subscriber = rows(t).subscriberByEmail(MARIANA.customerEmail);
    if (!subscriber) throw new Error('no subscriber');
    approve(t, subscriber.id, new Date(t.clock.now().getTime() - 10 * DAY_MS), 'expired');
    const link = await createLink(t, { planType: 'annual' });
    await sandboxPay(t, link.id);
    const after = rows(t).subscriberByEmail(MARIANA.customerEmail);
    expect(after?.status).toBe('active');
    expect(after?.subscriptionEndDate?.getTime()).toBe(t.clock.now().getTime() + 365 * DAY_MS);
  });
});

describe('refund of a link payment (admin)', () => {
  it('refunding the renewal gives its year back: end date restored, cancelled; the next payment adds one year, not two', async () => {
    await createLink(t);
    const subscriber = rows(t).subscriberByEmail(MARIANA.customerEmail);
    if (!subscriber) throw new Error('no subscriber');
    const currentEnd = new Date(t.clock.now().getTime() + 20 * DAY_MS);
    approve(t, subscriber.id, currentEnd);
    const renewal = await clubRenewalLink(subscriber.id);
    await sandboxPay(t, renewal.id);
    expect(rows(t).subscriberByEmail(MARIANA.customerEmail)?.subscriptionEndDate?.getTime()).toBe(
      currentEnd.getTime() + 365 * DAY_MS,
    );

    const admin = await t.signIn('admin');
    const paymentId =
      rows(t)
        .links()
        .find((link) => link.id === renewal.id)?.paymentId ?? '';
    await t.caller(admin.token).payments.refund({ paymentId, reason: 'Desistência' });
    const refunded = rows(t).subscriberByEmail(MARIANA.customerEmail);
    expect(refunded).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded' });
    expect(refunded?.subscriptionEndDate?.getTime()).toBe(currentEnd.getTime());

    const again = await clubRenewalLink(subscriber.id);
    await sandboxPay(t, again.id);
    const renewed = rows(t).subscriberByEmail(MARIANA.customerEmail);
    expect(renewed?.status).toBe('active');
    expect(renewed?.subscriptionEndDate?.getTime()).toBe(currentEnd.getTime() + 365 * DAY_MS);
  });

  it('refunding a first payment leaves no paid period behind', async () => {
    const link = await createLink(t);
    await sandboxPay(t, link.id);
    const admin = await t.signIn('admin');
    const paymentId = rows(t).links()[0]?.paymentId ?? '';
    await t.caller(admin.token).payments.refund({ paymentId, reason: 'Desistência' });
    expect(rows(t).subscriberByEmail(MARIANA.customerEmail)).toMatchObject({
      status: 'cancelled',
      paymentStatus: 'refunded',
      subscriptionEndDate: null,
    });
  });

  it('refunding a second charge on a paid link leaves the member’s period alone', async () => {
    const link = await createLink(t);
    await sandboxPay(t, link.id);
    const provider = t.services.payments.provider;
    if (!isSandbox(provider)) throw new Error('sandbox expected');
    const extraCharge = provider.signedWebhook({
      reference: link.id,
      target: 'payment_link',
      outcome: 'paid',
      method: 'pix',
      amount: 149700,
    });
    await deliverSandboxWebhook(t, extraCharge);
    const extra = rows(t)
      .payments()
      .find((payment) => payment.id !== rows(t).links()[0]?.paymentId);
    const admin = await t.signIn('admin');
    await t.caller(admin.token).payments.refund({ paymentId: extra?.id ?? '', reason: 'Cobrança em dobro' });
    expect(rows(t).subscriberByEmail(MARIANA.customerEmail)).toMatchObject({
      status: 'pending',
      paymentStatus: 'paid',
      subscriptionEndDate: new Date(t.clock.now().getTime() + 365 * DAY_MS),
    });
  });
});

describe('webhook /api/webhooks/sandbox', () => {
  const deliver = (webhook: Parameters<typeof deliverSandboxWebhook>[1]) => deliverSandboxWebhook(t, webhook);

  it('a webhook replayed 20 times at once yields one payment, one commission and one e-mail', async () => {
    const referrerLink = await createLink(t, { customerEmail: 'ana@example.com' });
    await sandboxPay(t, referrerLink.id);
    const referrer = rows(t).subscriberByEmail('ana@example.com');
    if (!referrer) throw new Error('no referrer');

    const link = await createLink(t, { ref: referrer.referralCode.toLowerCase() });
    const webhook = t.services.payments.sandboxWebhook(link.id, 'paid', 'pix');
    const answers = await Promise.all(Array.from({ length: 20 }, () => deliver(webhook)));
    expect(answers.every((answer) => answer.statusCode === 200)).toBe(true);
    expect(answers.filter((answer) => answer.json().duplicate === true)).toHaveLength(19);

    const paid = rows(t)
      .payments()
      .filter((payment) => payment.paymentLinkId === link.id);
    expect(paid).toHaveLength(1);
    const commissions = rows(t).referrals();
    expect(commissions).toEqual([
      expect.objectContaining({
        referrerId: referrer.id,
        status: 'confirmed',
        commissionAmount: 14970,
        paymentId: paid[0]?.id,
      }),
    ]);
    expect(
      t.services.outbox.list({ channel: 'email' }).filter((mail) => mail.recipient === MARIANA.customerEmail),
    ).toHaveLength(1);
  });

  it('a second, different charge on a paid link is recorded apart (no second year, no e-mail) and logged for a refund', async () => {
    const link = await createLink(t);
    await sandboxPay(t, link.id, 'paid', 'pix');
    const provider = t.services.payments.provider;
    if (!isSandbox(provider)) throw new Error('sandbox expected');
    const errors = vi.spyOn(t.services.log, 'error');
    const secondCharge = provider.signedWebhook({
      reference: link.id,
      target: 'payment_link',
      outcome: 'paid',
      method: 'credit_card',
      amount: 149700,
    });
    expect((await deliver(secondCharge)).statusCode).toBe(200);

    const paid = rows(t)
      .payments()
      .filter((payment) => payment.status === 'paid');
    expect(paid).toHaveLength(2);
    const extra = paid.find((payment) => payment.method === 'credit_card');
    expect(extra).toMatchObject({
      amount: 149700,
      paymentLinkId: link.id,
      description: 'Link de pagamento - Anual (cobrança duplicada)',
      // Shown to the owner as "Cobrança duplicada", refundable in one click (ADR 030).
      extraCharge: 'duplicate',
      extraChargeOf: rows(t).links()[0]?.paymentId,
    });
    expect(rows(t).links()[0]?.paymentId).not.toBe(extra?.id);
    expect(errors).toHaveBeenCalledWith(
      expect.objectContaining({ linkId: link.id, extraPaymentId: extra?.id }),
      'money received that bought nothing: recorded as an extra charge for the owner to refund',
    );
    // The money is on file, but it bought nothing twice: one year, one e-mail.
    const subscriber = rows(t).subscriberByEmail(MARIANA.customerEmail);
    expect(subscriber?.subscriptionEndDate?.getTime()).toBe(t.clock.now().getTime() + 365 * DAY_MS);
    expect(t.services.outbox.list({ channel: 'email' })).toHaveLength(1);

    // The same extra charge announced again (another hook id) is not recorded twice.
    const again = JSON.parse(secondCharge.rawBody);
    const replay = provider.signedWebhook({
      reference: link.id,
      target: 'payment_link',
      outcome: 'paid',
      method: 'credit_card',
      amount: 149700,
      chargeId: again.data.charge_id,
    });
    expect((await deliver(replay)).statusCode).toBe(200);
    expect(rows(t).payments()).toHaveLength(2);
  });

  it('twenty different webhooks for the same payment, at once, still confirm it once', async () => {
    const link = await createLink(t);
    const provider = t.services.payments.provider;
    if (!isSandbox(provider)) throw new Error('sandbox expected');
    // Twenty hook ids announcing one charge (a different charge would be a second payment).
    const hooks = Array.from({ length: 20 }, () =>
      provider.signedWebhook({
        reference: link.id,
        target: 'payment_link',
        outcome: 'paid',
        method: 'credit_card',
        amount: 149700,
        chargeId: 'sbx_ch_same_charge',
      }),
    );
    const answers = await Promise.all(hooks.map(deliver));
    expect(answers.every((answer) => answer.statusCode === 200)).toBe(true);
    expect(
      rows(t)
        .payments()
        .filter((payment) => payment.status === 'paid'),
    ).toHaveLength(1);
    const subscriber = rows(t).subscriberByEmail(MARIANA.customerEmail);
    expect(subscriber?.subscriptionEndDate?.getTime()).toBe(t.clock.now().getTime() + 365 * DAY_MS);
  });

  it('a forged webhook (bad or missing signature, tampered body, stale) is answered 401 and changes nothing', async () => {
    const link = await createLink(t);
    // Built like the sandbox's own, but nobody paid: the sandbox has no such payment on record.
    const provider = t.services.payments.provider;
    if (!isSandbox(provider)) throw new Error('sandbox expected');
    const webhook = provider.signedWebhook({
      reference: link.id,
      target: 'payment_link',
      outcome: 'paid',
      method: 'pix',
      amount: 149700,
    });
    const signature = webhook.headers['x-sandbox-signature'] ?? '';
    const forged = [
      { headers: { 'content-type': 'application/json' }, rawBody: webhook.rawBody },
      {
        // Flip the first hex digit (a fixed replacement would match the real one 1 time in 16).
        headers: {
          ...webhook.headers,
          'x-sandbox-signature': signature.replace(
            /v1=(.)/,
            (_, digit: string) => `v1=${digit === '0' ? '1' : '0'}`,
          ),
        },
        rawBody: webhook.rawBody,
      },
      { headers: webhook.headers, rawBody: webhook.rawBody.replace('"amount":149700', '"amount":100') },
      { headers: { ...webhook.headers, 'x-sandbox-signature': 'garbage' }, rawBody: webhook.rawBody },
    ];
    for (const attempt of forged) {
      const res = await deliver(attempt);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: 'Webhook não autorizado' });
    }
    t.clock.advance(6 * 60 * 1000);
    expect((await deliver(webhook)).statusCode).toBe(401);

    expect((await status(link.id)).json().status).toBe('pending');
    expect(rows(t).payments()).toHaveLength(0);
    expect(t.services.db.select().from(webhookEvents).all()).toHaveLength(0);
    expect(rows(t).subscriberByEmail(MARIANA.customerEmail)?.status).toBe('pending_payment');
  });

  it('answers non-2xx for a webhook about nothing of ours, so the provider retries', async () => {
    const link = await createLink(t);
    const webhook = t.services.payments.sandboxWebhook(link.id, 'paid', 'pix');
    t.services.db.delete(subscribers).where(eq(subscribers.email, MARIANA.customerEmail)).run();
    const res = await deliver(webhook);
    expect(res.statusCode).toBe(404);
    // Released: a later delivery of the same hook is examined again, not taken as a duplicate.
    expect(t.services.db.select().from(webhookEvents).all()).toHaveLength(0);
  });

  it('nothing is claimed while the provider is asked: a crash there cannot turn the retries into "duplicate"', async () => {
    const link = await createLink(t);
    const webhook = t.services.payments.sandboxWebhook(link.id, 'paid', 'pix');
    const provider = t.services.payments.provider;
    let claimsWhileAsking = -1;
    vi.spyOn(provider, 'parseWebhook').mockImplementationOnce(async () => {
      claimsWhileAsking = t.services.db.select().from(webhookEvents).all().length;
      throw new Error('processo interrompido');
    });
    const first = await deliver(webhook);
    expect(first.statusCode).toBe(500);
    expect(first.json()).toEqual({ error: 'Não foi possível processar o webhook. Tente novamente.' });
    expect(claimsWhileAsking).toBe(0);
    expect(t.services.db.select().from(webhookEvents).all()).toHaveLength(0);

    const retry = await deliver(webhook);
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toEqual({ received: true });
    expect((await status(link.id)).json().status).toBe('paid');
  });

  it('a failure while applying the event leaves neither the claim nor half a payment', async () => {
    const link = await createLink(t);
    const webhook = t.services.payments.sandboxWebhook(link.id, 'paid', 'pix');
    vi.spyOn(t.services.referrals.commissionStatements.confirmPending, 'run').mockImplementationOnce(() => {
      throw new Error('disco cheio');
    });
    expect((await deliver(webhook)).statusCode).toBe(500);
    expect(t.services.db.select().from(webhookEvents).all()).toHaveLength(0);
    expect(rows(t).payments()).toHaveLength(0);
    expect((await status(link.id)).json().status).toBe('pending');

    const retry = await deliver(webhook);
    expect(retry.json()).toEqual({ received: true });
    expect(rows(t).payments()).toEqual([expect.objectContaining({ status: 'paid' })]);
  });

  it('the Pagar.me webhook route is closed while the sandbox is the provider', async () => {
    expect(isSandbox(t.services.payments.provider)).toBe(true);
    const res = await t.request({
      method: 'POST',
      url: '/api/webhooks/pagarme',
      payload: { id: 'hook_x', type: 'order.paid', data: { id: 'or_x' } },
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('POST /api/payments/create-checkout-link', () => {
  const create = (payload: Record<string, unknown>) =>
    t.request({ method: 'POST', url: '/api/payments/create-checkout-link', payload });

  it('answers {checkoutUrl} for the annual price', async () => {
    const res = await create({
      name: 'Bia Souza',
      email: 'bia@example.com',
      amount: 149700,
      description: 'Assinatura anual',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.checkoutUrl).toBe(body.paymentLink.url);
    expect(body.checkoutUrl).toMatch(/\/sandbox\/pay\/[a-z0-9]{24}$/);
    expect(rows(t).subscriberByEmail('bia@example.com')).toMatchObject({
      name: 'Bia Souza',
      status: 'pending_payment',
    });
  });

  it.each([
    [{ amount: 100 }, 'Valor da assinatura inválido para este cliente'],
    [{ amount: 89700 }, 'Valor da assinatura inválido para este cliente'],
    [{ amount: undefined }, 'Valor da assinatura não encontrado'],
    [{ amount: '149700.5' }, 'Valor da assinatura não encontrado'],
  ])('refuses a tampered amount %o', async (override, message) => {
    const res = await create({ name: 'Bia', email: 'bia@example.com', ...override });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: message });
    expect(rows(t).links()).toHaveLength(0);
  });

  it('accepts the renewal price only from the approved member signed in as the record’s account', async () => {
    const member = await t.signIn('user', MARIANA.customerEmail);
    await t.request({
      method: 'POST',
      url: '/api/payment-links/create-public',
      headers: { authorization: `Bearer ${member.token}` },
      payload: checkoutPayload(),
    });
    const subscriber = rows(t).subscriberByEmail(MARIANA.customerEmail);
    if (!subscriber) throw new Error('no subscriber');
    approve(t, subscriber.id, new Date(t.clock.now().getTime() + 5 * DAY_MS));
    const anonymous = await create({ name: 'Mariana', email: MARIANA.customerEmail, amount: 89700 });
    expect(anonymous.statusCode).toBe(400);
    expect(anonymous.json()).toEqual({ error: 'Valor da assinatura inválido para este cliente' });
    const res = await t.request({
      method: 'POST',
      url: '/api/payments/create-checkout-link',
      headers: { authorization: `Bearer ${member.token}` },
      payload: { name: 'Mariana', email: MARIANA.customerEmail, amount: 89700 },
    });
    expect(res.statusCode).toBe(200);
    expect(
      rows(t)
        .links()
        .find((link) => link.planType === 'renewal')?.amount,
    ).toBe(89700);
  });
});

describe('payment links of a member and details', () => {
  it('GET /payment-links/user lists only the member’s own links; details only to owner or admin', async () => {
    const member = await t.signIn('user', MARIANA.customerEmail);
    // Checked out signed in, for the account's own e-mail: the new subscriber is the account's.
    const created = await t.request({
      method: 'POST',
      url: '/api/payment-links/create-public',
      headers: { authorization: `Bearer ${member.token}` },
      payload: checkoutPayload(),
    });
    const own = created.json().paymentLink as { id: string };
    const other = await createLink(t, { customerEmail: 'outra@example.com' });

    const mine = await t.request({
      method: 'GET',
      url: '/api/payment-links/user',
      headers: { authorization: `Bearer ${member.token}` },
    });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().paymentLinks.map((link: { id: string }) => link.id)).toEqual([own.id]);

    const ownDetails = await t.request({
      method: 'GET',
      url: `/api/payment-links/details/${own.id}`,
      headers: { authorization: `Bearer ${member.token}` },
    });
    expect(ownDetails.json().paymentLink).toMatchObject({
      id: own.id,
      _id: own.id,
      amount: 149700,
      status: 'pending',
    });
    const otherDetails = await t.request({
      method: 'GET',
      url: `/api/payment-links/details/${other.id}`,
      headers: { authorization: `Bearer ${member.token}` },
    });
    expect(otherDetails.statusCode).toBe(404);

    const admin = await t.signIn('admin');
    const asAdmin = await t.request({
      method: 'GET',
      url: `/api/payment-links/details/${other.id}`,
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(asAdmin.statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/payment-links/user' })).statusCode).toBe(401);
  });
});

describe('who owns a subscriber (never decided by an e-mail match)', () => {
  const asUser = (token: string, url: string) =>
    t.request({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });

  it('someone registering with an existing subscriber’s e-mail sees none of that subscriber’s links', async () => {
    const link = await createLink(t);
    const intruder = await t.signIn('user', MARIANA.customerEmail, { verified: false });

    const list = await asUser(intruder.token, '/api/payment-links/user');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual({ success: true, paymentLinks: [] });
    const details = await asUser(intruder.token, `/api/payment-links/details/${link.id}`);
    expect(details.statusCode).toBe(404);
    expect(details.json()).toEqual({ error: 'Link de pagamento não encontrado' });
    await expect(t.caller(intruder.token).referrals.mine()).rejects.toThrow('Assinante não encontrado');

    // A checkout made signed in does not take the existing subscriber over either.
    const checkout = await t.request({
      method: 'POST',
      url: '/api/payments/create-checkout-link',
      headers: { authorization: `Bearer ${intruder.token}` },
      payload: { name: 'Outra Pessoa', email: MARIANA.customerEmail, amount: 149700 },
    });
    expect(checkout.statusCode).toBe(200);
    expect(rows(t).subscriberByEmail(MARIANA.customerEmail)).toMatchObject({
      userId: null,
      name: MARIANA.customerName,
    });
    expect((await asUser(intruder.token, '/api/payment-links/user')).json().paymentLinks).toEqual([]);
  });

  it('an unverified account for someone else’s e-mail never gets that person’s later checkout (ADR 014)', async () => {
    // A stranger registers with Mariana's address (no confirmation) and asks for a link signed in.
    const stranger = await t.signIn('user', MARIANA.customerEmail, { verified: false });
    const planted = await t.request({
      method: 'POST',
      url: '/api/payments/create-checkout-link',
      headers: { authorization: `Bearer ${stranger.token}` },
      payload: { name: 'Estranho', email: MARIANA.customerEmail, amount: 149700 },
    });
    expect(planted.statusCode).toBe(200);
    expect(rows(t).subscriberByEmail(MARIANA.customerEmail)?.userId).toBeNull();

    // Mariana pays through an anonymous checkout with her own data.
    const paid = await createLink(t);
    await sandboxPay(t, paid.id);
    expect(rows(t).subscriberByEmail(MARIANA.customerEmail)).toMatchObject({
      userId: null,
      name: 'Mariana Costa Ribeiro',
      cpf: '52998224725',
      phone: '11987654321',
    });
    expect((await asUser(stranger.token, '/api/payment-links/user')).json()).toEqual({
      success: true,
      paymentLinks: [],
    });
    expect((await asUser(stranger.token, `/api/payment-links/details/${paid.id}`)).statusCode).toBe(404);

    // Confirming the e-mail is what ties the account: the link goes to the real owner's mailbox.
    const mail = t.services.outbox.list().find((entry) => entry.template === 'verify_email');
    expect(mail?.recipient).toBe(MARIANA.customerEmail);
    expect(mail?.body).not.toContain('token=');
    const token = mail?.deliveryBody?.match(/confirmar-email\?token=([a-z0-9]+)/)?.[1] ?? '';
    // The proof is the credential (ADR 027): the stranger's session and password end there, and
    // whoever proved the address chooses the password.
    const verified = await t.caller().auth.verifyEmail({ token });
    expect(verified).toEqual({
      message:
        'Email confirmado! Agora defina uma nova senha: por segurança, a senha usada no cadastro deixou de valer e as sessões abertas foram encerradas.',
      setPasswordToken: expect.stringMatching(/^[a-z0-9]{32}$/),
    });
    expect(t.services.sessions.validate(stranger.token)).toBeNull();
    await expect(
      login(t.services.accounts, { email: MARIANA.customerEmail, password: 'segredo123' }),
    ).rejects.toThrow();
    expect(rows(t).subscriberByEmail(MARIANA.customerEmail)?.userId).toBe(stranger.userId);
    const owner = await setPassword(t.services.accounts, verified.setPasswordToken, 'Mariana-Tinto-Serra');
    expect(owner.user.email).toBe(MARIANA.customerEmail);
    await expect(t.caller().auth.verifyEmail({ token })).rejects.toThrow(
      'Link de confirmação inválido ou expirado. Entre na sua conta e peça um novo.',
    );
  });

  it('a signed-in checkout ties a new subscriber only to an account that confirmed its e-mail', async () => {
    const unverified = await t.signIn('user', 'bia@example.com', { verified: false });
    await t.request({
      method: 'POST',
      url: '/api/payments/create-checkout-link',
      headers: { authorization: `Bearer ${unverified.token}` },
      payload: { name: 'Bia', email: 'bia@example.com', amount: 149700 },
    });
    expect(rows(t).subscriberByEmail('bia@example.com')?.userId).toBeNull();
    expect(await t.caller(unverified.token).auth.resendVerification()).toEqual({
      message: 'Enviamos um link de confirmação para o seu email.',
    });
    const verified = await t.signIn('user', 'caio@example.com');
    await t.request({
      method: 'POST',
      url: '/api/payments/create-checkout-link',
      headers: { authorization: `Bearer ${verified.token}` },
      payload: { name: 'Caio', email: 'caio@example.com', amount: 149700 },
    });
    expect(rows(t).subscriberByEmail('caio@example.com')?.userId).toBe(verified.userId);
    expect(await t.caller(verified.token).auth.resendVerification()).toEqual({
      message: 'Seu email já está confirmado.',
    });
  });

  it('using a set-password link proves the e-mail: the subscriber with no account becomes the account’s', async () => {
    const link = await createLink(t);
    const member = await t.signIn('user', MARIANA.customerEmail, { verified: false });
    await t.request({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: MARIANA.customerEmail },
    });
    const mail = t.services.outbox.list().find((entry) => entry.template === 'set_password');
    const token = mail?.deliveryBody?.match(/definir-senha\?token=([a-z0-9]+)/)?.[1];
    const set = await t.request({
      method: 'POST',
      url: '/api/auth/set-password',
      payload: { token, password: 'nova-senha-123' },
    });
    expect(set.statusCode).toBe(200);
    expect(rows(t).subscriberByEmail(MARIANA.customerEmail)?.userId).toBe(member.userId);
    const list = await asUser(set.json().token, '/api/payment-links/user');
    expect(list.json().paymentLinks.map((entry: { id: string }) => entry.id)).toEqual([link.id]);
  });

  it('create-checkout-link signed in uses the account’s own name and e-mail and ties the new subscriber to it', async () => {
    const member = await t.signIn('user', 'bia@example.com');
    const res = await t.request({
      method: 'POST',
      url: '/api/payments/create-checkout-link',
      headers: { authorization: `Bearer ${member.token}` },
      payload: { name: 'Nome Qualquer', email: 'outra-pessoa@example.com', amount: 149700 },
    });
    expect(res.statusCode).toBe(200);
    expect(rows(t).subscriberByEmail('outra-pessoa@example.com')).toBeUndefined();
    expect(rows(t).subscriberByEmail('bia@example.com')).toMatchObject({
      name: 'Pessoa user',
      userId: member.userId,
    });
    expect((await asUser(member.token, '/api/payment-links/user')).json().paymentLinks).toHaveLength(1);
  });
});

describe('referral clicks', () => {
  it('counts a click once per visitor per day and links the new subscriber to the referrer', async () => {
    await createLink(t, { customerEmail: 'ana@example.com' });
    const code = rows(t).subscriberByEmail('ana@example.com')?.referralCode ?? '';
    const click = (headers: Record<string, string> = {}) =>
      t.request({
        method: 'POST',
        url: '/api/referrals/click',
        payload: { code },
        headers: { 'user-agent': 'Firefox', ...headers },
      });

    const first = await click();
    expect(first.json()).toEqual({ success: true, counted: true });
    const cookie = first.cookies.find((entry) => entry.name === 'confraria_visitor');
    expect(cookie?.httpOnly).toBe(true);
    expect((await click({ cookie: `confraria_visitor=${cookie?.value}` })).json().counted).toBe(false);
    expect((await click()).json().counted).toBe(false);
    expect((await click({ 'user-agent': 'Chrome' })).json().counted).toBe(true);
    t.clock.advance(DAY_MS);
    expect((await click({ cookie: `confraria_visitor=${cookie?.value}` })).json().counted).toBe(true);
    expect(
      (await t.request({ method: 'POST', url: '/api/referrals/click', payload: { code: 'ZZZZZZZZ' } })).json()
        .counted,
    ).toBe(false);

    const referredLink = await createLink(t, { ref: code });
    // The code travels with the link: it counts once that checkout is paid (ADR 014).
    expect(rows(t).subscriberByEmail(MARIANA.customerEmail)?.referredBy).toBeNull();
    expect(rows(t).referrals()).toEqual([]);
    await sandboxPay(t, referredLink.id);
    const referred = rows(t).subscriberByEmail(MARIANA.customerEmail);
    const referrer = rows(t).subscriberByEmail('ana@example.com');
    expect(referred?.referredBy).toBe(referrer?.id);
    expect(rows(t).referrals()).toEqual([
      expect.objectContaining({ status: 'confirmed', commissionAmount: 14970 }),
    ]);
    if (!referrer) throw new Error('no referrer');
    const summary = referralsSummary(t.services.referrals, referrer);
    expect(summary).toMatchObject({
      totalReferrals: 1,
      totalClicks: 3,
      pendingAmount: 0,
      earnedAmount: 14970,
    });
  });

  it('a referral code never claims a subscriber who already existed (only one this checkout created)', async () => {
    await createLink(t, { customerEmail: 'ana@example.com' });
    const code = rows(t).subscriberByEmail('ana@example.com')?.referralCode ?? '';
    await createLink(t);
    await createLink(t, { ref: code });
    expect(rows(t).subscriberByEmail(MARIANA.customerEmail)?.referredBy).toBeNull();
    expect(rows(t).referrals()).toHaveLength(0);
  });

  it('ignores a self-referral and an unknown code', async () => {
    await createLink(t);
    const own = rows(t).subscriberByEmail(MARIANA.customerEmail)?.referralCode;
    await createLink(t, { ref: own });
    await createLink(t, { customerEmail: 'nova@example.com', ref: 'ABCDEFGH' });
    expect(rows(t).referrals()).toHaveLength(0);
    expect(rows(t).subscriberByEmail('nova@example.com')?.referredBy).toBeNull();
  });
});
