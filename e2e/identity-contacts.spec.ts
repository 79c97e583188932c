/**
 * Proven contacts in the browser (ADR 027): a member changes the sign-in address in "Meu Perfil"
 * (shown "aguardando confirmação" until the link mailed to the new address is used), proves the
 * WhatsApp number with the code the number received, and the back office refuses to approve a
 * paid checkout that names the admin's e-mail, saying why before the click. Axe at 390 / 1280 px.
 */
import path from 'node:path';
import { randomInt, randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import Database from 'better-sqlite3';
import { seriousA11yViolations } from './a11y';
import { createPublicPaymentLink, e2eDb, expect, test, uniqueEmail } from './fixtures';
import { ADMIN } from './members';
import { DAY_MS } from '../src/shared/sao-paulo-time';

// Each test checks pages with axe at two widths and reads mailboxes: more than the default minute
// on a busy machine.
test.describe.configure({ timeout: 180_000 });

const PASSWORD = 'Rolha-Safra-Cave-19';
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** A phone of its own per member, so the mailbox's WhatsApp files are this member's. */
const uniquePhone = () => `119${String(Date.now()).slice(-6)}${randomInt(10, 99)}`;

/**
 * Registers through the public REST path, then does what approval and a paid year do: e-mail
 * proven, a record tied to the account, active for 200 days, with `phone` in the profile.
 */
async function createMember(request: APIRequestContext, name: string, phone: string) {
  const email = uniqueEmail('contatos');
  const response = await request.post('/api/auth/register', { data: { name, email, password: PASSWORD } });
  expect(response.status()).toBe(201);
  const userId = ((await response.json()) as { user: { id: string } }).user.id;
  const now = Date.now();
  const start = now - 165 * DAY_MS;
  const referralCode = Array.from({ length: 8 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join(
    '',
  );
  const db = new Database(path.join(process.env.E2E_DATA_DIR ?? '', 'club.db'), { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    db.prepare('update users set email_verified_at = ? where id = ?').run(now, userId);
    db.prepare(
      `insert into subscribers (id, name, email, phone, status, payment_status, subscription_price,
         subscription_start_date, subscription_end_date, approved_at, approved_by, referral_code, user_id,
         created_at, updated_at)
       values (?, ?, ?, ?, 'active', 'paid', 149700, ?, ?, ?, 'admin', ?, ?, ?, ?)`,
    ).run(
      randomUUID(),
      name,
      email,
      phone,
      start,
      now + 200 * DAY_MS,
      start,
      referralCode,
      userId,
      start,
      now,
    );
  } finally {
    db.close();
  }
  return { email, phone };
}

async function logIn(page: Page, email: string, password = PASSWORD) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.waitForURL(/\/(user|admin)\/dashboard$/);
}

async function expectAxeClean(page: Page, label: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await seriousA11yViolations(page), `${label} at ${width}px`).toEqual([]);
  }
}

/** What the mailbox of `recipient` received that matches `pattern` (the newest), as its owner reads it. */
async function fromMailbox(recipient: string, pattern: RegExp): Promise<string> {
  let found = '';
  await expect
    .poll(() => {
      found =
        e2eDb
          .mailboxFor(recipient)
          .map((text) => pattern.exec(text)?.[1] ?? '')
          .find(Boolean) ?? '';
      return found;
    })
    .not.toBe('');
  return found;
}

test('the sign-in address changes only once the new address confirms it', async ({ page }) => {
  const member = await createMember(page.request, 'Clara Contatos', uniquePhone());
  const newEmail = uniqueEmail('novo');
  await logIn(page, member.email);
  await page.goto('/user/profile');
  const card = page.locator('form', { has: page.getByRole('heading', { name: 'Email de acesso' }) });
  await expect(card.getByTestId('account-email')).toHaveText(member.email);
  await expect(card.getByText('confirmado', { exact: true })).toBeVisible();

  await card.getByLabel('Novo email').fill(newEmail);
  await card.getByLabel('Senha atual').fill(PASSWORD);
  await card.getByRole('button', { name: 'Alterar email' }).click();
  await expect(
    card.getByText(
      'Enviamos um link de confirmação para o novo email. A troca só vale depois da confirmação; até lá, continue entrando com o email atual.',
    ),
  ).toBeVisible();
  const pending = card.getByTestId('pending-email');
  await expect(pending).toContainText(`Novo email: ${newEmail}`);
  await expect(pending.getByText('aguardando confirmação')).toBeVisible();
  await expect(card.getByTestId('account-email')).toHaveText(member.email);
  await expectAxeClean(page, 'profile with a pending e-mail');

  // The current address is told, without a link; the new one gets the link.
  const notice = await fromMailbox(member.email, /(Recebemos um pedido, feito no Portal do Confrade[^\n]*)/);
  expect(notice).not.toContain('token=');
  const link = await fromMailbox(newEmail, /(https?:\/\/\S+\/confirmar-novo-email\?token=\S+)/);

  // Opened in this browser, signed in as the member: the session stays.
  await page.goto(link.replace(/^https?:\/\/[^/]+/, ''));
  await expect(
    page.getByText(
      `Email confirmado! A partir de agora, entre com ${newEmail}. As outras sessões da conta foram encerradas.`,
    ),
  ).toBeVisible();
  await expectAxeClean(page, 'confirm new e-mail');
  await page.goto('/user/profile');
  await expect(page.getByTestId('account-email')).toHaveText(newEmail);
  await expect(page.getByTestId('pending-email')).toHaveCount(0);

  // The link works once.
  await page.goto(link.replace(/^https?:\/\/[^/]+/, ''));
  await expect(page.getByRole('alert')).toHaveText(
    'Link de confirmação inválido, expirado ou já usado. Peça a troca de email novamente.',
  );
});

test('a pending change can be cancelled from the profile', async ({ page }) => {
  const member = await createMember(page.request, 'Caio Cancela', uniquePhone());
  await logIn(page, member.email);
  await page.goto('/user/profile');
  const card = page.locator('form', { has: page.getByRole('heading', { name: 'Email de acesso' }) });
  await card.getByLabel('Novo email').fill(uniqueEmail('talvez'));
  await card.getByLabel('Senha atual').fill(PASSWORD);
  await card.getByRole('button', { name: 'Alterar email' }).click();
  await expect(card.getByTestId('pending-email')).toBeVisible();
  await card.getByRole('button', { name: 'Cancelar troca de email' }).click();
  await expect(
    card.getByText('Troca de email cancelada. Seu email de acesso continua o mesmo.'),
  ).toBeVisible();
  await expect(card.getByTestId('pending-email')).toHaveCount(0);
});

test('the WhatsApp number is proven by the code it received', async ({ page }) => {
  const member = await createMember(page.request, 'Wagner WhatsApp', uniquePhone());
  await logIn(page, member.email);
  await page.goto('/user/profile');
  const card = page.getByRole('region', { name: 'WhatsApp' });
  await expect(card.getByText('não confirmado', { exact: true })).toBeVisible();
  // The proven number will receive codes and links: the current password first (ADR 027).
  await card.getByRole('button', { name: 'Enviar código por WhatsApp' }).click();
  await expect(card.getByText('Informe sua senha atual')).toBeVisible();
  await expect(card.getByLabel('Senha atual')).toBeFocused();
  await card.getByLabel('Senha atual').fill('Outra-Senha-Qualquer-1');
  await card.getByRole('button', { name: 'Enviar código por WhatsApp' }).click();
  await expect(card.getByRole('alert')).toHaveText('Senha atual incorreta');
  await expectAxeClean(page, 'phone code refused without the password');
  await card.getByLabel('Senha atual').fill(PASSWORD);
  await card.getByRole('button', { name: 'Enviar código por WhatsApp' }).click();
  await expect(
    card.getByText(
      `Enviamos um código de 6 dígitos por WhatsApp para (11) *****-${member.phone.slice(-4)}. Ele vale por 10 minutos.`,
    ),
  ).toBeVisible();
  await expectAxeClean(page, 'phone code asked');

  // Without a WhatsApp provider the message lands in the server's local mailbox, as on a phone.
  const code = await fromMailbox(member.phone, /confirmar este WhatsApp[^\d]*(\d{6})/);
  const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
  await card.getByLabel('Código recebido no WhatsApp').fill(wrong);
  await card.getByRole('button', { name: 'Confirmar WhatsApp' }).click();
  await expect(card.getByRole('alert')).toHaveText('Código incorreto. Restam 4 tentativas.');
  await card.getByLabel('Código recebido no WhatsApp').fill(code);
  await card.getByRole('button', { name: 'Confirmar WhatsApp' }).click();
  await expect(
    card.getByText('WhatsApp confirmado! Códigos e links de acesso podem ser enviados a este número.'),
  ).toBeVisible();
  await expect(card.getByText('confirmado', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Enviar código por WhatsApp' })).toHaveCount(0);
  await expectAxeClean(page, 'phone proven');

  // The proven e-mail is told, with "não fui eu": the button ends every session, this one too.
  const notMe = await fromMailbox(member.email, /(\/nao-fui-eu\?token=[a-z0-9]+)/);
  await page.goto(notMe);
  await expect(page.getByRole('heading', { level: 1, name: 'Não fui eu' })).toBeVisible();
  await expectAxeClean(page, 'não fui eu');
  await page.getByRole('button', { name: 'Não fui eu: proteger minha conta' }).click();
  await expect(page.getByRole('status')).toContainText('todas as sessões da sua conta foram encerradas');
  await page.goto('/user/profile');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fuser%2Fprofile$/);
});

test('the wizard keeps the sign-in e-mail and WhatsApp of a record with an account', async ({ page }) => {
  const member = await createMember(page.request, 'Olga Conta', uniquePhone());
  const db = new Database(path.join(process.env.E2E_DATA_DIR ?? '', 'club.db'), { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    db.prepare(
      `update subscribers set zip_code = '22250040', street = 'Rua das Videiras', number = '42',
         neighborhood = 'Botafogo', city = 'Rio de Janeiro', state = 'RJ' where email = ?`,
    ).run(member.email);
  } finally {
    db.close();
  }
  await page.goto('/formulario-atualizacao');
  await page.getByLabel('E-mail').fill(member.email);
  await page.getByRole('button', { name: 'Buscar Cadastro' }).click();
  await expect(page.getByRole('heading', { name: 'Confirme que é você' })).toBeFocused();
  const code = await fromMailbox(member.email, /atualizar[\s\S]*?\b(\d{6})\b/);
  await page.getByLabel('Código de confirmação').fill(code);
  await page.getByRole('button', { name: 'Confirmar Código' }).click();
  await expect(page.getByRole('heading', { name: 'Complete seu perfil' })).toBeFocused();
  const note =
    'Este cadastro tem uma conta: o email de acesso e o telefone/WhatsApp não mudam por aqui. Para trocá-los, entre no Portal do Confrade, em "Meu Perfil".';
  await expect(page.getByTestId('contacts-in-portal')).toHaveText(note);
  await expect(page.getByLabel('E-mail')).toHaveAttribute('readonly', '');
  await expect(page.getByLabel('Telefone / WhatsApp')).toHaveAttribute('readonly', '');
  await expectAxeClean(page, 'wizard step 2 of a record with an account');
  await page.getByRole('button', { name: 'Salvar Dados' }).click();
  await expect(page.getByRole('heading', { name: 'Dados atualizados com sucesso!' })).toBeFocused();
  await expect(page.getByText(note)).toBeVisible();
  await expectAxeClean(page, 'wizard done for a record with an account');
});

test("the back office refuses to approve a checkout that names the admin's e-mail, and says why", async ({
  page,
  request,
}) => {
  const paymentLink = await createPublicPaymentLink(request, {
    name: 'Comprador Qualquer',
    email: ADMIN.email,
    phone: '(11) 91234-5678',
  });
  const paid = await request.post(`/sandbox/pay/${paymentLink.id}`, {
    data: { outcome: 'paid', method: 'credit_card' },
  });
  expect(paid.ok(), await paid.text()).toBe(true);

  await logIn(page, ADMIN.email, ADMIN.password);
  await page.goto('/admin/subscribers');
  await page.getByRole('searchbox', { name: 'Buscar' }).fill(ADMIN.email);
  await page.getByRole('button', { name: 'Comprador Qualquer', exact: true }).click();
  const view = page.getByRole('dialog', { name: 'Assinante' });
  const refusal =
    'Este cadastro não pode ser aprovado: o email dele é de um administrador do clube. Corrija o email do cadastro antes de aprovar.';
  await expect(view.getByRole('alert')).toHaveText(refusal);
  await expect(view.getByRole('button', { name: 'Aprovar cadastro' })).toBeDisabled();
  await expect(view.getByTestId('subscriber-access')).toContainText(`${ADMIN.email} (administrador)`);
  await expectAxeClean(page, 'approval refused');
});

test('the wizard says a new e-mail waits for its confirmation', async ({ page, request }) => {
  const login = await request.post('/api/auth/login', { data: ADMIN });
  const { token } = (await login.json()) as { token: string };
  const email = uniqueEmail('assistente');
  const createdRecord = await request.post('/api/admin/subscribers', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      fullName: 'Vera Assistente',
      email,
      phone: uniquePhone(),
      shirtSize: 'M',
      zipCode: '22250-040',
      address: 'Rua das Videiras',
      number: '42',
      neighborhood: 'Botafogo',
      city: 'Rio de Janeiro',
      state: 'RJ',
      status: 'active',
      subscriptionPrice: 149700,
    },
  });
  expect(createdRecord.status(), await createdRecord.text()).toBe(201);

  await page.goto('/formulario-atualizacao');
  await page.getByLabel('E-mail').fill(email);
  await page.getByRole('button', { name: 'Buscar Cadastro' }).click();
  await expect(page.getByRole('heading', { name: 'Confirme que é você' })).toBeFocused();
  const code = await fromMailbox(email, /atualizar[\s\S]*?\b(\d{6})\b/);
  await page.getByLabel('Código de confirmação').fill(code);
  await page.getByRole('button', { name: 'Confirmar Código' }).click();
  await expect(page.getByRole('heading', { name: 'Complete seu perfil' })).toBeFocused();
  const newEmail = uniqueEmail('vera.nova');
  await page.getByLabel('E-mail').fill(newEmail);
  await page.getByRole('button', { name: 'Salvar Dados' }).click();
  await expect(page.getByRole('heading', { name: 'Dados atualizados com sucesso!' })).toBeFocused();
  await expect(page.getByRole('status').filter({ hasText: 'aguardando confirmação' })).toContainText(
    `O novo email ${newEmail} está aguardando confirmação`,
  );
  await expect(page.getByText(email, { exact: true })).toBeVisible();
  await expectAxeClean(page, 'wizard done with a pending e-mail');
});

test("an admin's correction of a member's e-mail waits for the new address, and the view says so", async ({
  page,
}) => {
  const member = await createMember(page.request, 'Olga Corrigida', uniquePhone());
  const corrected = uniqueEmail('olga.corrigida');
  await logIn(page, ADMIN.email, ADMIN.password);
  await page.goto('/admin/subscribers');
  await page.getByRole('searchbox', { name: 'Buscar' }).fill(member.email);
  await page.getByRole('button', { name: 'Olga Corrigida', exact: true }).click();
  const view = page.getByRole('dialog', { name: 'Assinante' });
  await expect(view.getByTestId('subscriber-access')).toContainText(member.email);
  await view.getByRole('button', { name: 'Editar' }).click();
  const edit = page.getByRole('dialog', { name: 'Editar assinante' });
  await edit.getByLabel('Email', { exact: true }).fill(corrected);
  await edit.getByRole('button', { name: 'Salvar alterações' }).click();
  await expect(
    page.getByText(
      'Assinante atualizado. O novo email só passa a valer quando for confirmado pelo link enviado a ele; o email atual foi avisado.',
    ),
  ).toBeVisible();
  const saved = page.getByRole('dialog', { name: 'Assinante' });
  await expect(saved.getByTestId('pending-email')).toContainText(
    `${corrected} — aguardando confirmação (pedido pela equipe do clube; link válido até`,
  );
  await expect(saved.getByTestId('subscriber-access')).toContainText(member.email);
  await expectAxeClean(page, 'admin view with a pending e-mail');
});
