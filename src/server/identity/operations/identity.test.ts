/**
 * Proven contacts (ADR 027): a change of sign-in address takes effect only through the link sent
 * to the new address (the old one told, the other sessions ended, old links dead); a WhatsApp
 * number is proven by a code typed back, with limits per account and per IP; the back office sees
 * which contacts are proven and why an approval is refused.
 */
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { useTestApp, type TestApp } from '../../../../tests/app';
import { createLink, rows, sandboxPay } from '../../../../tests/checkout';
import { makeMember, type TestMember } from '../../../../tests/member';
import { APPROVAL_MSG, EMAIL_CHANGE_MSG, PHONE_PROOF_MSG } from '../../../shared/identity-schemas';
import { MSG } from '../../../shared/messages';
import { ACCOUNT_NOTICES } from '../../../shared/security-schemas';
import { outbox, subscribers, users } from '../../db/schema';
import { failure } from '../../../../tests/refusal';
import { login as accountsLogin, setPassword } from '../accounts/sign-in';
import { requestPasswordReset } from '../accounts/account-links';
import { history as subscriberAdminHistory } from '../../membership/subscribers/admin/history';
import { getUser, findByEmail } from '../accounts/account-reads';
import { request } from '../email-changes/request';

let t: TestApp;
useTestApp((app) => (t = app));

const messagesTo = (recipient: string) =>
  t.services.db.select().from(outbox).where(eq(outbox.recipient, recipient)).all();
const noticesTo = (recipient: string) =>
  messagesTo(recipient).filter((row) => row.template === 'account_security');

/** The token of the newest "Confirme seu novo email" link the address received. */
function confirmToken(recipient: string): string {
  const message = messagesTo(recipient)
    .filter((row) => row.template === 'email_change_confirm')
    .at(-1)!;
  return /confirmar-novo-email\?token=([\w-]+)/.exec(message.deliveryBody!)![1]!;
}

/** The code the WhatsApp number received (as its owner reads it). */
function phoneCode(phone: string): string {
  const message = messagesTo(phone)
    .filter((row) => row.template === 'phone_proof_code')
    .at(-1)!;
  return /\b(\d{6})\b/.exec(message.deliveryBody!)![1]!;
}

/** The member's current password, typed again before a number is proven (ADR 027). */
const withPassword = { currentPassword: 'segredo123' };

const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

async function login(email: string, password = 'segredo123') {
  return accountsLogin(t.services.accounts, { email, password }).then(
    (result) => result,
    () => null,
  );
}

describe('changing the sign-in address (member profile)', () => {
  let member: TestMember;
  beforeEach(async () => {
    member = await makeMember(t);
  });

  const ask = (email = 'novo.endereco@teste.com.br') =>
    t.caller(member.token).member.changeEmail({ email, currentPassword: 'segredo123' });

  it('waits for the link: the new address gets it, the current one is told without it', async () => {
    await ask();
    expect(await t.caller(member.token).identity.myContacts()).toMatchObject({
      email: member.email,
      pendingEmail: { newEmail: 'novo.endereco@teste.com.br', requestedBy: 'member' },
    });
    const [confirm] = messagesTo('novo.endereco@teste.com.br');
    expect(confirm).toMatchObject({ channel: 'email', template: 'email_change_confirm' });
    expect(confirm!.body).toContain('[link enviado somente ao destinatário]');
    expect(confirm!.deliveryBody).toContain(`${t.env.publicUrl}/confirmar-novo-email?token=`);
    const told = messagesTo(member.email).find((row) => row.template === 'email_change_requested')!;
    expect(told.body).toContain('no******@t****.com.br');
    expect(told.body).toContain('feito no Portal do Confrade, com a senha da conta');
    // Its only link is "não fui eu", which closes the account rather than opening it.
    expect(told.deliveryBody).not.toContain('confirmar-novo-email');
    expect(told.deliveryBody).toMatch(/\/nao-fui-eu\?token=[a-z0-9]+/);
    // Until then the account signs in as before.
    expect(await login('novo.endereco@teste.com.br')).toBeNull();
    expect(await login(member.email)).not.toBeNull();
    expect((await t.caller(member.token).member.profile()).email).toBe(member.email);
  });

  it('once confirmed: new sign-in address (proven), record follows, other sessions end, old links die', async () => {
    const other = await login(member.email);
    requestPasswordReset(t.services.accounts, member.email);
    const oldLink = /token=([a-z0-9]+)/.exec(
      messagesTo(member.email).find((row) => row.template === 'set_password')!.deliveryBody!,
    )![1]!;
    await ask();

    // Opened in the browser where the member is signed in: that session stays.
    const answer = await t.caller(member.token).identity.confirmEmailChange({
      token: confirmToken('novo.endereco@teste.com.br'),
    });
    expect(answer).toEqual({
      success: true,
      message: EMAIL_CHANGE_MSG.confirmed('novo.endereco@teste.com.br'),
      email: 'novo.endereco@teste.com.br',
    });
    const account = t.services.db.select().from(users).where(eq(users.id, member.userId)).get()!;
    expect(account.email).toBe('novo.endereco@teste.com.br');
    expect(account.emailVerifiedAt).toEqual(t.clock.now());
    expect(rows(t).subscriberByEmail('novo.endereco@teste.com.br')?.id).toBe(member.subscriberId);
    expect(t.services.sessions.validate(member.token)).not.toBeNull();
    expect(t.services.sessions.validate(other!.token)).toBeNull();
    expect(await login('novo.endereco@teste.com.br')).not.toBeNull();
    expect(await login(member.email)).toBeNull();
    await expect(setPassword(t.services.accounts, oldLink, 'tomada-de-conta')).rejects.toThrow(
      MSG.setPasswordTokenInvalid,
    );
    expect(messagesTo(member.email).map((row) => row.template)).toContain('email_changed');
    const history = subscriberAdminHistory(t.services.subscriberAdmin, member.subscriberId);
    expect(history.map((entry) => entry.label)).toEqual(
      expect.arrayContaining([
        'Troca de email pedida (aguardando confirmação pelo novo endereço)',
        'Email trocado (confirmado pelo novo endereço)',
      ]),
    );

    // A link works once.
    const again = await failure(
      t.caller().identity.confirmEmailChange({ token: confirmToken('novo.endereco@teste.com.br') }),
    );
    expect(again.message).toBe(EMAIL_CHANGE_MSG.linkInvalid);
  });

  it('opened signed out (another device): every session of the account ends', async () => {
    await ask();
    await t.caller().identity.confirmEmailChange({ token: confirmToken('novo.endereco@teste.com.br') });
    expect(t.services.sessions.validate(member.token)).toBeNull();
  });

  it('refuses a taken address, its own address, and a wrong password, changing nothing', async () => {
    const other = await makeMember(t);
    const taken = await failure(ask(other.email));
    expect(taken.code).toBe('CONFLICT');
    expect(taken.message).toBe('Este email já está cadastrado');
    const same = await failure(ask(` ${member.email.toUpperCase()} `));
    expect(same.message).toBe(EMAIL_CHANGE_MSG.same);
    const password = await failure(
      t.caller(member.token).member.changeEmail({ email: 'x@teste.com.br', currentPassword: 'errada' }),
    );
    expect(password.message).toBe('Senha atual incorreta');
    expect((await t.caller(member.token).identity.myContacts()).pendingEmail).toBeNull();
    expect(t.services.db.select().from(outbox).all()).toEqual([]);
  });

  it('an address taken before the click is refused then, and nothing changes', async () => {
    await ask();
    await t.signIn('user', 'novo.endereco@teste.com.br');
    const late = await failure(
      t.caller().identity.confirmEmailChange({ token: confirmToken('novo.endereco@teste.com.br') }),
    );
    expect(late.code).toBe('CONFLICT');
    expect(late.message).toBe(EMAIL_CHANGE_MSG.takenSince);
    expect(getUser(t.services.accounts, member.userId)?.email).toBe(member.email);
    expect(t.services.sessions.validate(member.token)).not.toBeNull();
  });

  it('expires after 48 hours; a new request or a cancellation kills the earlier link', async () => {
    await ask('primeiro@teste.com.br');
    const first = confirmToken('primeiro@teste.com.br');
    await ask('segundo@teste.com.br');
    expect((await failure(t.caller().identity.confirmEmailChange({ token: first }))).message).toBe(
      EMAIL_CHANGE_MSG.linkInvalid,
    );
    const second = confirmToken('segundo@teste.com.br');
    expect(await t.caller(member.token).identity.cancelEmailChange()).toEqual({
      success: true,
      message: EMAIL_CHANGE_MSG.cancelled,
    });
    expect((await failure(t.caller().identity.confirmEmailChange({ token: second }))).message).toBe(
      EMAIL_CHANGE_MSG.linkInvalid,
    );
    expect((await failure(t.caller(member.token).identity.cancelEmailChange())).message).toBe(
      EMAIL_CHANGE_MSG.nothingPending,
    );

    await ask('terceiro@teste.com.br');
    t.clock.advance(48 * 3600 * 1000 + 1);
    const expired = await failure(
      t.caller().identity.confirmEmailChange({ token: confirmToken('terceiro@teste.com.br') }),
    );
    expect(expired.message).toBe(EMAIL_CHANGE_MSG.linkInvalid);
    expect(getUser(t.services.accounts, member.userId)?.email).toBe(member.email);
  });

  it('at most 5 requests an hour per account (each mails two addresses)', async () => {
    for (let i = 0; i < 5; i++) await ask(`tentativa${i}@teste.com.br`);
    const sixth = await failure(ask('sexta@teste.com.br'));
    expect(sixth.code).toBe('TOO_MANY_REQUESTS');
    expect(sixth.message).toBe(EMAIL_CHANGE_MSG.tooMany);
    expect(messagesTo('sexta@teste.com.br')).toEqual([]);
    t.clock.advance(60 * 60_000 + 1);
    await ask('sexta@teste.com.br');
  });

  it('a made-up or empty token gets the Portuguese message', async () => {
    for (const token of ['inventado', '']) {
      const error = await failure(t.caller().identity.confirmEmailChange({ token }));
      expect(error.code).toBe('BAD_REQUEST');
      expect(error.message).toBe(EMAIL_CHANGE_MSG.linkInvalid);
    }
  });
});

describe('proving the WhatsApp number', () => {
  let member: TestMember;
  let phone: string;
  beforeEach(async () => {
    member = await makeMember(t);
    phone = rows(t).subscriberByEmail(member.email)!.phone;
  });

  it('a code sent to the profile’s number and typed back proves it', async () => {
    const caller = t.caller(member.token);
    expect(await caller.identity.myContacts()).toMatchObject({
      phone,
      phoneProven: false,
      provenPhone: null,
    });
    // A stolen session alone cannot start a proof: the current password comes first.
    const noPassword = await failure(caller.identity.requestPhoneCode({ currentPassword: 'x' }));
    expect(noPassword).toEqual({ code: 'BAD_REQUEST', message: 'Senha atual incorreta' });
    expect(messagesTo(phone)).toHaveLength(0);
    const sent = await caller.identity.requestPhoneCode(withPassword);
    expect(sent.message).toBe(PHONE_PROOF_MSG.codeSent(`(11) *****-${phone.slice(-4)}`));
    const [message] = messagesTo(phone);
    expect(message).toMatchObject({ channel: 'whatsapp', template: 'phone_proof_code' });
    const code = phoneCode(phone);
    expect(message!.body).not.toContain(code);
    expect(message!.body).toContain('[código enviado somente ao destinatário]');

    const wrongTry = await failure(caller.identity.confirmPhone({ code: wrong(code) }));
    expect(wrongTry.message).toBe('Código incorreto. Restam 4 tentativas.');
    const format = await failure(caller.identity.confirmPhone({ code: '12a' }));
    expect(format.message).toBe(PHONE_PROOF_MSG.codeFormat);
    const proven = await caller.identity.confirmPhone({ code });
    expect(proven.message).toBe(PHONE_PROOF_MSG.proven);
    expect(proven.contacts).toMatchObject({
      phoneProven: true,
      provenPhone: phone,
      phoneProvenAt: t.clock.now().toISOString(),
    });
    expect((await failure(caller.identity.requestPhoneCode(withPassword))).message).toBe(
      PHONE_PROOF_MSG.alreadyProven,
    );
    // The owner is told on the proven e-mail, with a "não fui eu" link kept out of the readable copy.
    const told = noticesTo(member.email);
    expect(told.map((row) => row.body)).toEqual([expect.stringContaining(ACCOUNT_NOTICES.phone_proven)]);
    expect(told[0]!.body).toContain('[link "Não fui eu" enviado somente ao destinatário]');
    expect(told[0]!.deliveryBody).toMatch(/\/nao-fui-eu\?token=[a-z0-9]+/);

    // Another number in the profile is a claim again; the proven one stays on the account.
    await caller.member.updateProfile({ fullName: member.name, phone: '(21) 99999-0000' });
    expect(noticesTo(member.email).at(-1)!.body).toContain(ACCOUNT_NOTICES.profile_phone_changed);
    expect(await caller.identity.myContacts()).toMatchObject({
      phone: '21999990000',
      phoneProven: false,
      provenPhone: phone,
    });
  });

  it('says a code is pending (masked, with its end) until it is used, expires, locks or the phone changes', async () => {
    const caller = t.caller(member.token);
    expect((await caller.identity.myContacts()).pendingPhoneCode).toBeNull();
    await caller.identity.requestPhoneCode(withPassword);
    const sentAt = t.clock.now().getTime();
    // A reload reads the contacts again: the code is still there to be typed, no new one needed.
    expect((await caller.identity.myContacts()).pendingPhoneCode).toEqual({
      phone: `(11) *****-${phone.slice(-4)}`,
      expiresAt: new Date(sentAt + 10 * 60_000).toISOString(),
    });
    expect(JSON.stringify(await caller.identity.myContacts())).not.toContain(phoneCode(phone));
    t.clock.advance(10 * 60_000 + 1);
    expect((await caller.identity.myContacts()).pendingPhoneCode).toBeNull();

    t.clock.advance(60_000);
    await caller.identity.requestPhoneCode(withPassword);
    for (let i = 0; i < 5; i++)
      await failure(caller.identity.confirmPhone({ code: wrong(phoneCode(phone)) }));
    expect((await caller.identity.myContacts()).pendingPhoneCode).toBeNull();

    t.clock.advance(61_000);
    await caller.identity.requestPhoneCode(withPassword);
    await caller.member.updateProfile({ fullName: member.name, phone: '(21) 99999-0000' });
    expect((await caller.identity.myContacts()).pendingPhoneCode).toBeNull();
  });

  it('locks a code at the 5th wrong try, and expires it after 10 minutes', async () => {
    const caller = t.caller(member.token);
    await caller.identity.requestPhoneCode(withPassword);
    const code = phoneCode(phone);
    for (let i = 0; i < 4; i++) await failure(caller.identity.confirmPhone({ code: wrong(code) }));
    expect((await failure(caller.identity.confirmPhone({ code: wrong(code) }))).message).toBe(
      PHONE_PROOF_MSG.codeLocked,
    );
    expect((await failure(caller.identity.confirmPhone({ code }))).message).toBe(PHONE_PROOF_MSG.codeLocked);
    await caller.identity.requestPhoneCode(withPassword);
    t.clock.advance(10 * 60_000 + 1);
    expect((await failure(caller.identity.confirmPhone({ code: phoneCode(phone) }))).message).toBe(
      PHONE_PROOF_MSG.codeExpired,
    );
    expect((await caller.identity.myContacts()).phoneProven).toBe(false);
  });

  it('per account: one code a minute and 3 an hour, in Portuguese', async () => {
    const caller = t.caller(member.token);
    await caller.identity.requestPhoneCode(withPassword);
    const soon = await failure(caller.identity.requestPhoneCode(withPassword));
    expect(soon.code).toBe('TOO_MANY_REQUESTS');
    expect(soon.message).toBe(PHONE_PROOF_MSG.resendTooSoon);
    for (let i = 0; i < 2; i++) {
      t.clock.advance(61_000);
      await caller.identity.requestPhoneCode(withPassword);
    }
    t.clock.advance(61_000);
    const hour = await failure(caller.identity.requestPhoneCode(withPassword));
    expect(hour.message).toBe(PHONE_PROOF_MSG.tooManyCodes);
    expect(messagesTo(phone)).toHaveLength(3);
  });

  it('per IP: 10 calls a minute, then 429 in Portuguese', async () => {
    const caller = t.caller(member.token);
    await caller.identity.requestPhoneCode(withPassword);
    for (let i = 0; i < 9; i++) await failure(caller.identity.confirmPhone({ code: '000000' }));
    const limited = await failure(caller.identity.confirmPhone({ code: phoneCode(phone) }));
    expect(limited.code).toBe('TOO_MANY_REQUESTS');
    expect(limited.message).toBe(MSG.tooManyRequests);
  });

  it('needs a phone in the profile', async () => {
    t.services.db.update(subscribers).set({ phone: '' }).where(eq(subscribers.id, member.subscriberId)).run();
    const error = await failure(t.caller(member.token).identity.requestPhoneCode(withPassword));
    expect(error.code).toBe('BAD_REQUEST');
    expect(error.message).toBe(PHONE_PROOF_MSG.noPhone);
  });
});

describe('the back office', () => {
  let admin: { token: string; userId: string; email: string };
  beforeEach(async () => {
    admin = await t.signIn('admin');
  });

  it('sees why an approval is refused before the click', async () => {
    const link = await createLink(t, { customerEmail: admin.email });
    await sandboxPay(t, link.id);
    const record = rows(t).subscriberByEmail(admin.email)!;
    expect(await t.caller(admin.token).subscribers.access({ id: record.id })).toEqual({
      account: {
        email: admin.email,
        role: 'admin',
        emailVerifiedAt: t.clock.now().toISOString(),
        provenPhone: null,
        phoneProvenAt: null,
        tied: false,
      },
      pendingEmail: null,
      approvalRefusal: APPROVAL_MSG.adminEmail,
      payoutPixKey: null,
    });
    const refused = await failure(t.caller(admin.token).subscribers.approve({ id: record.id }));
    expect(refused.code).toBe('CONFLICT');
    expect(refused.message).toBe(APPROVAL_MSG.adminEmail);
  });

  it("an admin's new e-mail for a member waits for its confirmation; a taken one changes nothing", async () => {
    const member = await makeMember(t);
    const other = await makeMember(t);
    const current = await t.caller(admin.token).subscribers.get({ id: member.subscriberId });
    const taken = await t.request({
      method: 'PUT',
      url: `/api/admin/subscribers/${member.subscriberId}`,
      headers: { authorization: `Bearer ${admin.token}` },
      payload: { ...current, email: other.email, fullName: 'Nome Que Não Fica' },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ error: 'Este email já está cadastrado' });
    expect((await t.caller(admin.token).subscribers.get({ id: member.subscriberId })).fullName).toBe(
      current.fullName,
    );

    const saved = await t.request({
      method: 'PUT',
      url: `/api/admin/subscribers/${member.subscriberId}`,
      headers: { authorization: `Bearer ${admin.token}` },
      payload: { ...current, email: 'corrigido@teste.com.br', fullName: 'Nome Corrigido' },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      message: EMAIL_CHANGE_MSG.adminRequested,
      subscriber: { email: member.email, fullName: 'Nome Corrigido' },
    });
    const access = await t.caller(admin.token).subscribers.access({ id: member.subscriberId });
    expect(access.pendingEmail).toMatchObject({ newEmail: 'corrigido@teste.com.br', requestedBy: 'admin' });
    expect(access.account).toMatchObject({ email: member.email, tied: true });
    const told = messagesTo(member.email).find((row) => row.template === 'email_change_requested')!;
    expect(told.body).toContain('feito pela equipe do clube');
    await t.caller().identity.confirmEmailChange({ token: confirmToken('corrigido@teste.com.br') });
    expect(getUser(t.services.accounts, member.userId)?.email).toBe('corrigido@teste.com.br');
  });

  it('a new e-mail asked while the record had no account moves the account approval created for the old one', async () => {
    const link = await createLink(t, { customerEmail: 'antigo@teste.com.br' });
    await sandboxPay(t, link.id);
    const record = rows(t).subscriberByEmail('antigo@teste.com.br')!;
    request(t.services.emailChanges, {
      target: { userId: null, subscriberId: record.id },
      newEmail: 'novo@teste.com.br',
      name: record.name,
      requestedBy: 'wizard',
      requestedById: null,
    });
    await t.caller(admin.token).subscribers.approve({ id: record.id });
    const account = findByEmail(t.services.accounts, 'antigo@teste.com.br')!;
    const answer = await t.caller().identity.confirmEmailChange({ token: confirmToken('novo@teste.com.br') });
    expect(answer.message).toBe(EMAIL_CHANGE_MSG.confirmed('novo@teste.com.br'));
    expect(getUser(t.services.accounts, account.id)?.email).toBe('novo@teste.com.br');
    expect(rows(t).subscriberByEmail('novo@teste.com.br')?.userId).toBe(account.id);
  });

  it('a record without an account takes a corrected e-mail at once (nobody signs in with it yet)', async () => {
    const created = await t.caller(admin.token).subscribers.create({
      fullName: 'Sem Conta',
      email: 'errado@teste.com.br',
      phone: '(21) 99876-5432',
      status: 'pending_payment',
      subscriptionPrice: 149700,
    });
    const saved = await t.caller(admin.token).subscribers.update({
      ...created.subscriber,
      id: created.subscriberId,
      email: 'certo@teste.com.br',
    } as never);
    expect(saved).toMatchObject({
      message: 'Assinante atualizado com sucesso!',
      subscriber: { email: 'certo@teste.com.br' },
    });
  });
});
