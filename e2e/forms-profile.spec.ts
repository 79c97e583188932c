/**
 * The member's profile (ADR 033): phone, CPF and CEP shown and edited with the masks of
 * the checkout and the back office; the CEP rule of every form (opening and saving keep the stored
 * address, a CEP the member types asks before replacing it; the fake ViaCEP of the global setup
 * answers 01001-000); "Senha atual incorreta" goes away as soon as the current password changes.
 */
import path from 'node:path';
import Database from 'better-sqlite3';
import { seriousA11yViolations } from './a11y';
import { e2eDb, expect, test } from './fixtures';
import { callsProcedure } from './trpc';
import { createSeededMember, logIn } from './members';

function giveAddress(subscriberId: string) {
  const db = new Database(path.join(process.env.E2E_DATA_DIR ?? '', 'club.db'), { fileMustExist: true });
  db.pragma('busy_timeout = 5000');
  try {
    db.prepare(
      `update subscribers set cpf = '52998224725', street = 'Rua das Videiras', number = '100',
         neighborhood = 'Centro', city = 'Campinas', state = 'SP', zip_code = '01001000' where id = ?`,
    ).run(subscriberId);
  } finally {
    db.close();
  }
}

test('profile: masked phone, CPF and CEP; the stored address kept; a typed CEP asks first', async ({
  page,
  request,
}) => {
  const member = await createSeededMember(request, { name: 'Henrique Teixeira' });
  giveAddress(member.subscriberId);
  const lookups: string[] = [];
  page.on('request', (req) => {
    if (callsProcedure(req.url(), 'checkout.cep')) lookups.push(req.url());
  });
  await page.setViewportSize({ width: 1280, height: 900 });
  await logIn(page, member.email);
  await page.goto('/user/profile');
  const form = page.locator('form').filter({ has: page.getByRole('heading', { name: 'Dados pessoais' }) });
  await expect(form.getByLabel('Telefone')).toHaveValue('(11) 98765-4321');
  await expect(form.getByLabel('CPF')).toHaveValue('529.982.247-25');
  await expect(form.getByLabel('CEP')).toHaveValue('01001-000');
  await expect(form.getByLabel('Endereço', { exact: true })).toHaveValue('Rua das Videiras');

  // The masks shape what the member types.
  // Erased as a person does (select all, delete), then typed.
  await form.getByLabel('Telefone').press('Control+a');
  await form.getByLabel('Telefone').press('Backspace');
  await expect(form.getByLabel('Telefone')).toHaveValue('');
  await form.getByLabel('Telefone').pressSequentially('21998765432');
  await expect(form.getByLabel('Telefone')).toHaveValue('(21) 99876-5432');
  await form.getByLabel('Profissão').fill('Enólogo');
  await form.getByRole('button', { name: 'Salvar alterações' }).click();
  await expect(page.getByText('Perfil atualizado', { exact: false }).first()).toBeVisible();
  expect(lookups).toEqual([]);
  expect(
    e2eDb.query('select phone, street, city, profession from subscribers where id = ?', member.subscriberId),
  ).toEqual([{ phone: '21998765432', street: 'Rua das Videiras', city: 'Campinas', profession: 'Enólogo' }]);

  // A CEP the member types: the lookup's address differs, so the form asks.
  const cep = form.getByLabel('CEP');
  await cep.press('Control+a');
  await cep.press('Backspace');
  await cep.pressSequentially('01001000');
  const question = form.getByRole('group', { name: 'Endereço do CEP' });
  await expect(question).toContainText(
    'O CEP 01001-000 corresponde a Praça da Sé, Sé, São Paulo/SP. Substituir o endereço preenchido?',
  );
  expect(await seriousA11yViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await seriousA11yViolations(page)).toEqual([]);
  await question.getByRole('button', { name: 'Substituir' }).click();
  await expect(form.getByLabel('Endereço', { exact: true })).toHaveValue('Praça da Sé');
  await expect(form.getByLabel('Cidade')).toHaveValue('São Paulo');
});

test('password: "Senha atual incorreta" clears as soon as the current password changes', async ({
  page,
  request,
}) => {
  const member = await createSeededMember(request, { name: 'Senha Errada' });
  await logIn(page, member.email);
  await page.goto('/user/profile');
  const form = page.locator('form').filter({ has: page.getByRole('heading', { name: 'Alterar senha' }) });
  await form.getByLabel('Senha atual').fill('nao-e-esta-senha');
  await form.getByLabel('Nova senha', { exact: true }).fill('Cepa-Tannat-Rubi-2026');
  await form.getByLabel('Confirme a nova senha').fill('Cepa-Tannat-Rubi-2026');
  await form.getByRole('button', { name: 'Alterar senha' }).click();
  await expect(form.getByText('Senha atual incorreta')).toBeVisible();
  // The message is tied to its field and legible at both widths.
  await expect(form.getByLabel('Senha atual')).toHaveAccessibleDescription(/Senha atual incorreta/);
  await expect(form.getByLabel('Senha atual')).toBeFocused();
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await seriousA11yViolations(page), `axe at ${width}px`).toEqual([]);
  }
  await form.getByLabel('Senha atual').pressSequentially('!');
  await expect(form.getByText('Senha atual incorreta')).toBeHidden();
});
