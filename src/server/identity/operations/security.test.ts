/**
 * The owner's account (ADR 028): two-factor sign-in for admins (enrolment, REST and tRPC
 * sign-in with the code, recovery codes, replays), the step-up before sensitive changes, the
 * dashboard's warning, and the notices sent when the account's security changes.
 */
import fs from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../../../tests/app';
import { refusal } from '../../../../tests/refusal';
import { spaProcedures } from '../../../../tests/procedures';
import { enrolApp, keyFromShownSecret, type EnrolledApp } from '../../../../tests/two-factor';
import { MSG } from '../../../shared/messages';
import { ACCOUNT_NOTICES, SECURITY_MSG } from '../../../shared/security-schemas';
import { totpCode } from '../auth/totp';
import { outbox, recoveryCodes, sessions, twoFactorSecrets } from '../../db/schema';
import { requestPasswordReset, createSetPasswordLink } from '../accounts/account-links';
import { isEnabled } from '../two-factor/context';
import { findByEmail } from '../accounts/account-reads';
import { createAccount, createOrPromoteAdmin } from '../accounts/create-account';
import { setPassword as accountsSetPassword } from '../accounts/sign-in';

const PASSWORD = 'segredo123'; // tests/app.ts signIn's fixed password
const MINUTE = 60_000;

let t: TestApp;
afterEach(async () => {
  await t.close();
});

const login = (payload: Record<string, unknown>, ip = '10.0.0.1') =>
  t.request({ method: 'POST', url: '/api/auth/login', payload, remoteAddress: ip });
const sessionCount = (userId: string) =>
  t.services.db.select().from(sessions).where(eq(sessions.userId, userId)).all().length;
const noticesTo = (email: string) =>
  t.services.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.recipient, email), eq(outbox.template, 'account_security')))
    .all();

/** An admin with the app enrolled, signed in again afterwards. */
async function adminWithApp(env: Record<string, string> = {}) {
  t = await createTestApp(env);
  const admin = await t.signIn('admin');
  const app: EnrolledApp = await enrolApp(t, admin.token);
  return { admin, app };
}

describe('two-factor enrolment', () => {
  it('shows the key once (QR code and text), turns on with the first code, and hands out 10 recovery codes', async () => {
    t = await createTestApp();
    const admin = await t.signIn('admin');
    const caller = t.caller(admin.token);
    expect((await caller.security.status()).twoFactor).toEqual({
      enabled: false,
      enabledAt: null,
      recoveryCodesLeft: 0,
    });

    const setup = await caller.security.twoFactorSetup();
    expect(setup.secret).toMatch(/^[A-Z2-7]{4}( [A-Z2-7]{1,4})+$/);
    expect(setup.uri).toMatch(/^otpauth:\/\/totp\/Confraria%20Vinhos%20%26%20Amigos:/);
    expect(setup.uri).toContain(`secret=${setup.secret.replace(/\s/g, '')}`);
    expect(setup.qrCode).toMatch(/^data:image\/png;base64,/);
    // Not on until a code proves the app holds the key.
    expect((await caller.security.status()).twoFactor.enabled).toBe(false);

    const wrong = await refusal(caller.security.twoFactorConfirm({ code: '000000' }));
    expect(wrong.message).toBe(SECURITY_MSG.setupCodeInvalid);
    const badFormat = await t.request({
      method: 'POST',
      url: '/trpc/security.twoFactorConfirm',
      headers: bearer(admin.token),
      payload: { code: '12ab' },
    });
    expect(badFormat.json().error.message).toBe(SECURITY_MSG.codeFormat);

    const code = totpCode(keyFromShownSecret(setup.secret), t.clock.now());
    const confirmed = await caller.security.twoFactorConfirm({ code: code.replace(/(\d{3})/, '$1 ') });
    expect(confirmed.message).toBe('Verificação em duas etapas ativada.');
    expect(confirmed.recoveryCodes).toHaveLength(10);
    for (const recovery of confirmed.recoveryCodes) expect(recovery).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
    expect(new Set(confirmed.recoveryCodes).size).toBe(10);

    const status = await caller.security.status();
    expect(status.twoFactor).toEqual({
      enabled: true,
      enabledAt: t.clock.now().toISOString(),
      recoveryCodesLeft: 10,
    });
    // Never shown again: no answer carries the key after enrolment, and a new setup is refused.
    expect(JSON.stringify(status)).not.toContain(setup.secret.replace(/\s/g, ''));
    expect((await refusal(caller.security.twoFactorSetup())).message).toBe(SECURITY_MSG.alreadyEnabled);
    // The owner is told.
    expect(noticesTo(admin.email).map((row) => row.body)).toEqual([
      expect.stringContaining(ACCOUNT_NOTICES.two_factor_enabled),
    ]);
  });

  it('stores the key sealed with a key file outside the database, and the recovery codes hashed', async () => {
    const { admin, app } = await adminWithApp();
    const stored = JSON.stringify(t.database.sqlite.prepare('select * from two_factor_secrets').raw().all());
    expect(stored).not.toContain(Buffer.from(app.key).toString('hex'));
    expect(stored).not.toContain(app.shownSecret.replace(/\s/g, ''));
    const codes = JSON.stringify(t.database.sqlite.prepare('select * from recovery_codes').raw().all());
    for (const code of app.recoveryCodes) {
      expect(codes).not.toContain(code);
      expect(codes).not.toContain(code.replace('-', ''));
    }
    const keyFile = path.join(t.dataDir, 'secrets', 'two-factor.key');
    expect(fs.statSync(keyFile).mode & 0o777).toBe(0o600);

    // A sealed key that the key file does not open (the file lost, or the database copied elsewhere):
    // the app's codes open nothing…
    t.database.sqlite.prepare('update two_factor_secrets set secret_box = randomblob(61)').run();
    const res = await login({ email: admin.email, password: PASSWORD, code: app.code() });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ error: MSG.twoFactorCodeInvalid, code: 'two_factor_required' });
    // …while a recovery code still lets the owner in (to enrol again).
    const recovered = await login({ email: admin.email, password: PASSWORD, code: app.recoveryCodes[0] });
    expect(recovered.statusCode).toBe(200);
  });

  it('an abandoned enrolment expires: confirming after 30 minutes asks to start again', async () => {
    t = await createTestApp();
    const admin = await t.signIn('admin');
    const setup = await t.caller(admin.token).security.twoFactorSetup();
    t.clock.advance(31 * MINUTE);
    const late = await refusal(
      t
        .caller(admin.token)
        .security.twoFactorConfirm({ code: totpCode(keyFromShownSecret(setup.secret), t.clock.now()) }),
    );
    expect(late.message).toBe(SECURITY_MSG.noSetupStarted);
  });
});

describe('POST /api/auth/login with two-factor on', () => {
  it('without a code: 401 saying the code is needed, and no session exists', async () => {
    const { admin } = await adminWithApp();
    const before = sessionCount(admin.userId);
    const res = await login({ email: admin.email, password: PASSWORD });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({
      error:
        'Informe o código de 6 dígitos do seu aplicativo autenticador (ou um código de recuperação) para entrar.',
      code: 'two_factor_required',
    });
    expect(sessionCount(admin.userId)).toBe(before);
    // The wrong password says nothing about a code.
    const wrongPassword = await login({ email: admin.email, password: 'errada', code: '123456' });
    expect(wrongPassword.json()).toEqual({ error: 'Email ou senha inválidos' });
  });

  it('with the app’s code: {token, user}; the same code a second time is refused (no replay)', async () => {
    const { admin, app } = await adminWithApp();
    const code = app.code();
    const res = await login({ email: admin.email, password: PASSWORD, code });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ user: { email: admin.email, role: 'admin' } });
    expect(t.services.sessions.validate(res.json().token)?.user.id).toBe(admin.userId);

    const replay = await login({ email: admin.email, password: PASSWORD, code });
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual({ error: MSG.twoFactorCodeInvalid, code: 'two_factor_required' });

    // The code of the step before still counts (a phone's clock a little behind), once.
    t.clock.advance(60_000);
    const previous = totpCode(app.key, new Date(t.clock.now().getTime() - 30_000));
    expect((await login({ email: admin.email, password: PASSWORD, code: previous })).statusCode).toBe(200);
    // Two steps old is too old.
    t.clock.advance(60_000);
    const stale = totpCode(app.key, new Date(t.clock.now().getTime() - 60_000));
    expect((await login({ email: admin.email, password: PASSWORD, code: stale })).statusCode).toBe(401);
  });

  it('a recovery code signs in once, typed in any case with or without its dash, and the owner is told', async () => {
    const { admin, app } = await adminWithApp();
    const [first] = app.recoveryCodes;
    const typed = first!.replace('-', ' ').toUpperCase();
    const res = await login({ email: admin.email, password: PASSWORD, code: typed });
    expect(res.statusCode).toBe(200);
    const again = await login({ email: admin.email, password: PASSWORD, code: first });
    expect(again.statusCode).toBe(401);
    expect((await t.caller(res.json().token).security.status()).twoFactor.recoveryCodesLeft).toBe(9);
    expect(noticesTo(admin.email).map((row) => row.body)).toContainEqual(
      expect.stringContaining(ACCOUNT_NOTICES.recovery_code_used),
    );
    // No code of any kind in the notices.
    for (const row of noticesTo(admin.email)) {
      for (const code of app.recoveryCodes) expect(row.body).not.toContain(code);
    }
  });

  it('through tRPC (the sign-in screen): the same refusal, with reason two_factor_required', async () => {
    const { admin, app } = await adminWithApp();
    const caller = t.caller();
    const missing = await refusal(caller.auth.login({ email: admin.email, password: PASSWORD }));
    expect(missing.code).toBe('UNAUTHORIZED');
    expect(missing.message).toBe(MSG.twoFactorCodeRequired);
    const http = await t.request({
      method: 'POST',
      url: '/trpc/auth.login',
      payload: { email: admin.email, password: PASSWORD },
    });
    expect(http.json().error.data.reason).toBe('two_factor_required');
    const ok = await caller.auth.login({ email: admin.email, password: PASSWORD, code: app.code() });
    expect(ok.user.role).toBe('admin');
  });

  it('members are unaffected: no code asked, a stray code ignored', async () => {
    t = await createTestApp();
    const member = await t.signIn('user');
    expect((await login({ email: member.email, password: PASSWORD })).statusCode).toBe(200);
    expect((await login({ email: member.email, password: PASSWORD, code: '123456' })).statusCode).toBe(200);
  });

  it('a set-password link alone does not open an account with two-factor on', async () => {
    const { admin, app } = await adminWithApp();
    requestPasswordReset(t.services.accounts, admin.email);
    const link = createSetPasswordLink(t.services.accounts, admin.userId);
    const token = new URL(link).searchParams.get('token')!;
    const setPassword = (payload: Record<string, unknown>) =>
      t.request({ method: 'POST', url: '/api/auth/set-password', payload: { token, ...payload } });

    const missing = await setPassword({ password: 'Nova-Senha-Do-Dono' });
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toEqual({ error: MSG.twoFactorCodeRequired, code: 'two_factor_required' });
    const wrong = await setPassword({ password: 'Nova-Senha-Do-Dono', code: '000000' });
    expect(wrong.statusCode).toBe(401);
    // Nothing changed: the old password still signs in, the link still works.
    expect((await login({ email: admin.email, password: PASSWORD, code: app.code() })).statusCode).toBe(200);
    t.clock.advance(30_000);
    const done = await setPassword({ password: 'Nova-Senha-Do-Dono', code: app.code() });
    expect(done.statusCode).toBe(200);
    expect(done.json().user.role).toBe('admin');
  });

  it('turning it off (after a step-up) stops asking for the code and tells the owner', async () => {
    const { admin, app } = await adminWithApp();
    t.clock.advance(10 * MINUTE);
    const caller = t.caller(admin.token);
    const stale = await refusal(caller.security.twoFactorDisable());
    expect(stale.code).toBe('FORBIDDEN');
    expect(stale.message).toBe(SECURITY_MSG.stepUpRequired);
    expect(isEnabled(t.services.twoFactor, admin.userId)).toBe(true);

    await caller.security.stepUp({ code: app.code() });
    expect((await caller.security.twoFactorDisable()).message).toBe('Verificação em duas etapas desativada.');
    expect(t.services.db.select().from(twoFactorSecrets).all()).toEqual([]);
    expect(t.services.db.select().from(recoveryCodes).all()).toEqual([]);
    expect((await login({ email: admin.email, password: PASSWORD })).statusCode).toBe(200);
    expect(noticesTo(admin.email).map((row) => row.body)).toContainEqual(
      expect.stringContaining(ACCOUNT_NOTICES.two_factor_disabled),
    );
  });

  it('new recovery codes replace the old ones', async () => {
    const { admin, app } = await adminWithApp();
    const renewed = await t.caller(admin.token).security.recoveryCodesRenew();
    expect(renewed.message).toBe(SECURITY_MSG.recoveryCodesRenewed);
    expect(renewed.recoveryCodes).toHaveLength(10);
    const old = await login({ email: admin.email, password: PASSWORD, code: app.recoveryCodes[0] });
    expect(old.statusCode).toBe(401);
    const fresh = await login({ email: admin.email, password: PASSWORD, code: renewed.recoveryCodes[0] });
    expect(fresh.statusCode).toBe(200);
  });
});

describe('step-up before sensitive changes', () => {
  it('the operations that need it', () => {
    const sensitive = spaProcedures()
      .filter((procedure) => procedure.stepUp)
      .map(({ domain, name }) => `${domain}.${name}`);
    expect(sensitive.sort()).toEqual([
      'auth.register',
      'security.recoveryCodesRenew',
      'security.twoFactorDisable',
      'security.twoFactorSetup',
      'settings.update',
      'whatsapp.saveMessages',
    ]);
  });

  it('settings: refused with a distinguishable 403 after 5 minutes, nothing saved; the password again lets it through', async () => {
    t = await createTestApp();
    const admin = await t.signIn('admin');
    const save = () =>
      t.request({
        method: 'POST',
        url: '/api/admin/settings',
        headers: bearer(admin.token),
        payload: { pixKey: 'pix@confraria.com.br' },
      });
    // A fresh sign-in counts as a confirmation for 5 minutes.
    t.clock.advance(4 * MINUTE);
    expect((await save()).statusCode).toBe(200);
    t.services.settings.update({ pixKey: 'contato@confraria.local' });

    t.clock.advance(2 * MINUTE);
    const refused = await save();
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      error: 'Por segurança, confirme sua senha (ou o código do aplicativo autenticador) para continuar.',
      code: 'step_up_required',
    });
    expect(t.services.settings.get().pixKey).toBe('contato@confraria.local');

    const stepUp = (payload: Record<string, unknown>) =>
      t.request({ method: 'POST', url: '/api/auth/step-up', headers: bearer(admin.token), payload });
    const wrong = await stepUp({ password: 'errada' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ error: SECURITY_MSG.stepUpPasswordWrong });
    expect((await stepUp({})).json()).toEqual({ error: SECURITY_MSG.stepUpCredentialRequired });
    const noApp = await stepUp({ code: '123456' });
    expect(noApp.json()).toEqual({ error: SECURITY_MSG.stepUpCodeNotEnabled });

    const confirmed = await stepUp({ password: PASSWORD });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({
      message: 'Identidade confirmada.',
      stepUpUntil: new Date(t.clock.now().getTime() + 5 * MINUTE).toISOString(),
    });
    expect((await save()).statusCode).toBe(200);
    expect(t.services.settings.get().pixKey).toBe('pix@confraria.com.br');

    // For that session only, and for 5 minutes.
    const other = await login({ email: admin.email, password: PASSWORD });
    t.clock.advance(5 * MINUTE + 1);
    expect((await save()).statusCode).toBe(403);
    const otherSave = await t.request({
      method: 'POST',
      url: '/api/admin/settings',
      headers: bearer(other.json().token),
      payload: { clubName: 'Outro Nome' },
    });
    expect(otherSave.statusCode).toBe(403);
  });

  it('tRPC carries reason step_up_required, so the screen opens its dialog', async () => {
    t = await createTestApp();
    const admin = await t.signIn('admin');
    t.clock.advance(6 * MINUTE);
    const res = await t.request({
      method: 'POST',
      url: '/trpc/settings.update',
      headers: bearer(admin.token),
      payload: { clubName: 'Outro Nome' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(SECURITY_MSG.stepUpRequired);
    expect(res.json().error.data.reason).toBe('step_up_required');
    expect((await t.caller(admin.token).security.status()).stepUpUntil).toBeNull();
  });

  it('with two-factor on, the app’s code is accepted instead of the password (a recovery code is not)', async () => {
    const { admin, app } = await adminWithApp();
    t.clock.advance(6 * MINUTE);
    const caller = t.caller(admin.token);
    const recovery = await t.request({
      method: 'POST',
      url: '/api/auth/step-up',
      headers: bearer(admin.token),
      payload: { code: app.recoveryCodes[0] },
    });
    expect(recovery.json()).toEqual({ error: SECURITY_MSG.codeFormat });
    const done = await caller.security.stepUp({ code: app.code() });
    expect(done.message).toBe('Identidade confirmada.');
    expect((await caller.security.status()).stepUpUntil).toBe(done.stepUpUntil);
    await expect(caller.settings.update({ clubName: 'Confraria Nova' })).resolves.toMatchObject({
      settings: { clubName: 'Confraria Nova' },
    });
  });

  it('message templates and making someone an admin ask for it; creating a member does not', async () => {
    t = await createTestApp();
    const admin = await t.signIn('admin');
    t.clock.advance(6 * MINUTE);
    const templates = await t.request({
      method: 'PUT',
      url: '/api/admin/whatsapp/messages',
      headers: bearer(admin.token),
      payload: { messages: { renewal: 'Olá {{name}}, renove: {{paymentUrl}}' } },
    });
    expect(templates.statusCode).toBe(403);
    expect(templates.json().code).toBe('step_up_required');

    const register = (role: 'admin' | 'user', email: string) =>
      t.request({
        method: 'POST',
        url: '/api/auth/register',
        headers: bearer(admin.token),
        payload: { name: 'Nova Pessoa', email, password: 'Rio-Tannat-Lua', role },
      });
    const newAdmin = await register('admin', 'novo.admin@teste.com.br');
    expect(newAdmin.statusCode).toBe(403);
    expect(findByEmail(t.services.accounts, 'novo.admin@teste.com.br')).toBeUndefined();
    expect((await register('user', 'novo.membro@teste.com.br')).statusCode).toBe(201);
  });

  it('wrong passwords at the step-up count against the account like failed sign-ins', async () => {
    t = await createTestApp();
    const admin = await t.signIn('admin');
    const caller = t.caller(admin.token);
    for (let i = 0; i < 3; i++) await refusal(caller.security.stepUp({ password: 'errada' }));
    const throttled = await refusal(caller.security.stepUp({ password: PASSWORD }));
    expect(throttled.code).toBe('TOO_MANY_REQUESTS');
    expect(throttled.message).toBe(MSG.accountThrottled('1 segundo'));
  });
});

describe('the dashboard warning', () => {
  it('shows while two-factor is off and PUBLIC_URL is public, not on a local address or once it is on', async () => {
    t = await createTestApp({ PUBLIC_URL: 'https://confraria.com.br' });
    const admin = await t.signIn('admin');
    expect((await t.caller(admin.token).security.status()).warnTwoFactorOff).toBe(true);
    await enrolApp(t, admin.token);
    expect((await t.caller(admin.token).security.status()).warnTwoFactorOff).toBe(false);
    await t.close();

    t = await createTestApp();
    const local = await t.signIn('admin');
    expect((await t.caller(local.token).security.status()).warnTwoFactorOff).toBe(false);
  });

  it('is for admins only', async () => {
    t = await createTestApp();
    const member = await t.signIn('user');
    expect((await refusal(t.caller(member.token).security.status())).code).toBe('FORBIDDEN');
    expect((await refusal(t.caller().security.status())).code).toBe('UNAUTHORIZED');
  });
});

describe('password changes: other sessions end, the owner is told', () => {
  it('a set-password link on an account that had a password ends every session and sends a notice without the link', async () => {
    t = await createTestApp();
    const member = await t.signIn('user');
    const laptop = await login({ email: member.email, password: PASSWORD });
    const link = createSetPasswordLink(t.services.accounts, member.userId);
    const token = new URL(link).searchParams.get('token')!;
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/set-password',
      payload: { token, password: 'Nova-Senha-Da-Ana' },
    });
    expect(res.statusCode).toBe(200);
    expect(t.services.sessions.validate(member.token)).toBeNull();
    expect(t.services.sessions.validate(laptop.json().token)).toBeNull();
    expect(sessionCount(member.userId)).toBe(1);
    const [notice] = noticesTo(member.email);
    expect(notice?.subject).toBe('Aviso de segurança da sua conta - Confraria Vinhos & Amigos');
    expect(notice?.body).toContain(ACCOUNT_NOTICES.password_changed);
    expect(notice?.body).not.toContain(token);
    expect(notice?.body).not.toContain('Nova-Senha-Da-Ana');
    expect(notice?.body).not.toContain('definir-senha');
  });

  it('a first password (an approved member without one) sends no notice', async () => {
    t = await createTestApp();
    const user = await createAccount(t.services.accounts, { name: 'Bia', email: 'bia@teste.com.br' });
    const token = new URL(createSetPasswordLink(t.services.accounts, user.id)).searchParams.get('token')!;
    await accountsSetPassword(t.services.accounts, token, 'Primeira-Senha-Bia');
    expect(noticesTo('bia@teste.com.br')).toEqual([]);
  });

  it('admin:create with a new password for an existing admin ends its sessions and tells it', async () => {
    t = await createTestApp();
    const admin = await t.signIn('admin');
    await createOrPromoteAdmin(t.services.accounts, { email: admin.email, password: 'Senha-Nova-Do-Chefe' });
    expect(t.services.sessions.validate(admin.token)).toBeNull();
    expect(noticesTo(admin.email).map((row) => row.body)).toEqual([
      expect.stringContaining(ACCOUNT_NOTICES.password_changed),
    ]);
  });

  it('an address nobody proved gets no notice', async () => {
    t = await createTestApp();
    const unproven = await t.signIn('user', 'sem.prova@teste.com.br', { verified: false });
    expect(t.services.accountSecurity.notify(unproven.userId, 'password_changed')).toBe(false);
    expect(noticesTo('sem.prova@teste.com.br')).toEqual([]);
  });
});
