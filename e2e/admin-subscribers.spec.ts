/**
 * The back office's subscribers screen in the browser: create with invalid then valid
 * data, edit, view, approve a paid pending member (a sandbox checkout; then the welcome e-mail and
 * the WhatsApp notice are in the outbox), delete after typing CONFIRMAR; axe clean at 390 and 1280 px.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { seriousA11yViolations } from './a11y';
import { createPublicPaymentLink, e2eDb, expect, test, uniqueEmail } from './fixtures';
import { answerTrpc, trpcCalls, trpcRoute } from './trpc';
import { logInAsAdmin } from './members';

const CEP_ROUTE = trpcRoute('checkout.cep');

/** A member who paid a checkout in the sandbox: status "Aguardando aprovação". */
async function paidPendingMember(request: APIRequestContext, email: string, phone: string) {
  const paymentLink = await createPublicPaymentLink(request, {
    name: 'Paula Aprovação',
    email: email,
    phone: phone,
  });
  const paid = await request.post(`/sandbox/pay/${paymentLink.id}`, {
    data: { outcome: 'paid', method: 'credit_card' },
  });
  expect(paid.ok(), await paid.text()).toBe(true);
}

async function searchFor(page: Page, text: string) {
  await page.getByRole('searchbox', { name: 'Buscar' }).fill(text);
}

test('create (invalid, then valid), edit, view, approve a paid member, delete with CONFIRMAR', async ({
  page,
  request,
}) => {
  const pendingEmail = uniqueEmail('aprovar');
  // A phone of its own, so the outbox's WhatsApp messages are this member's.
  const pendingPhoneDigits = `119${Date.now().toString().slice(-8)}`;
  const pendingPhone = `(${pendingPhoneDigits.slice(0, 2)}) ${pendingPhoneDigits.slice(2, 7)}-${pendingPhoneDigits.slice(7)}`;
  await paidPendingMember(request, pendingEmail, pendingPhone);

  await page.setViewportSize({ width: 1280, height: 900 });
  await logInAsAdmin(page);
  await page.goto('/admin/subscribers');
  await expect(page.getByRole('heading', { level: 1, name: 'Assinantes' })).toBeVisible();
  await expect(page.getByRole('table')).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);

  // The status filter offers every status, the approval queue with its label.
  const statusFilter = page.getByRole('search').getByLabel('Status');
  await statusFilter.selectOption({ label: 'Aguardando aprovação' });
  await searchFor(page, pendingEmail);
  await expect(page.getByRole('button', { name: 'Paula Aprovação', exact: true })).toBeVisible();
  await statusFilter.selectOption({ label: 'Todos' });

  // Create: invalid first.
  await page.getByRole('button', { name: 'Novo assinante' }).click();
  const dialog = page.getByRole('dialog', { name: 'Novo assinante' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Email').fill('sem-arroba');
  await dialog.getByLabel('Telefone').pressSequentially('1234');
  await dialog.getByRole('button', { name: 'Criar assinante' }).click();
  await expect(dialog.getByText('Nome completo é obrigatório', { exact: true })).toBeVisible();
  await expect(dialog.getByText('Formato de email inválido', { exact: true })).toBeVisible();
  await expect(dialog.getByText('Telefone deve ter pelo menos 10 dígitos', { exact: true })).toBeVisible();
  await expect(dialog.getByRole('alert').filter({ hasText: 'Erro de validação: ' })).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);

  // Then valid, with the address found by CEP and a warning that does not block.
  const email = uniqueEmail('novo');
  await page.route(CEP_ROUTE, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 400));
    await answerTrpc(route, 'checkout.cep', {
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
    });
  });
  await dialog.getByLabel('Nome completo').fill('Renata Conceição');
  await dialog.getByLabel('Email').fill(`  ${email.toUpperCase()} `);
  // Erased as a person does: into the field, to its end, backspace.
  await dialog.getByLabel('Telefone').click();
  await page.keyboard.press('End');
  for (let i = 0; i < 8; i++) await page.keyboard.press('Backspace');
  await expect(dialog.getByLabel('Telefone')).toHaveValue('');
  await dialog.getByLabel('Telefone').pressSequentially('21998765432');
  await expect(dialog.getByLabel('Telefone')).toHaveValue('(21) 99876-5432');
  await dialog.getByLabel('CPF').pressSequentially('52998224725');
  await expect(dialog.getByLabel('CPF')).toHaveValue('529.982.247-25');
  await dialog.getByLabel('CEP').pressSequentially('01310100');
  await expect(dialog.getByText('Buscando endereço...')).toBeVisible();
  await expect(dialog.getByLabel('Endereço', { exact: true })).toHaveValue('Avenida Paulista');
  await expect(dialog.getByLabel('Cidade')).toHaveValue('São Paulo');
  await dialog.getByLabel('Data de nascimento').fill(`${new Date().getFullYear() - 16}-03-10`);
  await expect(dialog.getByText('Assinante menor de 18 anos')).toBeVisible();
  await dialog.getByRole('button', { name: 'Criar assinante' }).click();
  await expect(page.getByText('Assinante criado com sucesso! Todos os campos foram salvos.')).toBeVisible();

  // View mode: every field, the history.
  const view = page.getByRole('dialog', { name: 'Assinante' });
  await expect(view.getByText(email)).toBeVisible();
  await expect(view.getByText('529.982.247-25')).toBeVisible();
  await expect(view.getByText('Cadastro criado')).toBeVisible();

  // Edit.
  await view.getByRole('button', { name: 'Editar' }).click();
  const edit = page.getByRole('dialog', { name: 'Editar assinante' });
  await edit.getByLabel('Profissão').fill('Enóloga');
  await edit.getByRole('button', { name: 'Salvar alterações' }).click();
  await expect(page.getByText('Assinante atualizado com sucesso!')).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Assinante' }).getByText('Enóloga')).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Assinante' }).getByText('Dados editados')).toBeVisible();
  await page.getByRole('dialog', { name: 'Assinante' }).getByRole('button', { name: 'Fechar' }).click();

  // Approve the paid pending member.
  await searchFor(page, pendingEmail);
  await page.getByRole('button', { name: 'Paula Aprovação', exact: true }).click();
  const pending = page.getByRole('dialog', { name: 'Assinante' });
  await expect(pending.getByText('Aguardando aprovação').first()).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);
  await pending.getByRole('button', { name: 'Aprovar cadastro' }).click();
  await expect(
    page.getByText(
      'Cadastro aprovado! O link para definir a senha foi enviado ao email do cadastro; o WhatsApp recebeu só um aviso.',
    ),
  ).toBeVisible();
  await expect(pending.getByRole('button', { name: 'Aprovar cadastro' })).toBeHidden();
  await expect(pending.getByText('Ativo').first()).toBeVisible();
  // The link goes only to the new account's e-mail; the WhatsApp typed at the checkout gets a notice.
  const welcomeEmail = e2eDb.outboxFor(pendingEmail).filter((message) => message.template === 'welcome');
  const toWhatsApp = e2eDb.outboxFor(pendingPhoneDigits).filter((message) => message.channel === 'whatsapp');
  expect(welcomeEmail).toHaveLength(1);
  expect(toWhatsApp.map((message) => message.template)).toEqual(['access_ready']);

  // A custom WhatsApp message: empty is refused at the field, then queued in the outbox.
  await pending.getByRole('button', { name: 'Enviar mensagem' }).click();
  await expect(pending.getByText('Mensagem não pode estar vazia')).toBeVisible();
  await pending.getByLabel('Mensagem', { exact: true }).fill('Degustação sábado às 19h!');
  await pending.getByRole('button', { name: 'Enviar mensagem' }).click();
  await expect(page.getByText('Mensagem enviada para a fila do WhatsApp!')).toBeVisible();
  await expect(pending.getByText('Mensagem enviada', { exact: true })).toBeVisible();
  expect(
    e2eDb.outboxFor(pendingPhoneDigits).filter((message) => message.template === 'custom')[0]?.body,
  ).toBe('Degustação sábado às 19h!');

  // A renewal link (approved now), shown with a copy button.
  await pending.getByRole('radio', { name: 'Renovação', exact: true }).check();
  await pending.getByRole('button', { name: 'Gerar link de pagamento' }).click();
  await expect(pending.getByLabel(/Link gerado/)).toHaveValue(/^http/);
  await expect(pending.getByRole('button', { name: 'Copiar link' })).toBeVisible();
  await pending.getByRole('button', { name: 'Fechar' }).click();

  // The filtered list as CSV: UTF-8 with BOM, CPF masked.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Exportar CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^assinantes-\d{4}-\d{2}-\d{2}\.csv$/);
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  const csv = Buffer.concat(chunks);
  expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = csv.subarray(3).toString('utf8');
  expect(text).toContain('Paula Aprovação');
  expect(text).toContain('529.***.***-25');
  expect(text).not.toContain('52998224725');

  // Delete: disabled until CONFIRMAR is typed; a wrong word says so and keeps the dialog open.
  await searchFor(page, email);
  await page.getByRole('button', { name: 'Excluir Renata Conceição' }).click();
  const confirm = page.getByRole('dialog', { name: 'Excluir assinante' });
  const deleteButton = confirm.getByRole('button', { name: 'Excluir definitivamente' });
  await expect(deleteButton).toBeDisabled();
  await confirm.getByLabel('Digite CONFIRMAR para excluir').fill('confirmar');
  await expect(deleteButton).toBeDisabled();
  await confirm.getByLabel('Digite CONFIRMAR para excluir').press('Enter');
  await expect(confirm).toBeVisible();
  await expect(
    confirm.getByText('Digite CONFIRMAR, em letras maiúsculas, para liberar a exclusão.'),
  ).toBeVisible();
  await confirm.getByLabel('Digite CONFIRMAR para excluir').fill('CONFIRMAR');
  await confirm.getByRole('button', { name: 'Excluir definitivamente' }).click();
  await expect(page.getByText('Assinante excluído com sucesso!')).toBeVisible();
  await expect(page.getByText('Nenhum assinante encontrado.')).toBeVisible();
});

test('phone width: cards, no page overflow, axe clean (list and modal)', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await logInAsAdmin(page);
  await page.goto('/admin/subscribers');
  await expect(page.getByRole('heading', { level: 1, name: 'Assinantes' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Novo assinante' })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  expect(await seriousA11yViolations(page)).toEqual([]);
  await page.screenshot({ path: 'test-results/admin-subscribers-390.png', fullPage: true });

  await page.getByRole('button', { name: 'Novo assinante' }).click();
  await expect(page.getByRole('dialog', { name: 'Novo assinante' })).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);
  await page.screenshot({ path: 'test-results/admin-subscribers-390-form.png' });
  // What was typed is kept as a draft, offered when a new form opens: even the last keystrokes of
  // a form closed at once (the draft is written as the form closes, not only after a pause).
  await page.getByRole('dialog').getByLabel('Nome completo').fill('Rascunho da Silva');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Novo assinante' })).toBeHidden();
  await page.getByRole('button', { name: 'Novo assinante' }).click();
  const dialog = page.getByRole('dialog', { name: 'Novo assinante' });
  await expect(dialog.getByLabel('Nome completo')).toHaveValue('');
  await dialog.getByRole('button', { name: 'Carregar rascunho' }).click();
  await expect(dialog.getByLabel('Nome completo')).toHaveValue('Rascunho da Silva');
  await expect(dialog.getByText('Rascunho carregado com sucesso!')).toBeVisible();
  await expect(dialog.getByText('Rascunho carregado com sucesso!')).toBeHidden({ timeout: 4_000 });
  await dialog.getByRole('button', { name: 'Cancelar' }).click();

  // A list that cannot be loaded says so.
  await page.route('**/trpc/subscribers.list**', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }),
  );
  await page.reload();
  await expect(page.getByText('Erro ao carregar assinantes')).toBeVisible({ timeout: 20_000 });
});

test('CSV import: dry run row by row, then applied', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await logInAsAdmin(page);
  await page.goto('/admin/subscribers');
  const email = uniqueEmail('importado');
  const csv = [
    'Nome completo;Email;Telefone;Cidade',
    `Importada Souza;${email};(31) 99999-0000;Belo Horizonte`,
    ';sem-arroba;123;',
  ].join('\n');
  await page.getByRole('button', { name: 'Importar CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Importar assinantes (CSV)' });
  await dialog
    .getByLabel('Arquivo CSV')
    .setInputFiles({ name: 'assinantes.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });
  await dialog.getByRole('button', { name: 'Simular importação' }).click();
  await expect(dialog.getByText('1 a criar, 0 a atualizar, 0 sem mudanças, 1 rejeitada(s).')).toBeVisible();
  await expect(dialog.getByText(/Email: Formato de email inválido/)).toBeVisible();
  expect(await seriousA11yViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Aplicar importação' }).click();
  await expect(
    page.getByText('Importação concluída: 1 criado(s), 0 atualizado(s), 1 rejeitado(s).'),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Fechar' }).first().click();
  await page.getByRole('searchbox', { name: 'Buscar' }).fill(email);
  await expect(page.getByRole('button', { name: 'Importada Souza', exact: true })).toBeVisible();
});

test('a new subscriber starts at the annual price of Configurações', async ({ page }) => {
  // The club's price as Configurações would answer it after a change, for this page only: the
  // other specs share the server and its prices.
  await page.route(trpcRoute('settings.get'), async (route) => {
    const real = await route.fetch();
    const body = (await real.json()) as unknown;
    const answer = (
      Array.isArray(body) ? body[trpcCalls(route.request().url()).indexOf('settings.get')] : body
    ) as {
      result: { data: { settings: Record<string, unknown> } };
    };
    await answerTrpc(route, 'settings.get', {
      data: { ...answer.result.data, settings: { ...answer.result.data.settings, priceAnnual: 169900 } },
    });
  });
  await logInAsAdmin(page);
  await page.goto('/admin/subscribers');
  await page.getByRole('button', { name: 'Novo assinante' }).click();
  const dialog = page.getByRole('dialog', { name: 'Novo assinante' });
  await expect(dialog.getByLabel('Valor da assinatura (R$)')).toHaveValue('1.699,00');

  const email = uniqueEmail('preco');
  await dialog.getByLabel('Nome completo').fill('Otávio Preço');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Telefone').pressSequentially('21998765432');
  await dialog.getByRole('button', { name: 'Criar assinante' }).click();
  await expect(page.getByText('Assinante criado com sucesso! Todos os campos foram salvos.')).toBeVisible();
  expect(e2eDb.query('select subscription_price as price from subscribers where email = ?', email)).toEqual([
    { price: 169900 },
  ]);
});
