import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/app';
import { AppError } from '../../lib/errors';

let t: TestApp;
afterEach(async () => {
  await t.close();
});

const passwordHashOf = (email: string) =>
  (
    t.database.sqlite.prepare('select password_hash from users where email = ?').get(email) as {
      password_hash: string | null;
    }
  ).password_hash;

/** The role a login with these credentials answers (it throws when they are wrong). */
const roleAtLogin = async (email: string, password = 'Malbec-Serra-42') =>
  (await t.services.accounts.login({ email, password })).user.role;

async function appError(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('accounts', () => {
  it('stores passwords as argon2id hashes and normalises e-mails', async () => {
    t = await createTestApp();
    const result = await t.services.accounts.register({
      name: 'Ana',
      email: ' Ana@Teste.COM.br ',
      password: 'Malbec-Serra-42',
    });
    expect(result.user.email).toBe('ana@teste.com.br');
    expect(passwordHashOf('ana@teste.com.br')).toMatch(/^\$argon2id\$/);
    expect(
      (await t.services.accounts.login({ email: 'ANA@teste.com.br', password: 'Malbec-Serra-42' })).user.id,
    ).toBe(result.user.id);
  });

  it('an account created without a password cannot log in until it sets one through its link', async () => {
    t = await createTestApp();
    const user = await t.services.accounts.createAccount({ name: 'Bia', email: 'bia@teste.com.br' });
    expect(passwordHashOf('bia@teste.com.br')).toBeNull();
    const refused = await appError(
      t.services.accounts.login({ email: 'bia@teste.com.br', password: '' + 'qualquer' }),
    );
    expect(refused.message).toBe('Email ou senha inválidos');

    const link = t.services.accounts.createSetPasswordLink(user.id);
    expect(link).toMatch(new RegExp(`^${t.env.publicUrl}/definir-senha\\?token=[a-z0-9]+$`));
    await t.services.accounts.setPassword(new URL(link).searchParams.get('token')!, 'minha-senha');
    expect(
      (await t.services.accounts.login({ email: 'bia@teste.com.br', password: 'minha-senha' })).user.id,
    ).toBe(user.id);
  });

  it('the set-password token is stored only as a hash', async () => {
    t = await createTestApp();
    const user = await t.services.accounts.createAccount({ name: 'Bia', email: 'bia@teste.com.br' });
    const token = new URL(t.services.accounts.createSetPasswordLink(user.id)).searchParams.get('token')!;
    const rows = JSON.stringify(t.database.sqlite.prepare('select * from password_tokens').raw().all());
    expect(rows).not.toContain(token);
  });
});

describe('createOrPromoteAdmin', () => {
  it('creates an admin who can log in', async () => {
    t = await createTestApp();
    const { user, created } = await t.services.accounts.createOrPromoteAdmin({
      email: 'Chefe@Confraria.com.br',
      password: 'Malbec-Serra-42',
      name: 'Chefe',
    });
    expect(created).toBe(true);
    expect(user).toMatchObject({ email: 'chefe@confraria.com.br', name: 'Chefe', role: 'admin' });
    expect(await roleAtLogin('chefe@confraria.com.br')).toBe('admin');
  });

  it('promotes an existing account, keeping its password unless a new one is given', async () => {
    t = await createTestApp();
    const member = await t.services.accounts.register({
      name: 'Ana',
      email: 'ana@teste.com.br',
      password: 'Malbec-Serra-42',
    });
    const promoted = await t.services.accounts.createOrPromoteAdmin({ email: 'ana@teste.com.br' });
    expect(promoted).toEqual({ user: { ...member.user, role: 'admin' }, created: false });
    // The member's sessions end: an admin's live by other rules (12 hours idle, 7 days at most).
    expect(t.services.sessions.validate(member.token)).toBeNull();
    const asAdmin = await t.services.accounts.login({
      email: 'ana@teste.com.br',
      password: 'Malbec-Serra-42',
    });
    expect(asAdmin.user.role).toBe('admin');

    await t.services.accounts.createOrPromoteAdmin({ email: 'ana@teste.com.br', password: 'outra-senha' });
    expect(t.services.sessions.validate(asAdmin.token)).toBeNull();
    expect(await roleAtLogin('ana@teste.com.br', 'outra-senha')).toBe('admin');
  });

  it('refuses bad input in Portuguese and changes nothing', async () => {
    t = await createTestApp();
    expect(
      (
        await appError(
          t.services.accounts.createOrPromoteAdmin({ email: 'nao-e-email', password: 'Malbec-Serra-42' }),
        )
      ).message,
    ).toBe('Email inválido');
    expect(
      (await appError(t.services.accounts.createOrPromoteAdmin({ email: 'a@b.com.br', password: '1234567' })))
        .message,
    ).toBe('A senha deve ter pelo menos 8 caracteres');
    // Long enough but guessable: refused with what to do instead.
    expect(
      (
        await appError(
          t.services.accounts.createOrPromoteAdmin({ email: 'a@b.com.br', password: 'admin123' }),
        )
      ).message,
    ).toBe(
      'Esta é uma das senhas mais usadas. Escolha outra: junte três ou quatro palavras sem relação ' +
        'entre si, ou use uma senha mais longa com letras, números e símbolos.',
    );
    // A new admin needs a password.
    expect((await appError(t.services.accounts.createOrPromoteAdmin({ email: 'a@b.com.br' }))).code).toBe(
      'BAD_REQUEST',
    );
    expect(t.services.accounts.hasAdmin()).toBe(false);
  });
});

describe('ensureFirstAdmin (ADMIN_EMAIL / ADMIN_PASSWORD at start)', () => {
  const ADMIN = {
    ADMIN_EMAIL: 'dono@confraria.com.br',
    ADMIN_PASSWORD: 'Malbec-Serra-42',
    ADMIN_NAME: 'Dono',
  };

  it('creates the first admin when the club has none', async () => {
    t = await createTestApp(ADMIN);
    const admin = await t.services.accounts.ensureFirstAdmin();
    expect(admin).toMatchObject({ email: 'dono@confraria.com.br', name: 'Dono', role: 'admin' });
    expect(await roleAtLogin('dono@confraria.com.br')).toBe('admin');
  });

  it('does nothing once an admin exists: a restart never resets a password', async () => {
    t = await createTestApp(ADMIN);
    await t.services.accounts.ensureFirstAdmin();
    await t.services.accounts.setPassword(
      new URL(
        t.services.accounts.createSetPasswordLink(t.services.accounts.findByEmail(ADMIN.ADMIN_EMAIL)!.id),
      ).searchParams.get('token')!,
      'trocada-depois',
    );
    expect(await t.services.accounts.ensureFirstAdmin()).toBeNull();
    expect(await roleAtLogin(ADMIN.ADMIN_EMAIL, 'trocada-depois')).toBe('admin');
  });

  it('promotes the account that already uses that e-mail', async () => {
    t = await createTestApp(ADMIN);
    await t.services.accounts.register({
      name: 'Dono',
      email: ADMIN.ADMIN_EMAIL,
      password: 'antiga-senha-do-dono',
    });
    expect((await t.services.accounts.ensureFirstAdmin())?.role).toBe('admin');
    expect(await roleAtLogin(ADMIN.ADMIN_EMAIL)).toBe('admin');
  });

  it('refuses a guessable ADMIN_PASSWORD: no admin, one line in the log, the server goes on', async () => {
    t = await createTestApp({ ...ADMIN, ADMIN_PASSWORD: 'admin123' });
    expect(await t.services.accounts.ensureFirstAdmin()).toBeNull();
    expect(t.services.accounts.hasAdmin()).toBe(false);
  });

  it('needs both variables', async () => {
    t = await createTestApp({ ADMIN_EMAIL: ADMIN.ADMIN_EMAIL });
    expect(await t.services.accounts.ensureFirstAdmin()).toBeNull();
    expect(t.services.accounts.hasAdmin()).toBe(false);
  });
});
