/**
 * The owner cannot be locked out, and codes cannot be guessed for ever (ADR 028), end to end
 * over REST and tRPC (batches counted per call): many addresses guessing wrong hold back the
 * password alone, never the password with its code, a set-password link or the app's code at a
 * step-up; wrong codes have a hard cap per account; the portal's current-password checks count
 * in the sign-in throttle; "Esqueci minha senha" sends at most 3 e-mails an hour per account; a
 * two-factor admin proves a new WhatsApp number with the app's code, counted like every code.
 */
import { and, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../../../tests/app';
import { enrolApp, type EnrolledApp } from '../../../../tests/two-factor';
import { makeMember } from '../../../../tests/member';
import { PHONE_PROOF_MSG } from '../../../shared/identity-schemas';
import { MEMBER_MSG } from '../../../shared/member-schemas';
import { MSG } from '../../../shared/messages';
import { ACTIVITY_ACTIONS } from '../../../shared/privacy-schemas';
import { ACCOUNT_NOTICES, SECURITY_MSG } from '../../../shared/security-schemas';
import { totpCode } from '../auth/totp';
import { activityLog, outbox, subscribers, users } from '../../db/schema';
import { createSetPasswordLink } from '../accounts/account-links';

const PASSWORD = 'segredo123'; // tests/app.ts signIn's fixed password
const OWNER_IP = '198.51.100.20';

let t: TestApp;
afterEach(async () => {
  await t.close();
});

const login = (payload: Record<string, unknown>, ip: string) =>
  t.request({ method: 'POST', url: '/api/auth/login', payload, remoteAddress: ip });
/** A tRPC batch of `procedure` with these inputs, from `ip`; answers the HTTP status of each call. */
async function batch(procedure: string, inputs: unknown[], ip: string, headers: Record<string, string> = {}) {
  const res = await t.request({
    method: 'POST',
    url: `/trpc/${Array(inputs.length).fill(procedure).join(',')}?batch=1`,
    headers: { 'content-type': 'application/json', ...headers },
    payload: JSON.stringify(Object.fromEntries(inputs.map((input, index) => [index, input]))),
    remoteAddress: ip,
  });
  return res.json<
    { result?: unknown; error?: { message: string; data: { httpStatus: number; reason?: string } } }[]
  >();
}
const mailsTo = (email: string, template: string) =>
  t.services.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.recipient, email), eq(outbox.template, template)))
    .all();

/** 30 addresses, 3 a second, wrong passwords for `email`: the account as a whole then waits. */
async function flood(email: string) {
  for (let i = 0; i < 30; i++) {
    await login({ email, password: 'errada' }, `203.0.113.${i + 10}`);
    if (i % 3 === 2 && i < 29) t.clock.advance(1000);
  }
}

async function adminWithApp(): Promise<{
  admin: { token: string; userId: string; email: string };
  app: EnrolledApp;
}> {
  t = await createTestApp({ AUTH_RATE_LIMIT: '1000' });
  const admin = await t.signIn('admin', 'dona@confraria.com.br');
  const app = await enrolApp(t, admin.token);
  return { admin, app };
}

describe('others guessing wrong never lock the owner out', () => {
  it('REST: the password alone waits (429, account_throttled); the password with the code signs in', async () => {
    const { admin, app } = await adminWithApp();
    await flood(admin.email);
    const alone = await login({ email: admin.email, password: PASSWORD }, OWNER_IP);
    expect(alone.statusCode).toBe(429);
    expect(alone.json().code).toBe('account_throttled');
    expect(alone.json().error).toMatch(/^Muitas tentativas de entrar nesta conta\. Aguarde /);
    // Wrong password with a code, or right password with a wrong code: the same 429, nothing learnt.
    const wrongPassword = await login(
      { email: admin.email, password: 'errada', code: app.code() },
      '192.0.2.1',
    );
    expect(wrongPassword.statusCode).toBe(429);
    expect(wrongPassword.json().code).toBe('account_throttled');
    const wrongCode = await login({ email: admin.email, password: PASSWORD, code: '000000' }, '192.0.2.2');
    expect(wrongCode.statusCode).toBe(429);
    expect(wrongCode.json().code).toBe('account_throttled');

    const both = await login({ email: admin.email, password: PASSWORD, code: app.code() }, OWNER_IP);
    expect(both.statusCode).toBe(200);
    expect(both.json().user.email).toBe(admin.email);
  });

  it('tRPC: the owner gets in with a recovery code while the account waits', async () => {
    const { admin, app } = await adminWithApp();
    await flood(admin.email);
    const [alone] = await batch('auth.login', [{ email: admin.email, password: PASSWORD }], OWNER_IP);
    expect(alone!.error!.data).toMatchObject({ httpStatus: 429, reason: 'account_throttled' });
    const [both] = await batch(
      'auth.login',
      [{ email: admin.email, password: PASSWORD, code: app.recoveryCodes[0] }],
      OWNER_IP,
    );
    expect(both!.error).toBeUndefined();
  });

  it('the e-mailed set-password link works while the account waits (with the code on a two-factor account)', async () => {
    const { admin, app } = await adminWithApp();
    const member = await t.signIn('user', 'socia@confraria.com.br');
    await flood(admin.email);
    await flood(member.email);
    for (const [account, code] of [
      [admin, app.code()],
      [member, undefined],
    ] as const) {
      const token = new URL(createSetPasswordLink(t.services.accounts, account.userId)).searchParams.get(
        'token',
      );
      const res = await t.request({
        method: 'POST',
        url: '/api/auth/set-password',
        payload: { token, password: 'Safra-Nova-De-Malbec', code },
        remoteAddress: OWNER_IP,
      });
      expect(res.statusCode, account.email).toBe(200);
    }
  });

  it('a two-factor admin’s step-up takes the code, not the password alone, also while the account waits', async () => {
    const { admin, app } = await adminWithApp();
    t.clock.advance(10 * 60_000);
    const stepUp = (payload: Record<string, unknown>) =>
      t.request({
        method: 'POST',
        url: '/api/auth/step-up',
        headers: bearer(admin.token),
        payload,
        remoteAddress: OWNER_IP,
      });
    const password = await stepUp({ password: PASSWORD });
    expect(password.statusCode).toBe(400);
    expect(password.json()).toEqual({ error: SECURITY_MSG.stepUpCodeRequired });
    const [trpc] = await batch('security.stepUp', [{ password: PASSWORD }], OWNER_IP, bearer(admin.token));
    expect(trpc!.error!.message).toBe(SECURITY_MSG.stepUpCodeRequired);
    expect((await t.caller(admin.token).security.status()).stepUpUntil).toBeNull();

    await flood(admin.email);
    const code = await stepUp({ code: app.code() });
    expect(code.statusCode).toBe(200);
    expect(code.json().message).toBe(SECURITY_MSG.stepUpDone);
  });
});

describe('the hard cap on wrong codes', () => {
  it('10 wrong codes (REST and a tRPC batch, from many addresses) suspend the app’s codes, e-mail the owner and log it; a recovery code still signs in', async () => {
    const { admin, app } = await adminWithApp();
    // A code of another hour: wrong now.
    const wrong = totpCode(app.key, new Date(t.clock.now().getTime() + 3_600_000));
    for (let i = 0; i < 6; i++) {
      const res = await login({ email: admin.email, password: PASSWORD, code: wrong }, `203.0.113.${i + 10}`);
      expect(res.statusCode).toBe(401);
      expect(res.json().error).toBe(MSG.twoFactorCodeInvalid);
    }
    const inputs = Array.from({ length: 4 }, () => ({ email: admin.email, password: PASSWORD, code: wrong }));
    const answers = await batch('auth.login', inputs, '203.0.113.50');
    // The per-address throttle lets 3 through; the fourth call waits (still counted as a guess? no:
    // refused before the code is looked at), so one more REST try reaches the cap.
    expect(answers.map((answer) => answer.error!.data.httpStatus)).toEqual([401, 401, 401, 429]);
    const tenth = await login({ email: admin.email, password: PASSWORD, code: wrong }, '203.0.113.60');
    expect(tenth.statusCode).toBe(429);
    expect(tenth.json()).toEqual({ error: MSG.twoFactorLocked, code: 'two_factor_locked' });
    expect(Number(tenth.headers['retry-after'])).toBe(24 * 60 * 60);

    // The owner's own right code is refused too until the day passes (a guess could not be told apart)…
    const right = await login({ email: admin.email, password: PASSWORD, code: app.code() }, OWNER_IP);
    expect(right.json()).toEqual({ error: MSG.twoFactorLocked, code: 'two_factor_locked' });
    // …and is told, once, on the proven e-mail; the activity log keeps it.
    const notices = mailsTo(admin.email, 'account_security');
    expect(notices.filter((row) => row.body.includes(ACCOUNT_NOTICES.two_factor_codes_locked))).toHaveLength(
      1,
    );
    const logged = t.services.db
      .select()
      .from(activityLog)
      .where(eq(activityLog.action, 'two_factor_codes_locked'))
      .all();
    expect(logged).toHaveLength(1);
    const page = t.services.activityLog.page(1);
    expect(page.entries[0]!.label).toBe(ACTIVITY_ACTIONS.two_factor_codes_locked);

    // A recovery code still opens the account; then the app's codes count from zero again.
    const recovery = await login(
      { email: admin.email, password: PASSWORD, code: app.recoveryCodes[1] },
      OWNER_IP,
    );
    expect(recovery.statusCode).toBe(200);
    t.clock.advance(30_000);
    expect(
      (await login({ email: admin.email, password: PASSWORD, code: app.code() }, OWNER_IP)).statusCode,
    ).toBe(200);
  });

  it('a day later the app’s codes work again', async () => {
    const { admin, app } = await adminWithApp();
    const wrong = totpCode(app.key, new Date(t.clock.now().getTime() + 3_600_000));
    for (let i = 0; i < 10; i++)
      await login({ email: admin.email, password: PASSWORD, code: wrong }, `203.0.113.${i + 10}`);
    expect(
      (await login({ email: admin.email, password: PASSWORD, code: app.code() }, OWNER_IP)).statusCode,
    ).toBe(429);
    t.clock.advance(24 * 60 * 60_000);
    expect(
      (await login({ email: admin.email, password: PASSWORD, code: app.code() }, OWNER_IP)).statusCode,
    ).toBe(200);
  });
});

describe('the portal’s current-password checks count like sign-ins', () => {
  for (const operation of ['member.changePassword', 'member.changeEmail'] as const) {
    it(`${operation}: a batch of wrong current passwords is counted per call, and the sign-in waits too`, async () => {
      t = await createTestApp({ AUTH_RATE_LIMIT: '1000' });
      const member = await t.signIn('user', 'socio@confraria.com.br');
      const input =
        operation === 'member.changePassword'
          ? {
              currentPassword: 'errada',
              newPassword: 'Safra-Nova-De-Malbec',
              confirmPassword: 'Safra-Nova-De-Malbec',
            }
          : { currentPassword: 'errada', email: 'outro@confraria.com.br' };
      const answers = await batch(
        operation,
        [input, input, input, input],
        '203.0.113.9',
        bearer(member.token),
      );
      expect(answers.map((answer) => answer.error!.data.httpStatus)).toEqual([400, 400, 400, 429]);
      expect(answers[0]!.error!.message).toBe(MEMBER_MSG.currentPasswordWrong);
      expect(answers[3]!.error!.message).toBe(MSG.accountThrottled('1 segundo'));
      // The same throttle as the sign-in screen: that address now waits there too.
      expect((await login({ email: member.email, password: PASSWORD }, '203.0.113.9')).statusCode).toBe(429);
      // From the member's own address, with the right password, the change goes through.
      const right =
        operation === 'member.changePassword'
          ? {
              currentPassword: PASSWORD,
              newPassword: 'Safra-Nova-De-Malbec',
              confirmPassword: 'Safra-Nova-De-Malbec',
            }
          : { currentPassword: PASSWORD, email: 'outro@confraria.com.br' };
      const [done] = await batch(operation, [right], OWNER_IP, bearer(member.token));
      expect(done!.error).toBeUndefined();
    });
  }
});

describe('a two-factor account’s proof of a new WhatsApp number (ADR 027)', () => {
  it('takes the app’s code, not the password alone; wrong codes count in the sign-in throttle and the cap', async () => {
    const { admin, app } = await adminWithApp();
    // The portal's contacts are the members' (access "member"): an account that enrolled its app
    // as an admin and signs in as a member now keeps two-factor, and its record's number to prove.
    t.services.db.update(users).set({ role: 'user' }).where(eq(users.id, admin.userId)).run();
    const phone = '11987651234';
    t.services.db
      .insert(subscribers)
      .values({
        id: 'registro-da-dona',
        name: 'Dona do Clube',
        email: admin.email,
        phone,
        status: 'active',
        referralCode: 'DONA2FA1',
        userId: admin.userId,
      })
      .run();
    const asks = (inputs: unknown[], ip: string) =>
      batch('identity.requestPhoneCode', inputs, ip, bearer(admin.token));
    const codesSent = () => mailsTo(phone, 'phone_proof_code').length;
    expect(await t.caller(admin.token).identity.myContacts()).toMatchObject({ twoFactor: true });

    const [password] = await asks([{ currentPassword: PASSWORD }], OWNER_IP);
    expect(password!.error).toMatchObject({
      message: SECURITY_MSG.stepUpCodeRequired,
      data: { httpStatus: 400 },
    });
    // Wrong codes from one address: counted per call like sign-ins (the fourth waits).
    const wrong = totpCode(app.key, new Date(t.clock.now().getTime() + 3_600_000));
    const guesses = await asks(Array(4).fill({ code: wrong }), '203.0.113.70');
    expect(guesses.map((answer) => answer.error!.data.httpStatus)).toEqual([400, 400, 400, 429]);
    expect(guesses[0]!.error!.message).toBe(MSG.twoFactorCodeInvalid);
    expect(codesSent()).toBe(0);

    const [right] = await asks([{ code: app.code() }], OWNER_IP);
    expect(right!.error).toBeUndefined();
    expect(right!.result).toEqual({
      data: {
        success: true,
        message: PHONE_PROOF_MSG.codeSent('(11) *****-1234'),
        phone: '(11) *****-1234',
      },
    });
    expect(codesSent()).toBe(1);

    // Ten wrong codes in a row here reach the same cap as at the sign-in: the codes stop there too.
    for (let i = 0; i < 9; i++) {
      const [answer] = await asks([{ code: wrong }], `203.0.113.${100 + i}`);
      expect(answer!.error!.data.httpStatus).toBe(400);
    }
    const [tenth] = await asks([{ code: wrong }], '203.0.113.120');
    expect(tenth!.error).toMatchObject({
      message: MSG.twoFactorLocked,
      data: { httpStatus: 429, reason: 'two_factor_locked' },
    });
    t.clock.advance(30_000);
    const signIn = await login({ email: admin.email, password: PASSWORD, code: app.code() }, OWNER_IP);
    expect(signIn.json()).toEqual({ error: MSG.twoFactorLocked, code: 'two_factor_locked' });
  });

  it('a member without two-factor keeps the password; a code is refused in words that say so', async () => {
    t = await createTestApp();
    const member = await makeMember(t);
    const caller = t.caller(member.token);
    expect(await caller.identity.myContacts()).toMatchObject({ twoFactor: false });
    await expect(caller.identity.requestPhoneCode({ code: '123456' })).rejects.toMatchObject({
      message: SECURITY_MSG.stepUpCodeNotEnabled,
    });
    await expect(caller.identity.requestPhoneCode({ currentPassword: 'errada' })).rejects.toMatchObject({
      message: MEMBER_MSG.currentPasswordWrong,
    });
    const sent = await caller.identity.requestPhoneCode({ currentPassword: PASSWORD });
    expect(sent.success).toBe(true);
  });
});

describe('"Esqueci minha senha" e-mails per account', () => {
  it('at most 3 an hour, REST and tRPC together, answered with the same words', async () => {
    t = await createTestApp({ AUTH_RATE_LIMIT: '1000' });
    const member = await t.signIn('user', 'socia@confraria.com.br');
    const answers: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await t.request({
        method: 'POST',
        url: '/api/auth/forgot-password',
        payload: { email: member.email },
        remoteAddress: `203.0.113.${i + 10}`,
      });
      answers.push(res.json().message);
    }
    const trpc = await batch(
      'auth.forgotPassword',
      [{ email: member.email }, { email: member.email.toUpperCase() }],
      '203.0.113.40',
    );
    for (const answer of trpc) answers.push((answer.result as { data: { message: string } }).data.message);
    expect(answers).toEqual(Array(5).fill(MSG.forgotPasswordSent));
    expect(mailsTo(member.email, 'set_password')).toHaveLength(3);
    t.clock.advance(60 * 60_000);
    await t.request({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: member.email } });
    expect(mailsTo(member.email, 'set_password')).toHaveLength(4);
  });
});
