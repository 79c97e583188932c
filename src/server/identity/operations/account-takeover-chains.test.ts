/**
 * ADR 027 round two, each chain run end to end through the HTTP transports (REST and tRPC), with the
 * real outbox worker, the WhatsApp Cloud API fake on loopback and the local mailbox:
 *
 * - a stolen member session cannot prove a phone of its own, nor move the record's e-mail through
 *   the wizard; the owner is told, and "não fui eu" ends the intruder's session for good;
 * - an address registered first by someone else: the owner's confirmation link ends the other's
 *   session and password, kills the change of address they asked for, and lets the owner choose
 *   the password;
 * - a pending change of address dies with the credentials that asked for it (a reset, a password
 *   change, an admin's correction).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../../../tests/app';
import { createLink, MARIANA, rows, sandboxPay } from '../../../../tests/checkout';
import { PRACA_DA_SE } from '../../../../tests/people';
import { makeMember, type TestMember } from '../../../../tests/member';
import { startFakeWhatsAppServer, type FakeWhatsAppServer } from '../../../../tests/fakes/whatsapp-server';
import { EMAIL_CHANGE_MSG } from '../../../shared/identity-schemas';
import { ACCOUNT_NOTICES, NOT_ME_MSG } from '../../../shared/security-schemas';
import { accountPhones, emailChanges } from '../../db/schema';
import { stop } from '../../messaging/outbox-worker/loop';
import { deliverAll } from '../../../../tests/deliveries';
import { findByEmail, getUser } from '../accounts/account-reads';

const ATTACKER_PHONE = '(11) 91234-5678';
const ATTACKER_WHATSAPP = '5511912345678';
const ATTACKER_EMAIL = 'intruso@teste.com.br';

let t: TestApp;
let whatsapp: FakeWhatsAppServer;

beforeEach(async () => {
  whatsapp = await startFakeWhatsAppServer();
  t = await createTestApp(whatsapp.appEnv());
});
afterEach(async () => {
  await stop(t.services.outboxWorker);
  await t.close();
  await whatsapp.close();
});

/** The newest token of `path` (`/nao-fui-eu`, `/definir-senha`, …) that `to` received. */
async function linkTo(to: string, linkPath: string): Promise<string> {
  const pattern = new RegExp(`${linkPath}\\?token=([\\w-]+)`);
  const found = (await deliverAll(t, whatsapp)).filter(
    (message) => message.to === to && pattern.test(message.text),
  );
  expect(found.length, `no ${linkPath} link reached ${to}`).toBeGreaterThan(0);
  return pattern.exec(found.at(-1)!.text)![1]!;
}

/** A tRPC mutation over HTTP, as the SPA sends it. */
function trpc(name: string, input: object, token?: string) {
  return t.request({
    method: 'POST',
    url: `/trpc/${name}`,
    headers: token ? bearer(token) : {},
    payload: input ?? {},
  });
}

const rest = (url: string, payload: object, token?: string) =>
  t.request({ method: 'POST', url: `/api${url}`, headers: token ? bearer(token) : {}, payload });

async function signsIn(email: string, password: string) {
  const res = await rest('/auth/login', { email, password });
  return res.statusCode === 200 ? res.json<{ token: string }>().token : null;
}

const sessionAlive = async (token: string) =>
  (await t.request({ method: 'GET', url: '/api/auth/verify', headers: bearer(token) })).statusCode === 200;

describe('§1 a stolen member session', () => {
  let victim: TestMember;
  beforeEach(async () => {
    victim = await makeMember(t);
  });

  it('cannot prove a phone of its own; the owner is told, and "não fui eu" ends the intruder for good', async () => {
    const stolen = victim.token;
    // The profile's phone is a claim: saved, and told to the owner's proven e-mail.
    const profile = await trpc(
      'member.updateProfile',
      { fullName: victim.name, phone: ATTACKER_PHONE },
      stolen,
    );
    expect(profile.statusCode).toBe(200);
    // Proving it (so codes and links would go there) needs the password the intruder lacks.
    const noPassword = await trpc('identity.requestPhoneCode', {}, stolen);
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.body).toContain('Informe sua senha atual');
    const guessed = await trpc('identity.requestPhoneCode', { currentPassword: 'chute-qualquer' }, stolen);
    expect(guessed.statusCode).toBe(400);
    expect(guessed.body).toContain('Senha atual incorreta');
    const delivered = await deliverAll(t, whatsapp);
    expect(delivered.filter((message) => message.to === ATTACKER_WHATSAPP)).toEqual([]);
    const notice = delivered.find((message) => message.to === victim.email)!;
    expect(notice.text).toContain(ACCOUNT_NOTICES.profile_phone_changed);

    // The owner says "não fui eu" (REST): every session ends, the password stops working, and
    // a set-password link reaches the owner's e-mail.
    const notMe = await rest('/auth/not-me', { token: await linkTo(victim.email, '/nao-fui-eu') });
    expect(notMe.statusCode).toBe(200);
    expect(notMe.json()).toEqual({ message: NOT_ME_MSG.done });
    expect(await sessionAlive(stolen)).toBe(false);
    expect(await signsIn(victim.email, 'segredo123')).toBeNull();
    const reset = await rest('/auth/set-password', {
      token: await linkTo(victim.email, '/definir-senha'),
      password: 'Dona-Da-Conta-77',
    });
    expect(reset.statusCode).toBe(200);
    expect(await signsIn(victim.email, 'Dona-Da-Conta-77')).not.toBeNull();
    // The link works once.
    expect((await rest('/auth/not-me', { token: 'usado-ou-inventado' })).json()).toEqual({
      error: NOT_ME_MSG.linkInvalid,
    });
  });

  it("the wizard never moves a record's sign-in e-mail or phone, even with a code from a phone the account proved", async () => {
    // A number the intruder got proven before (the proof now needs the password): codes go there.
    t.services.db
      .insert(accountPhones)
      .values({ userId: victim.userId, phone: ATTACKER_WHATSAPP, provenAt: t.clock.now() })
      .run();
    const found = await trpc('profileUpdate.requestForm', { email: victim.email });
    expect(found.statusCode).toBe(200);
    const { requestId } = found.json<{ result: { data: { requestId: string } } }>().result.data;
    const code = /\b(\d{6})\b/.exec(
      (await deliverAll(t, whatsapp)).find((message) => message.to === ATTACKER_WHATSAPP)!.text,
    )![1]!;
    const verified = await rest('/subscriber-update/verify-code', { requestId, code });
    expect(verified.json()).toMatchObject({ contactsInPortal: true });
    const saved = await rest('/subscriber-update/complete-profile', {
      subscriberId: victim.subscriberId,
      verificationToken: verified.json<{ verificationToken: string }>().verificationToken,
      firstName: 'Tomada',
      lastName: 'De Conta',
      email: ATTACKER_EMAIL,
      phone: ATTACKER_PHONE,
      address: { zipCode: '01001-000', ...PRACA_DA_SE, number: '1', complement: '' },
      shirtSize: 'M',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ pendingEmail: null, contactsInPortal: true });
    const record = rows(t).subscriber(victim.subscriberId);
    expect(record).toMatchObject({ email: victim.email, name: 'Tomada De Conta' });
    expect(record!.phone).not.toBe('11912345678');
    expect(t.services.db.select().from(emailChanges).all()).toEqual([]);
    // "Esqueci minha senha" for the intruder's address finds nothing; the owner signs in as before.
    await rest('/auth/forgot-password', { email: ATTACKER_EMAIL });
    expect((await deliverAll(t, whatsapp)).filter((message) => message.to === ATTACKER_EMAIL)).toEqual([]);
    expect(await signsIn(victim.email, 'segredo123')).not.toBeNull();
  });
});

describe('§2 an address registered first by someone else', () => {
  it("the owner's confirmation ends the intruder's session, password and pending change, and the owner sets the password", async () => {
    const registered = await rest('/auth/register', {
      name: 'Intruso',
      email: MARIANA.customerEmail,
      password: 'Senha-Do-Intruso-9',
    });
    expect(registered.statusCode).toBe(201);
    const intruder = (await signsIn(MARIANA.customerEmail, 'Senha-Do-Intruso-9'))!;
    // The intruder asks to move the account to his own address, with his password.
    const asked = await trpc(
      'member.changeEmail',
      { email: ATTACKER_EMAIL, currentPassword: 'Senha-Do-Intruso-9' },
      intruder,
    );
    expect(asked.statusCode).toBe(200);
    // Mariana pays, then confirms her e-mail from her mailbox.
    const link = await createLink(t);
    expect((await sandboxPay(t, link.id)).statusCode).toBe(200);
    const verified = await trpc('auth.verifyEmail', {
      token: await linkTo(MARIANA.customerEmail, '/confirmar-email'),
    });
    expect(verified.statusCode).toBe(200);
    const { setPasswordToken } = verified.json<{ result: { data: { setPasswordToken: string } } }>().result
      .data;

    expect(await sessionAlive(intruder)).toBe(false);
    expect(await signsIn(MARIANA.customerEmail, 'Senha-Do-Intruso-9')).toBeNull();
    const confirm = await trpc('identity.confirmEmailChange', {
      token: await linkTo(ATTACKER_EMAIL, '/confirmar-novo-email'),
    });
    expect(confirm.statusCode).toBe(400);
    expect(confirm.body).toContain(EMAIL_CHANGE_MSG.linkInvalid);
    const account = findByEmail(t.services.accounts, MARIANA.customerEmail)!;
    expect(rows(t).subscriberByEmail(MARIANA.customerEmail)?.userId).toBe(account.id);

    const chosen = await rest('/auth/set-password', {
      token: setPasswordToken,
      password: 'Mariana-Tinto-Serra',
    });
    expect(chosen.statusCode).toBe(200);
    expect(await signsIn(MARIANA.customerEmail, 'Mariana-Tinto-Serra')).not.toBeNull();
    expect(findByEmail(t.services.accounts, ATTACKER_EMAIL)).toBeUndefined();
  });
});

describe('§3 a pending change of address dies with the credentials that asked for it', () => {
  let member: TestMember;
  let confirmToken: string;
  beforeEach(async () => {
    member = await makeMember(t);
    const asked = await trpc(
      'member.changeEmail',
      { email: ATTACKER_EMAIL, currentPassword: 'segredo123' },
      member.token,
    );
    expect(asked.statusCode).toBe(200);
    confirmToken = await linkTo(ATTACKER_EMAIL, '/confirmar-novo-email');
  });

  async function confirmFails() {
    const confirm = await trpc('identity.confirmEmailChange', { token: confirmToken });
    expect(confirm.statusCode).toBe(400);
    expect(confirm.body).toContain(EMAIL_CHANGE_MSG.linkInvalid);
    expect(getUser(t.services.accounts, member.userId)?.email).toBe(member.email);
  }

  it('a password reset (REST)', async () => {
    await rest('/auth/forgot-password', { email: member.email });
    const reset = await rest('/auth/set-password', {
      token: await linkTo(member.email, '/definir-senha'),
      password: 'Outra-Senha-Forte-1',
    });
    expect(reset.statusCode).toBe(200);
    await confirmFails();
  });

  it('a password change (tRPC), which also kills unused links', async () => {
    await rest('/auth/forgot-password', { email: member.email });
    const unused = await linkTo(member.email, '/definir-senha');
    const changed = await trpc(
      'member.changePassword',
      {
        currentPassword: 'segredo123',
        newPassword: 'Outra-Senha-Forte-1',
        confirmPassword: 'Outra-Senha-Forte-1',
      },
      member.token,
    );
    expect(changed.statusCode).toBe(200);
    await confirmFails();
    expect(
      (await rest('/auth/set-password', { token: unused, password: 'Terceira-Senha-9' })).statusCode,
    ).toBe(400);
  });

  it('"não fui eu" (REST)', async () => {
    expect(
      (await rest('/auth/not-me', { token: await linkTo(member.email, '/nao-fui-eu') })).statusCode,
    ).toBe(200);
    await confirmFails();
  });

  it("an admin's correction of the record's contacts (REST)", async () => {
    const admin = await t.signIn('admin');
    const corrected = await t.request({
      method: 'PUT',
      url: `/api/admin/subscribers/${member.subscriberId}`,
      headers: bearer(admin.token),
      payload: {
        fullName: member.name,
        email: member.email,
        phone: '(21) 98888-7777',
        status: 'active',
        subscriptionPrice: 149700,
      },
    });
    expect(corrected.statusCode).toBe(200);
    await confirmFails();
    const told = (await deliverAll(t, whatsapp)).filter(
      (message) => message.to === member.email && message.text.includes(ACCOUNT_NOTICES.contacts_corrected),
    );
    expect(told).toHaveLength(1);
  });
});
