import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/app';
import { AppError } from '../../lib/errors';
import { login, register, setPassword } from './sign-in';
import { createAccount, createOrPromoteAdmin, ensureFirstAdmin } from './create-account';
import { createSetPasswordLink } from './account-links';
import { hasAdmin, findByEmail } from './account-reads';

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
  (await login(t.services.accounts, { email, password })).user.role;

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
    const result = await register(t.services.accounts, {
      name: 'Ana',
      email: ' Ana@Teste.COM.br ',
      password: 'Malbec-Serra-42',
    });
    expect(result.user.email).toBe('ana@teste.com.br');
    expect(passwordHashOf('ana@teste.com.br')).toMatch(/^\$argon2id\$/);
    expect(
      (await login(t.services.accounts, { email: 'ANA@teste.com.br', password: 'Malbec-Serra-42' })).user.id,
    ).toBe(result.user.id);
  });

  it('an account created without a password cannot log in until it sets one through its link', async () => {
    t = await createTestApp();
    const user = await createAccount(t.services.accounts, { name: 'Bia', email: 'bia@teste.com.br' });
    expect(passwordHashOf('bia@teste.com.br')).toBeNull();
    const refused = await appError(
      login(t.services.accounts, { email: 'bia@teste.com.br', password: '' + 'qualquer' }),
    );
    expect(refused.message).toBe('Email ou senha inválidos');

    const link = createSetPasswordLink(t.services.accounts, user.id);
    expect(link).toMatch(new RegExp(`^${t.env.publicUrl}/definir-senha\\?token=[a-z0-9]+$`));
    await setPassword(t.services.accounts, new URL(link).searchParams.get('token')!, 'minha-senha');
    expect(
      (await login(t.services.accounts, { email: 'bia@teste.com.br', password: 'minha-senha' })).user.id,
    ).toBe(user.id);
  });

  it('the set-password token is stored only as a hash', async () => {
    t = await createTestApp();
    const user = await createAccount(t.services.accounts, { name: 'Bia', email: 'bia@teste.com.br' });
    const token = new URL(createSetPasswordLink(t.services.accounts, user.id)).searchParams.get('token')!;
    const rows = JSON.stringify(t.database.sqlite.prepare('select * from password_tokens').raw().all());
    expect(rows).not.toContain(token);
  });
});

describe('createOrPromoteAdmin', () => {
  it('creates an admin who can log in', async () => {
    t = await createTestApp();
    const { user, created } = await createOrPromoteAdmin(t.services.accounts, {
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
    const member = await register(t.services.accounts, {
      name: 'Ana',
      email: 'ana@teste.com.br',
      password: 'Malbec-Serra-42',
    });
    const promoted = await createOrPromoteAdmin(t.services.accounts, { email: 'ana@teste.com.br' });
    expect(promoted).toEqual({ user: { ...member.user, role: 'admin' }, created: false });
    // The member's sessions end: an admin's live by other rules (12 hours idle, 7 days at most).
    expect(t.services.sessions.validate(member.token)).toBeNull();
    const asAdmin = await login(t.services.accounts, {
      email: 'ana@teste.com.br',
      password: 'Malbec-Serra-42',
    });
    expect(asAdmin.user.role).toBe('admin');

    await createOrPromoteAdmin(t.services.accounts, { email: 'ana@teste.com.br', password: 'outra-senha' });
    expect(t.services.sessions.validate(asAdmin.token)).toBeNull();
    expect(await roleAtLogin('ana@teste.com.br', 'outra-senha')).toBe('admin');
  });

  it('refuses bad input in Portuguese and changes nothing', async () => {
    t = await createTestApp();
    expect(
      (
        await appError(
          createOrPromoteAdmin(t.services.accounts, { email: 'nao-e-email', password: 'Malbec-Serra-42' }),
        )
      ).message,
    ).toBe('Email inválido');
    expect(
      (
        await appError(
          createOrPromoteAdmin(t.services.accounts, { email: 'a@b.com.br', password: '1234567' }),
        )
      ).message,
    ).toBe('A senha deve ter pelo menos 8 caracteres');
    // Long enough but guessable: refused with what to do instead.
    expect(
      (
        await appError(
          createOrPromoteAdmin(t.services.accounts, { email: 'a@b.com.br', password: 'admin123' }),
        )
      ).message,
    ).toBe(
      'Esta é uma das senhas mais usadas. Escolha outra: junte três ou quatro palavras sem relação ' +
        'entre si, ou use uma senha mais longa com letras, números e símbolos.',
    );
    // A new admin needs a password.
    expect((await appError(createOrPromoteAdmin(t.services.accounts, { email: 'a@b.com.br' }))).code).toBe(
      'BAD_REQUEST',
    );
    expect(hasAdmin(t.services.accounts)).toBe(false);
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
    const admin = await ensureFirstAdmin(t.services.accounts);
    expect(admin).toMatchObject({ email: 'dono@confraria.com.br', name: 'Dono', role: 'admin' });
    expect(await roleAtLogin('dono@confraria.com.br')).toBe('admin');
  });

  it('does nothing once an admin exists: a restart never resets a password', async () => {
    t = await createTestApp(ADMIN);
    await ensureFirstAdmin(t.services.accounts);
    await setPassword(
      t.services.accounts,
      new URL(
        createSetPasswordLink(t.services.accounts, findByEmail(t.services.accounts, ADMIN.ADMIN_EMAIL)!.id),
      ).searchParams.get('token')!,
      'trocada-depois',
    );
    expect(await ensureFirstAdmin(t.services.accounts)).toBeNull();
    expect(await roleAtLogin(ADMIN.ADMIN_EMAIL, 'trocada-depois')).toBe('admin');
  });

  it('promotes the account that already uses that e-mail', async () => {
    t = await createTestApp(ADMIN);
    await register(t.services.accounts, {
      name: 'Dono',
      email: ADMIN.ADMIN_EMAIL,
      password: 'antiga-senha-do-dono',
    });
    expect((await ensureFirstAdmin(t.services.accounts))?.role).toBe('admin');
    expect(await roleAtLogin(ADMIN.ADMIN_EMAIL)).toBe('admin');
  });

  it('refuses a guessable ADMIN_PASSWORD: no admin, one line in the log, the server goes on', async () => {
    t = await createTestApp({ ...ADMIN, ADMIN_PASSWORD: 'admin123' });
    expect(await ensureFirstAdmin(t.services.accounts)).toBeNull();
    expect(hasAdmin(t.services.accounts)).toBe(false);
  });

  it('needs both variables', async () => {
    t = await createTestApp({ ADMIN_EMAIL: ADMIN.ADMIN_EMAIL });
    expect(await ensureFirstAdmin(t.services.accounts)).toBeNull();
    expect(hasAdmin(t.services.accounts)).toBe(false);
  });
});
