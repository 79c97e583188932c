/**
 * ADR 027, reproduced end to end: an anonymous checkout that names somebody else's e-mail (a
 * member's, the admin's) with the buyer's own phone, paid on the sandbox and approved by the admin,
 * must not hand that account to the buyer. Messages leave through the real outbox worker: WhatsApp
 * to a fake Cloud API on loopback, e-mail to the local mailbox. The same for the wizard's save step
 * and for an admin who corrects a record's contacts before approving.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../../../tests/app';
import { createLink, MARIANA, rows, sandboxPay } from '../../../../tests/checkout';
import { PRACA_DA_SE } from '../../../../tests/people';
import { makeMember } from '../../../../tests/member';
import { startFakeWhatsAppServer, type FakeWhatsAppServer } from '../../../../tests/fakes/whatsapp-server';
import { PROFILE_UPDATE_MSG } from '../../../shared/profile-update-schemas';
import { APPROVAL_MSG } from '../../../shared/identity-schemas';
import { stop } from '../../messaging/outbox-worker/loop';
import { deliverAll, type Delivered } from '../../../../tests/deliveries';

/** The buyer's own WhatsApp, typed at the checkout. */
const ATTACKER_PHONE = '(11) 91234-5678';
const ATTACKER_WHATSAPP = '5511912345678';

let t: TestApp;
let whatsapp: FakeWhatsAppServer;
let admin: { token: string; userId: string; email: string };

beforeEach(async () => {
  whatsapp = await startFakeWhatsAppServer();
  t = await createTestApp(whatsapp.appEnv());
  admin = await t.signIn('admin');
});
afterEach(async () => {
  await stop(t.services.outboxWorker);
  await t.close();
  await whatsapp.close();
});

/** Every set-password link anyone received, with where it went. */
function setPasswordLinks(delivered: Delivered[]) {
  return delivered.flatMap((message) =>
    [...message.text.matchAll(/\/definir-senha\?token=([a-z0-9]+)/g)].map((match) => ({
      channel: message.channel,
      to: message.to,
      token: match[1]!,
    })),
  );
}

async function signsIn(email: string, password = 'segredo123') {
  const res = await t.request({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  return res.statusCode === 200 ? res.json<{ user: { role: string } }>().user.role : null;
}

/** The anonymous checkout of the issue, paid on the sandbox: the record awaiting approval. */
async function paidCheckout(email: string, phone = ATTACKER_PHONE) {
  const link = await createLink(t, { customerEmail: email, customerPhone: phone });
  expect((await sandboxPay(t, link.id)).statusCode).toBe(200);
  const record = rows(t).subscriberByEmail(email);
  expect(record?.status).toBe('pending');
  return record!;
}

function approve(id: string) {
  return t.request({
    method: 'POST',
    url: `/api/admin/subscribers/${id}/approve`,
    headers: bearer(admin.token),
  });
}

/** Whatever token the buyer's phone got, it must not set a password. */
async function attackerTriesLinks(delivered: Delivered[]) {
  for (const link of setPasswordLinks(delivered).filter((found) => found.to === ATTACKER_WHATSAPP)) {
    await t.request({
      method: 'POST',
      url: '/api/auth/set-password',
      payload: { token: link.token, password: 'tomada-de-conta' },
    });
  }
}

describe('an anonymous checkout naming somebody else’s e-mail, then approved', () => {
  it("a member's e-mail: the member is told by e-mail without a link; the buyer's WhatsApp gets no link", async () => {
    const member = await t.signIn('user', 'socia.antiga@teste.com.br');
    const record = await paidCheckout(member.email);

    const approved = await approve(record.id);
    const delivered = await deliverAll(t, whatsapp);
    await attackerTriesLinks(delivered);
    // The account is still its owner's: the old password works, the buyer's does not.
    expect(await signsIn(member.email)).toBe('user');
    expect(await signsIn(member.email, 'tomada-de-conta')).toBeNull();

    expect(approved.statusCode).toBe(200);
    expect(approved.json().message).toBe(APPROVAL_MSG.approvedExistingAccount);
    const toBuyer = delivered.filter((message) => message.to === ATTACKER_WHATSAPP);
    expect(toBuyer).toHaveLength(1);
    expect(toBuyer[0]!.text).toContain('veja o seu e-mail');
    expect(setPasswordLinks(delivered)).toEqual([]);
    // Besides the payment's confirmation, the account's owner is told on their own address.
    const notice = delivered.filter(
      (message) => message.to === member.email && message.text.includes('Seu acesso está pronto'),
    );
    expect(notice).toHaveLength(1);
    expect(notice[0]!.text).toContain('Esqueci minha senha');
  });

  it("the admin's e-mail: the approval is refused (409, in Portuguese) and nothing is sent", async () => {
    const record = await paidCheckout(admin.email);
    const refused = await approve(record.id);
    const delivered = await deliverAll(t, whatsapp);
    await attackerTriesLinks(delivered);
    expect(await signsIn(admin.email)).toBe('admin');
    expect(await signsIn(admin.email, 'tomada-de-conta')).toBeNull();

    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ error: APPROVAL_MSG.adminEmail });
    expect(rows(t).subscriberByEmail(admin.email)).toMatchObject({ status: 'pending', approvedBy: null });
    expect(setPasswordLinks(delivered)).toEqual([]);
    expect(delivered.filter((message) => message.to === ATTACKER_WHATSAPP)).toEqual([]);
  });

  it('a new e-mail: the set-password link goes only to that e-mail; WhatsApp gets a notice', async () => {
    const record = await paidCheckout(MARIANA.customerEmail, MARIANA.customerPhone);
    const approved = await approve(record.id);
    expect(approved.statusCode).toBe(200);
    expect(approved.json().message).toBe(APPROVAL_MSG.approvedNewAccount);

    const delivered = await deliverAll(t, whatsapp);
    const links = setPasswordLinks(delivered);
    expect(links.map((link) => [link.channel, link.to])).toEqual([['email', MARIANA.customerEmail]]);
    const chat = delivered.find((message) => message.channel === 'whatsapp');
    expect(chat?.text).toContain('veja o seu e-mail');

    // Using the link proves the address (ADR 014) and signs the owner in.
    const set = await t.request({
      method: 'POST',
      url: '/api/auth/set-password',
      payload: { token: links[0]!.token, password: 'minha-senha-nova' },
    });
    expect(set.statusCode).toBe(200);
    expect(await signsIn(MARIANA.customerEmail, 'minha-senha-nova')).toBe('user');
  });
});

describe("the wizard's save step", () => {
  /** The buyer's own paid record, opened in the wizard with the code their own e-mail received. */
  async function wizardGrant() {
    const record = await paidCheckout('comprador@teste.com.br');
    const found = await t.request({
      method: 'POST',
      url: '/api/subscriber-update/request-form',
      payload: { email: 'comprador@teste.com.br' },
    });
    expect(found.statusCode).toBe(200);
    const { requestId } = found.json<{ requestId: string }>();
    const delivered = await deliverAll(t, whatsapp);
    const mail = delivered.find(
      (message) => message.to === 'comprador@teste.com.br' && /\d{6}/.test(message.text),
    );
    const code = /\b(\d{6})\b/.exec(mail!.text)![1]!;
    const verified = await t.request({
      method: 'POST',
      url: '/api/subscriber-update/verify-code',
      payload: { requestId, code },
    });
    expect(verified.statusCode).toBe(200);
    return { record, token: verified.json<{ verificationToken: string }>().verificationToken };
  }

  const profile = (subscriberId: string, verificationToken: string, email: string) => ({
    subscriberId,
    verificationToken,
    firstName: 'Comprador',
    lastName: 'Qualquer',
    email,
    phone: ATTACKER_PHONE,
    address: { zipCode: '01001-000', ...PRACA_DA_SE, number: '1', complement: '' },
    shirtSize: 'M',
  });

  for (const whose of ['member', 'admin'] as const) {
    it(`never moves a record onto the e-mail of another account (${whose}); approval then hands out nothing`, async () => {
      const owner = whose === 'admin' ? admin : await t.signIn('user', 'socio.sem.cadastro@teste.com.br');
      const { record, token } = await wizardGrant();
      const saved = await t.request({
        method: 'POST',
        url: '/api/subscriber-update/complete-profile',
        payload: profile(record.id, token, owner.email),
      });
      const approved = await approve(record.id);
      const delivered = await deliverAll(t, whatsapp);
      await attackerTriesLinks(delivered);
      expect(await signsIn(owner.email)).toBe(whose === 'admin' ? 'admin' : 'user');
      expect(await signsIn(owner.email, 'tomada-de-conta')).toBeNull();

      expect(saved.statusCode).toBe(409);
      expect(saved.json()).toEqual({ error: PROFILE_UPDATE_MSG.emailTaken });
      expect(rows(t).subscriberByEmail('comprador@teste.com.br')?.id).toBe(record.id);
      expect(approved.statusCode).toBe(200);
      expect(setPasswordLinks(delivered).map((link) => link.to)).toEqual(['comprador@teste.com.br']);
    });
  }
});

describe('an admin who corrects contact data', () => {
  it('a phone corrected before approving gets a notice, never the link', async () => {
    const record = await paidCheckout(MARIANA.customerEmail, MARIANA.customerPhone);
    const current = await t.caller(admin.token).subscribers.get({ id: record.id });
    const edited = await t.request({
      method: 'PUT',
      url: `/api/admin/subscribers/${record.id}`,
      headers: bearer(admin.token),
      payload: { ...current, phone: ATTACKER_PHONE },
    });
    expect(edited.statusCode).toBe(200);
    expect((await approve(record.id)).statusCode).toBe(200);

    const delivered = await deliverAll(t, whatsapp);
    expect(setPasswordLinks(delivered).map((link) => [link.channel, link.to])).toEqual([
      ['email', MARIANA.customerEmail],
    ]);
    const chat = delivered.filter((message) => message.to === ATTACKER_WHATSAPP);
    expect(chat).toHaveLength(1);
    expect(chat[0]!.text).not.toContain('definir-senha');
  });

  it("a member's e-mail corrected by an admin waits for its confirmation; the welcome link keeps to the account's address", async () => {
    const member = await makeMember(t);
    const current = await t.caller(admin.token).subscribers.get({ id: member.subscriberId });
    const edited = await t.request({
      method: 'PUT',
      url: `/api/admin/subscribers/${member.subscriberId}`,
      headers: bearer(admin.token),
      payload: { ...current, email: 'outra.pessoa@teste.com.br' },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().subscriber.email).toBe(member.email);

    const payment = rows(t)
      .payments()
      .find((row) => row.subscriberId === member.subscriberId)!;
    const welcome = await t.request({
      method: 'POST',
      url: '/api/emails/welcome',
      payload: { paymentId: payment.id },
    });
    expect(welcome.statusCode).toBe(200);
    const delivered = await deliverAll(t, whatsapp);
    expect(setPasswordLinks(delivered).map((link) => link.to)).toEqual([member.email]);
    expect(await signsIn(member.email)).toBe('user');
  });
});
