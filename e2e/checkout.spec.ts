/**
 * The checkout in the browser against the real server and the built-in sandbox provider:
 * /checkout → payment link → sandbox page → tracking turns to "Pagamento Confirmado!", the
 * validation list, expiry and failed attempts, and the in-page checkout (/checkout/old) by PIX
 * and by card.
 *
 * The CEP lookup never leaves the machine: the browser's call to our CEP lookup (`checkout.cep`
 * over tRPC, the operation of GET /api/subscriber-update/cep/:cep) is answered here,
 * once with an address (autofill) and otherwise with the failure the server gives when ViaCEP is
 * unreachable — the form must keep working either way.
 */
import type { APIRequestContext, Page, Request } from '@playwright/test';
import { SANDBOX_MSG } from '../src/server/payments/providers/sandbox';
import { createPublicPaymentLink, e2eDb, expect, test, uniqueEmail } from './fixtures';
import { seriousA11yViolations } from './a11y';
import { answerTrpc, callsProcedure, trpcInput, trpcOutput, trpcRoute } from './trpc';

const VALID_CPF = '529.982.247-25';
const PRICE = 'R$ 1.497,00';
const CEP = 'checkout.cep';
const CEP_ROUTE = trpcRoute(CEP);
const PAYMENT_STATUS = 'checkout.paymentStatus';
const PAYMENT_STATUS_ROUTE = trpcRoute(PAYMENT_STATUS);

/** The server's answer when ViaCEP cannot be reached (502 with its message). */
async function cepUnreachable(page: Page) {
  await page.route(CEP_ROUTE, (route) =>
    answerTrpc(route, CEP, {
      status: 502,
      code: 'BAD_GATEWAY',
      message: 'Não foi possível consultar o CEP. Preencha o endereço manualmente.',
    }),
  );
}

const CEP_FOUND = {
  data: {
    success: true,
    address: {
      street: 'Avenida Paulista',
      neighborhood: 'Bela Vista',
      city: 'São Paulo',
      state: 'SP',
      zipCode: '01310100',
    },
  },
};

async function cepFound(page: Page) {
  await page.route(CEP_ROUTE, (route) => answerTrpc(route, CEP, CEP_FOUND));
}

/** Watches the requests a page sends to one path, or that call one tRPC procedure. */
function recordRequests(page: Page, target: string): Request[] {
  const seen: Request[] = [];
  page.on('request', (request) => {
    if (sentTo(request, target)) seen.push(request);
  });
  return seen;
}

const sentTo = (request: Request, target: string) =>
  target.startsWith('/') ? request.url().includes(target) : callsProcedure(request.url(), target);

/**
 * Fails if the page sends a request to `fragment` within `ms` from now: proves that what was just
 * clicked called nobody (a request starts after the click returns, so reading a list at once
 * would miss it).
 */
async function expectNoRequest(page: Page, target: string, ms = 1_000) {
  const sent = await page
    .waitForRequest((request) => sentTo(request, target), { timeout: ms })
    .catch(() => null);
  expect(sent?.url(), `unexpected request to ${target}`).toBeUndefined();
}

async function fillPersonalData(page: Page, person: { name?: string; email?: string }) {
  if (person.name !== undefined) await page.getByLabel('Nome completo').fill(person.name);
  if (person.email !== undefined) await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Telefone / WhatsApp').pressSequentially('11987654321');
  await expect(page.getByLabel('Telefone / WhatsApp')).toHaveValue('(11) 98765-4321');
  await page.getByLabel('CPF').pressSequentially('52998224725');
  await expect(page.getByLabel('CPF')).toHaveValue(VALID_CPF);
}

/** Address typed by hand (the lookup failed). */
async function fillAddressByHand(page: Page) {
  await page.getByLabel('CEP').pressSequentially('01310100');
  await expect(page.getByLabel('CEP')).toHaveValue('01310-100');
  await page.getByLabel('Número', { exact: true }).fill('1000');
  await page.getByLabel('Endereço (rua, avenida)').fill('Avenida Paulista');
  await page.getByLabel('Bairro').fill('Bela Vista');
  await page.getByLabel('Cidade').fill('São Paulo');
  await page.getByLabel('Estado').selectOption('SP');
}

/** A payment link created through the public REST route, as /checkout would. */
async function createLinkByApi(
  request: APIRequestContext,
  email: string,
): Promise<{ id: string; url: string }> {
  return createPublicPaymentLink(request, { name: 'Pessoa Teste', email });
}

async function sandboxOutcome(
  request: APIRequestContext,
  id: string,
  outcome: 'paid' | 'failed' | 'expired',
  method: 'credit_card' | 'pix' = 'credit_card',
) {
  const response = await request.post(`/sandbox/pay/${id}`, { data: { outcome, method } });
  expect(response.ok(), await response.text()).toBe(true);
}

test.describe('/checkout (payment link)', () => {
  test('lists every failing message and calls nobody', async ({ page }) => {
    const creations = recordRequests(page, 'checkout.createPublicLink');
    await page.goto('/checkout?name=Novo%20Assinante&email=&amount=149700');

    // Placeholders from the landing page do not prefill the form.
    await expect(page.getByLabel('Nome completo')).toHaveValue('');
    await expect(page.getByLabel('Email')).toHaveValue('');

    const submit = page.getByRole('button', { name: `Gerar Link de Pagamento - ${PRICE}/ano` });
    await submit.click();
    const alert = page.getByRole('alert');
    for (const message of [
      'Nome é obrigatório',
      'Email é obrigatório',
      'Telefone é obrigatório',
      'CPF é obrigatório',
      'CEP é obrigatório',
      'Endereço é obrigatório',
      'Número é obrigatório',
      'Bairro é obrigatório',
      'Cidade é obrigatória',
      'Estado é obrigatório',
    ]) {
      await expect(alert.getByText(message, { exact: true })).toBeVisible();
    }

    await page.getByLabel('Email').fill('nao-e-um-email');
    await page.getByLabel('CPF').fill('123.456');
    await submit.click();
    await expect(alert.getByText('Email inválido', { exact: true })).toBeVisible();
    await expect(alert.getByText('CPF deve ter 11 dígitos', { exact: true })).toBeVisible();
    await expect(alert.getByText('Email é obrigatório', { exact: true })).toHaveCount(0);

    await page.getByLabel('CPF').fill('');
    await page.getByLabel('CPF').pressSequentially('52998224700');
    await submit.click();
    await expect(alert.getByText('CPF inválido', { exact: true })).toBeVisible();

    await expectNoRequest(page, 'checkout.createPublicLink');
    expect(creations).toHaveLength(0);
  });

  test('marks each invalid field with its message and focuses the first one', async ({ page }) => {
    await page.goto('/checkout');
    await page.getByLabel('Nome completo').fill('Ana Souza');
    await page.getByLabel('Email').fill('nao-e-um-email');
    await page.getByRole('button', { name: /Gerar Link de Pagamento/ }).click();

    // The list stays at the top; each field says what is wrong with it.
    await expect(page.getByRole('alert').getByText('Email inválido', { exact: true })).toBeVisible();
    const email = page.getByLabel('Email');
    await expect(email).toBeFocused();
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toHaveAccessibleDescription('Email inválido');
    await expect(page.getByLabel('Nome completo')).not.toHaveAttribute('aria-invalid');
    await expect(page.getByLabel('CPF')).toHaveAccessibleDescription('CPF é obrigatório');
    await expect(page.getByLabel('Estado')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Estado')).toHaveAccessibleDescription('Estado é obrigatório');

    // Fixed fields lose their mark on the next try; the first still invalid one gets the focus.
    await email.fill('ana.souza@exemplo.com.br');
    await page.getByRole('button', { name: /Gerar Link de Pagamento/ }).click();
    await expect(email).not.toHaveAttribute('aria-invalid');
    await expect(page.getByLabel('Telefone / WhatsApp')).toBeFocused();
  });

  test('the server’s own rules at the fields: an e-mail without a domain, a short phone, a short CEP', async ({
    page,
  }) => {
    await page.goto('/checkout');
    await page.getByLabel('Nome completo').fill('Rui Regras');
    // The page used to let this e-mail through, and the server refused it.
    await page.getByLabel('Email').fill('rui@invalido');
    await page.getByLabel('Telefone / WhatsApp').pressSequentially('119876');
    await page.getByLabel('CPF').pressSequentially('52998224725');
    await page.getByLabel('CEP').pressSequentially('0100');
    await page.getByRole('button', { name: /Gerar Link de Pagamento/ }).click();

    const alert = page.getByRole('alert');
    for (const message of [
      'Email inválido',
      'Telefone deve ter pelo menos 10 dígitos',
      'CEP deve ter 8 dígitos',
    ]) {
      await expect(alert.getByText(message, { exact: true })).toBeVisible();
    }
    await expect(page.getByLabel('Email')).toBeFocused();
    await expect(page.getByLabel('Email')).toHaveAccessibleDescription('Email inválido');
    await expect(page.getByLabel('Telefone / WhatsApp')).toHaveAccessibleDescription(
      'Telefone deve ter pelo menos 10 dígitos',
    );
    await expect(page.getByLabel('CEP')).toHaveAccessibleDescription('CEP deve ter 8 dígitos');
    await expect(page.getByLabel('CPF')).not.toHaveAttribute('aria-invalid');
    await expectNoRequest(page, 'checkout.createPublicLink');
  });

  test('a pasted international phone number keeps the national number', async ({ page }) => {
    await page.goto('/checkout');
    await page.getByLabel('Telefone / WhatsApp').fill('+55 (11) 98765-4321');
    await expect(page.getByLabel('Telefone / WhatsApp')).toHaveValue('(11) 98765-4321');
  });

  test.describe('IMask on demand', () => {
    // The service worker would fetch the page's modules itself, out of page.route's reach.
    test.use({ serviceWorkers: 'block' });

    test('masks from the first key, though IMask only loads with the first focus of a masked field', async ({
      page,
    }) => {
      // IMask is held back until released: the keys below are typed before it arrives.
      let requested = false;
      let release = () => {};
      const released = new Promise<void>((resolve) => (release = resolve));
      await page.route(/\/assets\/imask-[^/]+\.js$/, async (route) => {
        requested = true;
        await released;
        await route.continue();
      });
      await page.route(CEP_ROUTE, (route) => answerTrpc(route, CEP, CEP_FOUND));
      await page.goto('/checkout');
      const phone = page.getByLabel('Telefone / WhatsApp');
      await expect(phone).toBeEnabled();
      await page.waitForLoadState('networkidle');
      expect(requested).toBe(false);

      await phone.focus();
      await phone.pressSequentially('11987654321');
      await expect.poll(() => requested).toBe(true);
      await page.getByLabel('CEP').focus();
      await page.getByLabel('CEP').pressSequentially('01310100');
      release();
      await expect(phone).toHaveValue('(11) 98765-4321');
      // The CEP typed meanwhile counts as typed: it is looked up.
      await expect(page.getByLabel('CEP')).toHaveValue('01310-100');
      await expect(page.getByLabel('Endereço (rua, avenida)')).toHaveValue('Avenida Paulista');
      // Once there, each key is shaped as it comes.
      await page.getByLabel('CPF').pressSequentially('52998224725');
      await expect(page.getByLabel('CPF')).toHaveValue(VALID_CPF);
      // The form has the masked texts: no message for the phone, the CPF or the CEP.
      await page.getByRole('button', { name: /Gerar Link de Pagamento/ }).click();
      for (const label of ['Telefone / WhatsApp', 'CPF', 'CEP'])
        await expect(page.getByLabel(label), label).not.toHaveAttribute('aria-invalid', 'true');
    });

    test('keys typed while IMask arrives are all kept', async ({ page }) => {
      // IMask arrives at a moment between two keys: the text typed so far is shaped, the key after
      // it goes on from there (a late render of the earlier text once wrote it back over that key).
      for (const delay of [30, 60, 90, 120, 150]) {
        await page.unrouteAll();
        await page.route(/\/assets\/imask-[^/]+\.js$/, async (route) => {
          await new Promise((resolve) => setTimeout(resolve, delay));
          await route.continue();
        });
        await page.goto('/checkout/old?name=Vera&email=vera%40exemplo.com.br&amount=149700');
        const phone = page.getByLabel('Telefone / WhatsApp');
        await phone.pressSequentially('11987654321', { delay: 20 });
        await expect(phone, `IMask after ${delay} ms`).toHaveValue('(11) 98765-4321');
      }
    });
  });

  test('prefills a real name and e-mail from the query', async ({ page }) => {
    await page.goto('/checkout?name=Ana%20Souza&email=ana.souza%40exemplo.com.br&amount=149700');
    await expect(page.getByLabel('Nome completo')).toHaveValue('Ana Souza');
    await expect(page.getByLabel('Email')).toHaveValue('ana.souza@exemplo.com.br');
  });

  test('fields take no more text than the server accepts', async ({ page }) => {
    await page.goto('/checkout');
    const limits = [
      ['Nome completo', 120],
      ['Endereço (rua, avenida)', 200],
      ['Número', 20],
      // The shared sizes of ADR 037 (120 for these parts on every form).
      ['Bairro', 120],
      ['Complemento (opcional)', 120],
      ['Cidade', 120],
    ] as const;
    for (const [label, max] of limits) {
      await page.getByLabel(label, { exact: true }).fill('A'.repeat(max + 50));
      await expect(page.getByLabel(label, { exact: true }), label).toHaveValue('A'.repeat(max));
    }
  });

  test('full path: link created → sandbox card payment → tracking shows "Pagamento Confirmado!"', async ({
    page,
    context,
  }) => {
    const email = uniqueEmail('checkout');
    await cepFound(page);
    await page.goto('/checkout');

    await fillPersonalData(page, { name: 'Carla Checkout', email });
    await page.getByLabel('CEP').pressSequentially('01310100');
    // The lookup fills the address; the number stays for the person to type.
    await expect(page.getByLabel('Endereço (rua, avenida)')).toHaveValue('Avenida Paulista');
    await expect(page.getByLabel('Bairro')).toHaveValue('Bela Vista');
    await expect(page.getByLabel('Cidade')).toHaveValue('São Paulo');
    await expect(page.getByLabel('Estado')).toHaveValue('SP');
    await page.getByLabel('Número', { exact: true }).fill('1000');
    await page.getByLabel('Complemento (opcional)').fill('Apto 12');

    await page.getByRole('button', { name: `Gerar Link de Pagamento - ${PRICE}/ano` }).click();
    await expect(page.getByRole('heading', { name: 'Link de Pagamento Criado!' })).toBeVisible();
    await expect(page.getByText('Anual', { exact: true })).toBeVisible();
    await expect(page.getByText(PRICE, { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Criar Novo Link' })).toBeVisible();

    const stored = await page.evaluate(
      () => JSON.parse(localStorage.getItem('checkout_data') ?? 'null') as unknown,
    );
    expect(stored).toMatchObject({
      name: 'Carla Checkout',
      email,
      phone: '(11) 98765-4321',
      document: VALID_CPF,
      cep: '01310-100',
      street: 'Avenida Paulista',
      number: '1000',
      complement: 'Apto 12',
      neighborhood: 'Bela Vista',
      city: 'São Paulo',
      state: 'SP',
      paymentLinkId: expect.any(String),
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    const linkId = (stored as { paymentLinkId: string }).paymentLinkId;

    // Follow the link's status: pending until paid, refreshed every 5 seconds.
    await page.getByRole('link', { name: 'Acompanhar Status do Pagamento' }).click();
    await expect(page).toHaveURL(new RegExp(`/checkout/payment-link-success\\?payment_link_id=${linkId}`));
    await expect(page.getByRole('heading', { name: 'Aguardando Pagamento' })).toBeVisible();
    await expect(
      page.getByText('Esta página verifica o pagamento automaticamente a cada 5 segundos.'),
    ).toBeVisible();

    // Pay on the provider's (sandbox) page, opened in a new tab as from the success screen.
    const [sandbox] = await Promise.all([
      context.waitForEvent('page'),
      page.getByRole('link', { name: /Abrir Link de Pagamento/ }).click(),
    ]);
    await sandbox.waitForLoadState();
    await expect(sandbox.getByText(/ambiente de testes/i).first()).toBeVisible();
    // The provider's page takes the card (the test card that approves).
    await sandbox.getByLabel('Número do cartão').fill('4111 1111 1111 1111');
    await sandbox.getByLabel('Nome no cartão').fill('CARLA CHECKOUT');
    await sandbox.getByLabel('Validade (MM/AA)').fill('12/30');
    await sandbox.getByLabel('CVV').fill('123');
    await sandbox.getByRole('button', { name: 'Pagar com cartão' }).click();
    // The sandbox sends the payer back to the tracking page, already paid.
    await expect(sandbox.getByRole('heading', { name: 'Pagamento Confirmado!' })).toBeVisible();
    await sandbox.close();

    // No reload: the polling notices the payment.
    await expect(page.getByRole('heading', { name: 'Pagamento Confirmado!' })).toBeVisible({
      timeout: 15_000,
    });
    await expect(page.getByText('Carla Checkout')).toBeVisible();
    await expect(page.getByText(email).first()).toBeVisible();
    await expect(page.getByText(PRICE, { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Acessar Minha Conta' })).toHaveAttribute('href', '/login');
    await expect(page.getByRole('link', { name: 'Voltar ao Início' })).toHaveAttribute('href', '/');
  });

  test('"Criar Novo Link" starts over with an empty form', async ({ page }) => {
    await cepUnreachable(page);
    await page.goto('/checkout');
    await fillPersonalData(page, { name: 'Rui Recomeço', email: uniqueEmail('novo') });
    await fillAddressByHand(page);
    await page.getByRole('button', { name: /Gerar Link de Pagamento/ }).click();
    await expect(page.getByRole('heading', { name: 'Link de Pagamento Criado!' })).toBeVisible();
    await page.getByRole('button', { name: 'Criar Novo Link' }).click();
    await expect(page.getByLabel('Nome completo')).toHaveValue('');
    await expect(page.getByLabel('CEP')).toHaveValue('');
    // Keyboard and screen-reader users start again from the first field.
    await expect(page.getByLabel('Nome completo')).toBeFocused();
  });

  test('CEP service unreachable: nothing breaks, the address is typed by hand', async ({ page }) => {
    const lookups = recordRequests(page, CEP);
    await cepUnreachable(page);
    const pageErrors: Error[] = [];
    page.on('pageerror', (error) => pageErrors.push(error));
    await page.goto('/checkout');
    await fillPersonalData(page, { name: 'Sem Internet', email: uniqueEmail('semcep') });
    await fillAddressByHand(page);
    await expect.poll(() => lookups.length).toBe(1);
    // Only logged: no message on screen, the typed address is kept.
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(page.getByLabel('Endereço (rua, avenida)')).toHaveValue('Avenida Paulista');
    await page.getByRole('button', { name: /Gerar Link de Pagamento/ }).click();
    await expect(page.getByRole('heading', { name: 'Link de Pagamento Criado!' })).toBeVisible();
    expect(pageErrors).toEqual([]);
  });

  test('a CEP edited while its lookup is on the way is not filled by the late answer', async ({ page }) => {
    let answer = () => {};
    const answerReady = new Promise<void>((resolve) => (answer = resolve));
    let answered = false;
    let asked!: () => void;
    const onItsWay = new Promise<void>((resolve) => (asked = resolve));
    await page.route(CEP_ROUTE, async (route) => {
      asked();
      await answerReady;
      // The browser has cancelled this request by now: fulfilling it may be refused.
      await answerTrpc(route, CEP, CEP_FOUND).catch(() => undefined);
      answered = true;
    });
    await page.goto('/checkout');
    const cep = page.getByLabel('CEP');
    // Typing key by key does not wait: the served page's fields are disabled until the app has
    // adopted it (ADR 024).
    await expect(cep).toBeEnabled();
    await cep.pressSequentially('01310100');
    await expect(page.getByText('Buscando endereço...')).toBeVisible();
    // On its way: the lookup has reached the network (the form's first focus loads the app's data
    // layer, ADR 055, and the lookup is sent once it has arrived).
    await onItsWay;
    const cancelled = page.waitForEvent('requestfailed', (request) => callsProcedure(request.url(), CEP));
    await cep.press('Backspace');
    // The lookup is cancelled at once: the browser drops the request, no more "Buscando endereço...".
    await cancelled;
    await expect(page.getByText('Buscando endereço...')).toHaveCount(0);

    answer();
    await expect.poll(() => answered).toBe(true);
    await expect(page.getByLabel('Endereço (rua, avenida)')).toHaveValue('');
    await expect(page.getByLabel('Cidade')).toHaveValue('');
  });

  test('?ref=CODE counts one click and travels with the link creation', async ({ page }) => {
    const clicks: unknown[] = [];
    await page.route(trpcRoute('checkout.referralClick'), async (route) => {
      clicks.push(trpcInput(route.request(), 'checkout.referralClick'));
      await answerTrpc(route, 'checkout.referralClick', { data: { success: true, counted: true } });
    });
    await cepUnreachable(page);
    const creations = recordRequests(page, 'checkout.createPublicLink');
    await page.goto('/checkout?ref=AMIGO2024');
    await expect.poll(() => clicks).toEqual([{ code: 'AMIGO2024' }]);

    await fillPersonalData(page, { name: 'Indicado Teste', email: uniqueEmail('indicado') });
    await fillAddressByHand(page);
    await page.getByRole('button', { name: /Gerar Link de Pagamento/ }).click();
    await expect(page.getByRole('heading', { name: 'Link de Pagamento Criado!' })).toBeVisible();
    expect(creations).toHaveLength(1);
    expect(trpcInput(creations[0]!, 'checkout.createPublicLink')).toMatchObject({
      ref: 'AMIGO2024',
      planType: 'annual',
    });
    expect(clicks).toHaveLength(1);
  });
});

test.describe('/checkout/payment-link-success (tracking)', () => {
  test('an expired link offers a new one', async ({ page, request }) => {
    const link = await createLinkByApi(request, uniqueEmail('expira'));
    await sandboxOutcome(request, link.id, 'expired');
    await page.goto(`/checkout/payment-link-success?payment_link_id=${link.id}`);
    await expect(page.getByRole('heading', { name: 'Link de Pagamento Expirado' })).toBeVisible();
    // A drawn icon, not an emoji (which shows as an empty box without an emoji font).
    await expect(page.locator('.co-result__icon svg')).toBeVisible();
    await expect(page.locator('.co-result__icon')).not.toContainText('⌛');
    await page.getByRole('link', { name: 'Gerar Novo Link de Pagamento' }).click();
    await expect(page).toHaveURL(/\/checkout$/);
  });

  test('a failed attempt is mentioned and the link stays payable', async ({ page, request }) => {
    const link = await createLinkByApi(request, uniqueEmail('falhou'));
    await sandboxOutcome(request, link.id, 'failed');
    await page.goto(`/checkout/payment-link-success?payment_link_id=${link.id}`);
    await expect(page.getByRole('heading', { name: 'Aguardando Pagamento' })).toBeVisible();
    await expect(page.getByText(/A última tentativa de pagamento não foi aprovada/)).toBeVisible();
    await expect(page.getByRole('link', { name: /Tentar Pagar Novamente/ })).toHaveAttribute(
      'href',
      link.url,
    );

    // Paid afterwards: "Verificar Agora" shows it at once. The page also asks every 5 s, so the
    // click comes right after one of those polls: only the button can ask within the next 2 s.
    const isStatusCheck = (response: { url(): string }) =>
      callsProcedure(response.url(), 'checkout.linkStatus');
    await page.waitForResponse(isStatusCheck);
    await sandboxOutcome(request, link.id, 'paid');
    const asked = page.waitForResponse(isStatusCheck, { timeout: 2_000 });
    await page.getByRole('button', { name: 'Verificar Agora' }).click();
    await asked;
    await expect(page.getByRole('heading', { name: 'Pagamento Confirmado!' })).toBeVisible({
      timeout: 2_000,
    });
  });

  test('sandbox page: a declined card shows the provider’s reason there and on the tracking page', async ({
    page,
    request,
  }) => {
    const link = await createLinkByApi(request, uniqueEmail('recusa-pagina'));
    await page.goto(link.url);
    await page.getByLabel('Número do cartão').fill('4000 0000 0000 0002');
    await page.getByLabel('Nome no cartão').fill('DAVI RECUSADO');
    await page.getByLabel('Validade (MM/AA)').fill('12/30');
    await page.getByLabel('CVV').fill('123');
    await page.getByRole('button', { name: 'Pagar com cartão' }).click();
    await expect(page.getByRole('alert')).toHaveText(SANDBOX_MSG.declined);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByLabel('Número do cartão').fill('4111 1111 1111 1111');
    await page.getByLabel('Validade (MM/AA)').fill('01/20');
    await page.getByLabel('CVV').fill('123');
    await page.getByRole('button', { name: 'Pagar com cartão' }).click();
    await expect(page.getByRole('alert')).toHaveText('Cartão vencido');
    await page.goto(`/checkout/payment-link-success?payment_link_id=${link.id}`);
    await expect(page.getByText(/A última tentativa de pagamento não foi aprovada/)).toBeVisible();
  });

  test('sandbox page PIX: BR Code with QR and copy; "Simular pagamento recebido" is seen by the tracking page’s polling', async ({
    page,
    context,
    request,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const link = await createLinkByApi(request, uniqueEmail('pix-pagina'));
    await page.goto(`/checkout/payment-link-success?payment_link_id=${link.id}`);
    await expect(page.getByRole('heading', { name: 'Aguardando Pagamento' })).toBeVisible();

    const sandbox = await context.newPage();
    await sandbox.goto(link.url);
    await sandbox.getByRole('button', { name: 'Pagar com PIX' }).click();
    await expect(sandbox.getByRole('img', { name: 'QR Code PIX para pagamento' })).toBeVisible();
    const code = await sandbox.getByLabel('PIX copia e cola').inputValue();
    expect(code).toMatch(/^000201.*54071497\.00.*6304[0-9A-F]{4}$/);
    expect(await seriousA11yViolations(sandbox)).toEqual([]);
    await sandbox.getByRole('button', { name: 'Copiar código PIX' }).click();
    await expect(sandbox.getByText('Código PIX copiado para a área de transferência!')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Aguardando Pagamento' })).toBeVisible();
    await sandbox.getByRole('button', { name: 'Simular pagamento recebido' }).click();
    await expect(sandbox.getByRole('heading', { name: 'Pagamento Confirmado!' })).toBeVisible();
    await sandbox.close();

    // No reload: the first tab's polling notices the payment.
    await expect(page.getByRole('heading', { name: 'Pagamento Confirmado!' })).toBeVisible({
      timeout: 15_000,
    });
  });

  test('without an id, or with an unknown one, shows the error view', async ({ page }) => {
    await page.goto('/checkout/payment-link-success');
    await expect(page.getByText('ID do Payment Link não encontrado na URL')).toBeVisible();

    // An unknown link is a permanent answer: the way home and to the checkout, no retry.
    await page.goto('/checkout/payment-link-success?payment_link_id=nao-existe');
    await expect(page.getByRole('heading', { name: 'Erro na Verificação' })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveText('Link de pagamento não encontrado');
    await expect(page.getByRole('button', { name: 'Tentar Novamente' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Ir para o Checkout' })).toHaveAttribute('href', '/checkout');
    await page.getByRole('link', { name: 'Voltar ao Início' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('a tracking page that cannot reach the server offers to try again', async ({ page }) => {
    await page.route(trpcRoute('checkout.linkStatus'), (route) => route.abort('connectionrefused'));
    await page.goto('/checkout/payment-link-success?payment_link_id=qualquer');
    await expect(page.getByRole('heading', { name: 'Erro na Verificação' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Tentar Novamente' })).toBeVisible();
  });
});

test.describe('/checkout/old (in-page card or PIX)', () => {
  const oldCheckoutUrl = (name: string, email: string) =>
    `/checkout/old?name=${encodeURIComponent(name)}&email=${encodeURIComponent(email)}&amount=149700`;

  test('PIX: QR code, copy confirmation, polling until paid → /checkout/success', async ({
    page,
    context,
    request,
  }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const email = uniqueEmail('pix');
    await cepUnreachable(page);
    await page.goto(oldCheckoutUrl('Paula Pix', email));
    await expect(page.getByText(PRICE).first()).toBeVisible();
    await fillPersonalData(page, {});
    await fillAddressByHand(page);
    await page.getByLabel('PIX', { exact: true }).check();

    const processed = page.waitForResponse((r) => callsProcedure(r.url(), 'checkout.process'));
    await page.getByRole('button', { name: `Finalizar Pagamento - ${PRICE}` }).click();
    const answer = await trpcOutput<{ paymentId: string; pixData: { qrCodeText: string } }>(
      await processed,
      'checkout.process',
    );

    await expect(page.getByRole('img', { name: 'QR Code PIX para pagamento' })).toBeVisible();
    // The PIX screen replaced the form: focus moved to its heading.
    await expect(page.getByRole('heading', { level: 1, name: 'Pagamento via PIX' })).toBeFocused();
    const code = page.getByLabel('PIX copia e cola');
    await expect(code).toHaveValue(answer.pixData.qrCodeText);
    expect(answer.pixData.qrCodeText.startsWith('000201')).toBe(true);
    await expect(page.getByText(/Código válido até/)).toBeVisible();

    await page.getByRole('button', { name: 'Copiar código PIX' }).click();
    const copied = page.getByText('Código PIX copiado para a área de transferência!');
    await expect(copied).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(answer.pixData.qrCodeText);
    await expect(copied).toBeHidden({ timeout: 5_000 });

    await sandboxOutcome(request, answer.paymentId, 'paid', 'pix');
    await expect(page).toHaveURL(/\/checkout\/success$/, { timeout: 15_000 });
    await expect(page.getByRole('heading', { name: 'Pagamento Confirmado!' })).toBeVisible();
    await expect(page.getByText('PIX', { exact: true })).toBeVisible();
    await expect(page.getByText(answer.paymentId)).toBeVisible();
    await expect(page.getByText(PRICE, { exact: true })).toBeVisible();
    await expect(page.getByText(email).first()).toBeVisible();
  });

  /** Fills the old checkout (name and e-mail come from the query) and chooses PIX. */
  async function fillForPix(page: Page) {
    await fillPersonalData(page, {});
    await fillAddressByHand(page);
    await page.getByLabel('PIX', { exact: true }).check();
  }

  test('PIX: a failing status check stops polling and says so; "Verificar novamente" finds the payment', async ({
    page,
    request,
  }) => {
    await cepUnreachable(page);
    const checks = recordRequests(page, PAYMENT_STATUS);
    await page.route(PAYMENT_STATUS_ROUTE, (route) => route.abort());
    await page.goto(oldCheckoutUrl('Paula Falha', uniqueEmail('pixerro')));
    await fillForPix(page);
    const processed = page.waitForResponse((r) => callsProcedure(r.url(), 'checkout.process'));
    await page.getByRole('button', { name: `Finalizar Pagamento - ${PRICE}` }).click();
    const { paymentId } = await trpcOutput<{ paymentId: string }>(await processed, 'checkout.process');

    // Tried three times (a network hiccup may pass), then the page says so and stops asking.
    await expect(page.getByRole('alert')).toHaveText('Erro ao verificar status do pagamento');
    await expect(page.getByText(/Verificamos automaticamente/)).toHaveCount(0);
    await expectNoRequest(page, PAYMENT_STATUS, 6_000);
    expect(checks).toHaveLength(3);

    // The code still stands: paid meanwhile, the person asks again and lands on the receipt.
    await expect(page.getByRole('img', { name: 'QR Code PIX para pagamento' })).toBeVisible();
    await page.unroute(PAYMENT_STATUS_ROUTE);
    await sandboxOutcome(request, paymentId, 'paid', 'pix');
    await page.getByRole('button', { name: 'Verificar novamente' }).click();
    await expect(page).toHaveURL(/\/checkout\/success$/);
  });

  test('PIX: once the code expires the page stops asking and offers a new code', async ({ page }) => {
    await page.clock.install();
    await cepUnreachable(page);
    const checks = recordRequests(page, PAYMENT_STATUS);
    await page.goto(oldCheckoutUrl('Paula Expira', uniqueEmail('pixexpira')));
    await fillForPix(page);
    await page.getByRole('button', { name: `Finalizar Pagamento - ${PRICE}` }).click();
    await expect(page.getByRole('img', { name: 'QR Code PIX para pagamento' })).toBeVisible();
    await expect.poll(() => checks.length).toBeGreaterThan(0);

    // The sandbox's code is valid for 30 minutes.
    await page.clock.fastForward('31:00');
    await expect(page.getByRole('alert')).toHaveText(
      'O código PIX expirou ou o pagamento não foi concluído. Gere um novo código para tentar novamente.',
    );
    const asked = checks.length;
    await expectNoRequest(page, PAYMENT_STATUS, 6_000);
    expect(checks).toHaveLength(asked);

    await page.getByRole('button', { name: 'Gerar Novo Código PIX' }).click();
    await expect(page.getByRole('button', { name: `Finalizar Pagamento - ${PRICE}` })).toBeEnabled();
  });

  test('card in analysis: a failing status check says so and gives the form back', async ({ page }) => {
    await cepUnreachable(page);
    // A provider still analysing the card (the sandbox decides at once, so its answer is set here).
    await page.route(trpcRoute('checkout.process'), (route) =>
      answerTrpc(route, 'checkout.process', {
        data: {
          success: true,
          paymentId: 'pagamento-em-analise',
          status: 'pending',
          message: 'Pagamento em análise',
        },
      }),
    );
    const checks = recordRequests(page, PAYMENT_STATUS);
    // A proxy's 503, no tRPC answer in it.
    await page.route(PAYMENT_STATUS_ROUTE, (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: '{}' }),
    );
    await page.goto(oldCheckoutUrl('Carla Analise', uniqueEmail('analise')));
    await fillPersonalData(page, {});
    await fillAddressByHand(page);
    await page.getByLabel('Número do cartão').pressSequentially('4111111111111111');
    await page.getByLabel('Nome no cartão').fill('Carla Analise');
    await page.getByLabel('Validade (MM/AA)').pressSequentially('1230');
    await page.getByLabel('CVV').fill('123');
    const submit = page.getByRole('button', { name: `Finalizar Pagamento - ${PRICE}` });
    await submit.click();

    await expect(page.getByRole('alert')).toHaveText('Erro ao verificar status do pagamento');
    await expect(page.getByLabel('CPF')).toBeEnabled();
    await expect(submit).toBeEnabled();
    await expectNoRequest(page, PAYMENT_STATUS, 6_000);
    expect(checks).toHaveLength(3);

    const again = page.waitForRequest((r) => callsProcedure(r.url(), PAYMENT_STATUS), { timeout: 2_000 });
    await page.getByRole('button', { name: 'Verificar novamente' }).click();
    await again;
  });

  test('declined card shows the refusal and stays on the page', async ({ page }) => {
    await cepUnreachable(page);
    await page.goto(oldCheckoutUrl('Davi Recusado', uniqueEmail('recusado')));
    await fillPersonalData(page, {});
    await fillAddressByHand(page);
    await page.getByLabel('Número do cartão').pressSequentially('4000000000000002');
    await page.getByLabel('Nome no cartão').fill('Davi Recusado');
    await page.getByLabel('Validade (MM/AA)').pressSequentially('1230');
    await page.getByLabel('CVV').fill('123');
    await page.getByRole('button', { name: `Finalizar Pagamento - ${PRICE}` }).click();
    // The provider's reason (the sandbox's own words for its declined test card).
    await expect(page.getByRole('alert')).toHaveText(SANDBOX_MSG.declined);
    await expect(page).toHaveURL(/\/checkout\/old/);
  });

  test('approved card: confirmation e-mail, then /checkout/success after 3 s', async ({ page }) => {
    const email = uniqueEmail('cartao');
    await cepUnreachable(page);
    await page.goto(oldCheckoutUrl('Carlos Cartão', email));
    await fillPersonalData(page, {});
    await fillAddressByHand(page);
    await page.getByLabel('Número do cartão').pressSequentially('4111111111111111');
    await expect(page.getByLabel('Número do cartão')).toHaveValue('4111 1111 1111 1111');
    await page.getByLabel('Nome no cartão').fill('Carlos Cartao');
    await page.getByLabel('Validade (MM/AA)').pressSequentially('1230');
    await page.getByLabel('CVV').fill('123');
    const processed = page.waitForResponse((r) => callsProcedure(r.url(), 'checkout.process'));
    const tokenized = page.waitForRequest((r) => new URL(r.url()).pathname === '/sandbox/tokens');
    const confirmation = page.waitForRequest(
      (r) => r.method() === 'POST' && callsProcedure(r.url(), 'checkout.confirmationEmail'),
    );
    await page.getByRole('button', { name: `Finalizar Pagamento - ${PRICE}` }).click();
    const { paymentId } = await trpcOutput<{ paymentId: string }>(await processed, 'checkout.process');
    // The card went to the provider's tokens endpoint (here the sandbox's); our API got the token only.
    expect((await tokenized).postDataJSON()).toMatchObject({
      type: 'card',
      card: { number: '4111111111111111' },
    });
    const sent = trpcInput((await processed).request(), 'checkout.process') as {
      paymentData: Record<string, unknown>;
    };
    expect(sent.paymentData).toEqual({
      amount: expect.any(Number),
      cardToken: expect.stringMatching(/^token_/),
    });
    expect(JSON.stringify(sent)).not.toContain('4111111111111111');
    // The page asks the server to send the confirmation e-mail of this payment.
    expect(trpcInput(await confirmation, 'checkout.confirmationEmail')).toEqual({ paymentId });

    await expect(page.getByText('Pagamento aprovado! Você será redirecionado em instantes.')).toBeVisible();
    await expect(page).toHaveURL(/\/checkout\/success$/, { timeout: 10_000 });
    await expect(page.getByRole('heading', { name: 'Pagamento Confirmado!' })).toBeVisible();
    await expect(page.getByText('Cartão de crédito', { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: /Falar no WhatsApp/ })).toHaveAttribute(
      'href',
      /^https:\/\/wa\.me\/\d+/,
    );
    // One confirmation e-mail, however many times it was asked for.
    expect(e2eDb.outboxFor(email).filter((row) => row.template === 'payment_confirmed')).toHaveLength(1);
  });

  test('validation lists the old checkout messages; no amount → "Valor da assinatura não encontrado"', async ({
    page,
  }) => {
    const calls = recordRequests(page, 'checkout.process');
    await page.goto('/checkout/old');
    await expect(page.getByText('Valor da assinatura não encontrado')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Finalizar Pagamento' })).toBeDisabled();

    await page.goto('/checkout/old?amount=149700');
    await page.getByRole('button', { name: `Finalizar Pagamento - ${PRICE}` }).click();
    const alert = page.getByRole('alert');
    for (const message of [
      'Nome completo é obrigatório',
      'Email é obrigatório',
      'Telefone é obrigatório',
      'CPF é obrigatório',
      'Número do cartão é obrigatório',
      'Nome no cartão é obrigatório',
      'Validade do cartão é obrigatória',
      'CVV é obrigatório',
    ]) {
      await expect(alert.getByText(message, { exact: true })).toBeVisible();
    }
    // The first field of the page is marked and focused.
    await expect(page.getByLabel('Nome completo')).toBeFocused();
    await expect(page.getByLabel('Nome completo')).toHaveAccessibleDescription('Nome completo é obrigatório');
    await expectNoRequest(page, 'checkout.process');
    expect(calls).toHaveLength(0);
  });

  test('card rules before anything leaves the browser: malformed fields, then "Cartão vencido"', async ({
    page,
  }) => {
    await cepUnreachable(page);
    const sent = recordRequests(page, 'checkout.process');
    const tokenized = recordRequests(page, '/sandbox/tokens');
    await page.goto(oldCheckoutUrl('Vera Vencido', uniqueEmail('vencido')));
    await fillPersonalData(page, {});
    await fillAddressByHand(page);
    const number = page.getByLabel('Número do cartão');
    const expiry = page.getByLabel('Validade (MM/AA)');
    const cvv = page.getByLabel('CVV');
    await number.pressSequentially('4111111111111112');
    await page.getByLabel('Nome no cartão').fill('vera vencido');
    // The holder is written as on the card.
    await expect(page.getByLabel('Nome no cartão')).toHaveValue('VERA VENCIDO');
    await expiry.pressSequentially('1330');
    await cvv.fill('12');
    const submit = page.getByRole('button', { name: `Finalizar Pagamento - ${PRICE}` });
    await submit.click();

    const alert = page.getByRole('alert');
    for (const message of [
      'Número do cartão inválido',
      'Validade do cartão inválida (use MM/AA)',
      'CVV inválido',
    ]) {
      await expect(alert.getByText(message, { exact: true })).toBeVisible();
    }
    await expect(number).toBeFocused();
    await expect(number).toHaveAccessibleDescription('Número do cartão inválido');
    await expect(cvv).toHaveAccessibleDescription('CVV inválido');

    await number.fill('');
    await number.pressSequentially('4111111111111111');
    await expiry.fill('');
    await expiry.pressSequentially('0120');
    await cvv.fill('123');
    await submit.click();
    await expect(alert).toHaveText('Cartão vencido');
    await expect(expiry).toBeFocused();
    await expect(expiry).toHaveAccessibleDescription('Cartão vencido');
    await expect(number).not.toHaveAttribute('aria-invalid');
    await expectNoRequest(page, 'checkout.process');
    expect(sent).toHaveLength(0);
    expect(tokenized).toHaveLength(0);
  });

  test('/checkout/success without router state goes home', async ({ page }) => {
    await page.goto('/checkout/success');
    await expect(page).toHaveURL(/\/$/);
  });
});

test('checkout screens pass axe-core (no serious or critical problems), on a phone-sized screen', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/checkout');
  await page.getByRole('button', { name: /Gerar Link de Pagamento/ }).click();
  await expect(page.getByRole('alert')).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);

  const link = await createLinkByApi(request, uniqueEmail('a11y'));
  await page.goto(`/checkout/payment-link-success?payment_link_id=${link.id}`);
  await expect(page.getByRole('heading', { name: 'Aguardando Pagamento' })).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);

  await page.goto('/checkout/old?amount=149700');
  await expect(page.getByRole('button', { name: `Finalizar Pagamento - ${PRICE}` })).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);
});
