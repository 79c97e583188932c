/**
 * The CEP lookup never changes data by itself (ADR 033): opening a form with a stored
 * address and saving another field keeps that address; a lookup runs only when a person changes
 * the CEP, and when the address already holds something else the form asks before replacing it.
 * The server's lookup goes to the fake ViaCEP the global setup starts on loopback (`VIACEP_URL`),
 * which answers 01001-000 with the real "Praça da Sé" record.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import Database from 'better-sqlite3';
import { seriousA11yViolations } from './a11y';
import { e2eDb, expect, test, uniqueEmail } from './fixtures';
import { callsProcedure } from './trpc';
import { logInAsAdmin } from './members';

/**
 * A record like the demo club's: its stored address (Rua das Videiras, Centro, Campinas) is not
 * what ViaCEP answers for its CEP 01001-000 (Praça da Sé, Sé, São Paulo).
 */
function demoLikeSubscriber(name: string) {
  const id = randomUUID();
  const email = uniqueEmail('cep');
  const db = new Database(path.join(process.env.E2E_DATA_DIR ?? '', 'club.db'), { fileMustExist: true });
  db.pragma('busy_timeout = 5000');
  try {
    const now = Date.now();
    db.prepare(
      `insert into subscribers (id, name, email, phone, street, number, neighborhood, city, state, zip_code,
         status, payment_status, subscription_price, referral_code, created_at, updated_at)
       values (?, ?, ?, '19987654321', 'Rua das Videiras', '100', 'Centro', 'Campinas', 'SP', '01001000',
         'active', 'paid', 149700, ?, ?, ?)`,
    ).run(id, name, email, `CEP${now.toString(36).toUpperCase()}`, now, now);
  } finally {
    db.close();
  }
  return { id, email };
}

const storedAddress = (id: string) =>
  e2eDb.query<{ street: string; neighborhood: string; city: string; profession: string | null }>(
    'select street, neighborhood, city, profession from subscribers where id = ?',
    id,
  )[0];

test('admin form: Editar keeps the stored address; a changed CEP asks before replacing it', async ({
  page,
}) => {
  const name = `Henrique Teixeira ${Date.now().toString(36)}`;
  const subscriber = demoLikeSubscriber(name);
  const lookups: string[] = [];
  page.on('request', (request) => {
    if (callsProcedure(request.url(), 'checkout.cep')) lookups.push(request.url());
  });

  await page.setViewportSize({ width: 1280, height: 900 });
  await logInAsAdmin(page);
  await page.goto('/admin/subscribers');
  await page.getByRole('searchbox', { name: 'Buscar' }).fill(subscriber.email);
  await page.getByRole('button', { name, exact: true }).click();
  await page.getByRole('dialog', { name: 'Assinante' }).getByRole('button', { name: 'Editar' }).click();
  const edit = page.getByRole('dialog', { name: 'Editar assinante' });
  await expect(edit.getByLabel('CEP')).toHaveValue('01001-000');

  // Opening the form looks nothing up and changes nothing.
  await edit.getByLabel('Profissão').fill('Sommelier');
  await expect(edit.getByLabel('Endereço', { exact: true })).toHaveValue('Rua das Videiras');
  await expect(edit.getByLabel('Bairro')).toHaveValue('Centro');
  await expect(edit.getByLabel('Cidade')).toHaveValue('Campinas');
  expect(lookups).toEqual([]);
  await edit.getByRole('button', { name: 'Salvar alterações' }).click();
  await expect(page.getByText('Assinante atualizado com sucesso!')).toBeVisible();
  expect(storedAddress(subscriber.id)).toEqual({
    street: 'Rua das Videiras',
    neighborhood: 'Centro',
    city: 'Campinas',
    profession: 'Sommelier',
  });

  // The person types the CEP again: the answer differs from the address, so the form asks.
  await page.getByRole('dialog', { name: 'Assinante' }).getByRole('button', { name: 'Editar' }).click();
  const cep = edit.getByLabel('CEP');
  await cep.fill('');
  await cep.pressSequentially('01001000');
  const question = edit.getByRole('group', { name: 'Endereço do CEP' });
  await expect(question).toContainText(
    'O CEP 01001-000 corresponde a Praça da Sé, Sé, São Paulo/SP. Substituir o endereço preenchido?',
  );
  expect(await seriousA11yViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await seriousA11yViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 900 });

  // "Manter": nothing changes.
  await question.getByRole('button', { name: 'Manter' }).click();
  await expect(question).toBeHidden();
  await expect(edit.getByLabel('Endereço', { exact: true })).toHaveValue('Rua das Videiras');
  await expect(edit.getByLabel('Cidade')).toHaveValue('Campinas');

  // Asked again, "Substituir" takes the lookup's address.
  await cep.fill('');
  await cep.pressSequentially('01001000');
  await question.getByRole('button', { name: 'Substituir' }).click();
  await expect(edit.getByLabel('Endereço', { exact: true })).toHaveValue('Praça da Sé');
  await expect(edit.getByLabel('Bairro')).toHaveValue('Sé');
  await expect(edit.getByLabel('Cidade')).toHaveValue('São Paulo');
  await expect(edit.getByLabel('Número')).toHaveValue('100');

  // Empty address fields are simply filled, without a question.
  for (const label of ['Endereço', 'Bairro', 'Cidade']) {
    await edit.getByLabel(label, { exact: true }).fill('');
  }
  await cep.fill('');
  await cep.pressSequentially('01001000');
  await expect(edit.getByLabel('Endereço', { exact: true })).toHaveValue('Praça da Sé');
  await expect(edit.getByLabel('Cidade')).toHaveValue('São Paulo');
  await expect(question).toBeHidden();
});
