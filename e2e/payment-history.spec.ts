/**
 * Attempts and payment history (ADR 030) in a real browser: the owner opens a
 * payment and sees the provider's ids and its history, finds the "Cobrança duplicada" the sandbox
 * simulated (a second charge of a paid link) and refunds it in one click while the paid payment
 * stays; the customer whose payment answer was lost reads "em verificação", not an error. Also,
 * a refund whose answer was lost reads "Reembolso em processamento" and a chargeback "Contestado
 * (chargeback)".
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { formatMoney } from '../src/shared/format';
import { seriousA11yViolations } from './a11y';
import { createPublicPaymentLink, e2eDb, expect, openWritableDb, test, uniqueEmail } from './fixtures';
import { answerTrpc, trpcRoute } from './trpc';
import { ADMIN } from './members';

const ANNUAL = 149700;

async function logIn(page: Page) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Senha', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
}

/** A link paid by card through the sandbox, then charged a second time (the sandbox's test-only `again`). */
async function paidTwice(request: APIRequestContext, name: string) {
  const paymentLink = await createPublicPaymentLink(request, { name, email: uniqueEmail('duplicada') });
  const pay = (again: boolean) =>
    request.post(`/sandbox/pay/${paymentLink.id}`, {
      data: { outcome: 'paid', method: 'credit_card', ...(again ? { again } : {}) },
    });
  expect((await pay(false)).ok()).toBe(true);
  expect((await pay(true)).ok()).toBe(true);
}

async function expectAxeClean(page: Page) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
    expect(await seriousA11yViolations(page), `axe at ${width}px`).toEqual([]);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('the owner sees a payment’s ids and history and refunds its duplicate charge in one click', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const stamp = Date.now().toString(36);
  const name = `Cobrada Duas Vezes ${stamp}`;
  await paidTwice(request, name);
  await logIn(page);

  await page
    .getByRole('navigation', { name: 'Seções do painel' })
    .getByRole('link', { name: 'Pagamentos' })
    .click();
  await page.getByRole('searchbox', { name: 'Buscar' }).fill(stamp);
  await expect(page.getByText('2 pagamento(s)')).toBeVisible();
  const rows = page.getByRole('row', { name: new RegExp(name) });
  await expect(rows.filter({ hasText: 'Cobrança duplicada' })).toHaveCount(1);
  const paidRow = rows.filter({ hasNotText: 'Cobrança duplicada' });
  await expect(paidRow.getByText('Pago', { exact: true })).toBeVisible();

  await paidRow.getByRole('button', { name: /Detalhes/ }).click();
  const detail = page.getByRole('dialog', { name: 'Detalhes do pagamento' });
  await expect(detail.getByRole('heading', { name: 'No provedor' })).toBeVisible();
  await expect(detail.getByText('Cobrança no provedor')).toBeVisible();
  const history = detail.getByRole('region', { name: 'Histórico' });
  await expect(history.getByText('Evento payment_link.paid: pago, pagamento confirmado')).toBeVisible();
  await expect(history.getByText(/^Cobrança duplicada: R\$\s1\.497,00 \(cobrança sbx_ch_/)).toBeVisible();
  const extras = detail.getByRole('region', { name: 'Cobranças extras' });
  await expect(extras.getByText('Cobrança duplicada', { exact: true })).toBeVisible();
  // Nothing personal in the history: no CPF, no card number.
  await expect(detail).not.toContainText('529.982.247-25');
  await expect(detail).not.toContainText('4111111111111111');
  await expectAxeClean(page);

  // The refund asks first, naming the amount; its answer shows inside the dialog, not behind it.
  await extras
    .getByRole('button', { name: `Reembolsar cobrança duplicada de ${formatMoney(ANNUAL)}` })
    .click();
  const question = extras.getByRole('group', { name: 'Confirmar reembolso' });
  await expect(question).toContainText(
    `Reembolsar ${formatMoney(ANNUAL)}? O valor volta ao cartão ou à conta de quem pagou`,
  );
  await expectAxeClean(page);
  await question.getByRole('button', { name: `Confirmar reembolso de ${formatMoney(ANNUAL)}` }).click();
  await expect(detail.getByText('Pagamento reembolsado.')).toBeVisible();
  await expect(extras.getByText('Reembolsado', { exact: true })).toBeVisible();
  await expect(extras.getByRole('button', { name: /Reembolsar/ })).toHaveCount(0);
  await detail.getByRole('button', { name: 'Fechar', exact: true }).click();

  // In the list: the duplicate is refunded, the payment that bought the year is still paid.
  await expect(rows.filter({ hasText: 'Reembolsado' })).toHaveCount(1);
  await expect(rows.filter({ hasText: 'Cobrança duplicada' })).toHaveCount(0);
  await expect(rows.getByText('Pago', { exact: true })).toHaveCount(1);
});

test('at 390 px the owner keeps a duplicate charge as the club’s money: revenue from then on', async ({
  page,
  request,
}) => {
  const stamp = Date.now().toString(36);
  const name = `Mantida Duas Vezes ${stamp}`;
  await paidTwice(request, name);
  await page.setViewportSize({ width: 1280, height: 900 });
  await logIn(page);
  await page.setViewportSize({ width: 390, height: 844 });
  const dashboard = async () =>
    (await (await page.request.get('/api/admin/dashboard')).json()) as { revenueThisMonth: number };
  const before = (await dashboard()).revenueThisMonth;

  await page.goto('/admin/payments');
  await page.getByRole('searchbox', { name: 'Buscar' }).fill(stamp);
  await expect(page.getByText('2 pagamento(s)')).toBeVisible();
  const rows = page.getByRole('row', { name: new RegExp(name) });
  await rows
    .filter({ hasText: 'Cobrança duplicada' })
    .getByRole('button', { name: /Detalhes/ })
    .click();
  const detail = page.getByRole('dialog', { name: 'Detalhes do pagamento' });
  await detail.getByRole('button', { name: `Manter cobrança extra de ${formatMoney(ANNUAL)}` }).click();
  const question = detail.getByRole('group', { name: 'Confirmar cobrança extra mantida' });
  await expect(question).toContainText(`Manter ${formatMoney(ANNUAL)} como receita do clube?`);
  // One decision at a time: while keeping is asked, the refund is not offered beside it.
  await expect(detail.getByRole('button', { name: /Reembolsar/ })).toHaveCount(0);
  expect(await seriousA11yViolations(page), 'axe at 390px').toEqual([]);
  await question.getByRole('button', { name: `Confirmar: manter ${formatMoney(ANNUAL)}` }).click();
  await expect(
    detail.getByText('Cobrança extra mantida: o valor passa a contar como receita do clube.'),
  ).toBeVisible();
  await expect(detail.getByRole('button', { name: /Reembolsar|Manter/ })).toHaveCount(0);
  await detail.getByRole('button', { name: 'Fechar', exact: true }).click();

  await expect(rows.filter({ hasText: 'Cobrança extra mantida' })).toHaveCount(1);
  await expect(rows.filter({ hasText: 'Cobrança duplicada' })).toHaveCount(0);
  expect((await dashboard()).revenueThisMonth).toBe(before + ANNUAL);
});

test('a card payment whose answer was lost reads "em verificação", never an invitation to pay again', async ({
  page,
}) => {
  const verifying =
    'Pagamento em verificação: o provedor de pagamento ainda não respondeu. Não pague de novo: esta página mostra o resultado assim que ele chegar.';
  await page.route(trpcRoute('checkout.cep'), (route) =>
    answerTrpc(route, 'checkout.cep', { status: 502, code: 'BAD_GATEWAY', message: 'x' }),
  );
  // What the server answers when Pagar.me's answer to the order was lost (the sandbox never loses one).
  await page.route(trpcRoute('checkout.process'), (route) =>
    answerTrpc(route, 'checkout.process', {
      data: {
        success: true,
        paymentId: 'pagamento-em-verificacao',
        status: 'pending',
        message: verifying,
        verifying: true,
      },
    }),
  );
  await page.route(trpcRoute('checkout.paymentStatus'), (route) =>
    answerTrpc(route, 'checkout.paymentStatus', {
      data: {
        status: 'pending',
        paymentId: 'pagamento-em-verificacao',
        amount: ANNUAL,
        method: 'credit_card',
        paidAt: null,
        subscriptionEndDate: null,
      },
    }),
  );
  const email = uniqueEmail('verificacao');
  await page.goto(
    `/checkout/old?name=${encodeURIComponent('Vera Verificação')}&email=${email}&amount=${ANNUAL}`,
  );
  await page.getByLabel('Telefone / WhatsApp').pressSequentially('11987654321');
  await page.getByLabel('CPF').pressSequentially('52998224725');
  await page.getByLabel('CEP').pressSequentially('01310100');
  await page.getByLabel('Número', { exact: true }).fill('1000');
  await page.getByLabel('Endereço (rua, avenida)').fill('Avenida Paulista');
  await page.getByLabel('Bairro').fill('Bela Vista');
  await page.getByLabel('Cidade').fill('São Paulo');
  await page.getByLabel('Estado').selectOption('SP');
  await page.getByLabel('Número do cartão').pressSequentially('4111111111111111');
  await page.getByLabel('Nome no cartão').fill('Vera Verificacao');
  await page.getByLabel('Validade (MM/AA)').pressSequentially('1230');
  await page.getByLabel('CVV').fill('123');
  const submit = page.getByRole('button', { name: `Finalizar Pagamento - ${formatMoney(ANNUAL)}` });
  await submit.click();

  await expect(page.getByText(verifying)).toBeVisible();
  // The form stays closed while the payment is looked up: nobody is invited to pay twice.
  await expect(submit).toBeDisabled();
  await expect(page.getByRole('alert').filter({ hasText: /erro|falhou/i })).toHaveCount(0);
  expect(await seriousA11yViolations(page)).toEqual([]);
});

/** A link paid once by card through the sandbox; its payment's id. */
async function paidOnce(request: APIRequestContext, name: string): Promise<string> {
  const paymentLink = await createPublicPaymentLink(request, { name, email: uniqueEmail('disputa') });
  const paid = await request.post(`/sandbox/pay/${paymentLink.id}`, {
    data: { outcome: 'paid', method: 'credit_card' },
  });
  expect(paid.ok()).toBe(true);
  const [row] = e2eDb.query<{ id: string }>(
    'select payment_id as id from payment_links where id = ?',
    paymentLink.id,
  );
  expect(row?.id).toBeTruthy();
  return row!.id;
}

test('Pagamentos shows a refund whose answer was lost as in progress, and a chargeback as such', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const stamp = Date.now().toString(36);
  const inProgress = await paidOnce(request, `Reembolso Sem Resposta ${stamp}`);
  const disputed = await paidOnce(request, `Cartão Contestado ${stamp}`);
  // The rows as the server leaves them (the sandbox never loses an answer nor gets a dispute; the
  // fake Pagar.me covers both in vitest): a refund asked whose answer was lost, and a chargeback.
  const db = openWritableDb();
  try {
    const now = Date.now();
    db.prepare(
      "update payments set refund_status = 'processing', refund_reason = 'Desistência', refund_requested_at = ?, refund_attempt = 1 where id = ?",
    ).run(now, inProgress);
    db.prepare(
      "update payments set status = 'refunded', chargedback_at = ?, refunded_at = ?, refund_reason = 'Contestação (chargeback) junto ao banco do cartão' where id = ?",
    ).run(now, now, disputed);
  } finally {
    db.close();
  }
  await logIn(page);
  await page.goto('/admin/payments');
  await page.getByRole('searchbox', { name: 'Buscar' }).fill(stamp);
  await expect(page.getByText('2 pagamento(s)')).toBeVisible();
  const waiting = page.getByRole('row', { name: new RegExp(`Reembolso Sem Resposta ${stamp}`) });
  await expect(waiting.getByText('Reembolso em processamento', { exact: true })).toBeVisible();
  const chargeback = page.getByRole('row', { name: new RegExp(`Cartão Contestado ${stamp}`) });
  await expect(chargeback.getByText('Contestado (chargeback)', { exact: true })).toBeVisible();
  await expectAxeClean(page);

  // At 390 px the list is cards: the same labels.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByText('Reembolso em processamento', { exact: true }).first()).toBeVisible();
  await expect(page.getByText('Contestado (chargeback)', { exact: true }).first()).toBeVisible();
});
