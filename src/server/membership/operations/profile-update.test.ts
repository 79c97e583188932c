/**
 * The profile-update wizard over REST (and tRPC where the SPA could use it): the lookup answers the
 * documented shape masked, the code goes only to proven contacts (ADR 027) and stays unreadable in the outbox and
 * the logs, five wrong codes lock it, an expired one is refused, nothing is saved without a
 * confirmed code, and the per-IP limit answers 429 in Portuguese.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp, type TestApp } from '../../../../tests/app';
import { createLink } from '../../../../tests/checkout';
import { PRACA_DA_SE } from '../../../../tests/people';
import { MSG } from '../../../shared/messages';
import { PROFILE_UPDATE_MSG } from '../../../shared/profile-update-schemas';
import { databaseFile, openDatabase } from '../../db/client';
import {
  accountPhones,
  emailChanges,
  outbox,
  profileUpdateCodes,
  subscriberActivity,
  subscribers,
  type Subscriber,
} from '../../db/schema';
import { parseEnv } from '../../env';
import { buildApp } from '../../http/app';
import { newId } from '../../lib/ids';
import { createAccount } from '../../identity/accounts/create-account';
import { getUser } from '../../identity/accounts/account-reads';
import { runOnce } from '../../messaging/outbox-worker/delivery';
import { CODE_PLACEHOLDER } from '../profile-update/deps';

let t: TestApp;
useTestApp((app) => (t = app));

type Db = TestApp['services']['db'];

/** Helena's address on file (the wizard shows it, then she moves to Praça da Sé). */
const HELENA_ADDRESS = {
  street: 'Rua das Videiras',
  number: '42',
  complement: 'Apto 3',
  neighborhood: 'Botafogo',
  city: 'Rio de Janeiro',
  state: 'RJ',
};

function seedSubscriber(db: Db, overrides: Partial<typeof subscribers.$inferInsert> = {}): Subscriber {
  return db
    .insert(subscribers)
    .values({
      id: newId(),
      name: 'Helena Maria Duarte',
      email: 'helena.duarte@exemplo.com.br',
      phone: '21998765432',
      ...HELENA_ADDRESS,
      zipCode: '22250040',
      shirtSize: 'G',
      status: 'active',
      paymentStatus: 'paid',
      referralCode: `REF${Math.random().toString(36).slice(2, 8).toUpperCase()}`,
      ...overrides,
    })
    .returning()
    .all()[0]!;
}

/**
 * Gives the record an account (tied, e-mail proven), with `provenPhone` as the WhatsApp number the
 * account proved by a code (ADR 027).
 */
async function withAccount(services: TestApp['services'], subscriber: Subscriber, provenPhone?: string) {
  const user = await createAccount(services.accounts, {
    name: subscriber.name,
    email: subscriber.email,
    password: 'segredo123',
    emailVerified: true,
  });
  services.db.update(subscribers).set({ userId: user.id }).where(eq(subscribers.id, subscriber.id)).run();
  if (provenPhone) {
    services.db
      .insert(accountPhones)
      .values({ userId: user.id, phone: provenPhone, provenAt: new Date() })
      .run();
  }
  return user;
}

/** The `requestId` of the last lookup answered: the code step sends it back (ADR 018). */
let lastRequest = '';

async function post(url: string, payload: unknown) {
  const res = await t.request({
    method: 'POST',
    url: `/api/subscriber-update/${url}`,
    payload: payload as object,
  });
  if (url === 'request-form' && res.statusCode === 200)
    lastRequest = res.json<{ requestId: string }>().requestId;
  return res;
}

/** The lookup's one answer, whether a record was found or not. */
const SAME_ANSWER = {
  success: true,
  message: 'Se encontrarmos o cadastro, enviaremos um código aos contatos confirmados.',
  requestId: expect.stringMatching(/^[\w-]{20,}$/),
};

/** The code as its recipient reads it: the text the outbox delivers (tests deliver nothing). */
function codeSentTo(recipient: string): string {
  const message = t.services.db.select().from(outbox).where(eq(outbox.recipient, recipient)).all().at(-1)!;
  return message.deliveryBody!.match(/\b(\d{6})\b/)![1]!;
}

/** The token of the "Confirme seu novo email" link the new address received. */
function codeLink(recipient: string): string {
  const message = t.services.db.select().from(outbox).where(eq(outbox.recipient, recipient)).all().at(-1)!;
  return /confirmar-novo-email\?token=([\w-]+)/.exec(message.deliveryBody!)![1]!;
}

const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

function profile(subscriberId: string, verificationToken: string, overrides: Record<string, unknown> = {}) {
  return {
    subscriberId,
    verificationToken,
    firstName: ' Helena ',
    lastName: 'Duarte Lima',
    email: 'Helena.Lima@Exemplo.com.br',
    phone: '(21) 99999-0000',
    address: {
      zipCode: '01001-000',
      street: 'Praça da Sé',
      number: '100',
      complement: '',
      neighborhood: 'Sé',
      city: 'São Paulo',
      state: 'sp',
    },
    shirtSize: 'GG',
    ...overrides,
  };
}

async function verified(subscriber: Subscriber) {
  expect((await post('request-form', { email: subscriber.email })).statusCode).toBe(200);
  const res = await post('verify-code', { requestId: lastRequest, code: codeSentTo(subscriber.email) });
  expect(res.statusCode).toBe(200);
  return res.json<{ verificationToken: string }>().verificationToken;
}

describe('POST /api/subscriber-update/request-form', () => {
  it('answers the same whether a record is found or not, and names nobody before the code (ADR 018)', async () => {
    const helena = seedSubscriber(t.services.db);
    const found = await post('request-form', { email: '  HELENA.DUARTE@exemplo.com.br ', phone: '' });
    const missing = await post('request-form', { email: 'ninguem@exemplo.com.br' });
    const byPhone = await post('request-form', { phone: '(11) 90000-0000' });
    for (const res of [found, missing, byPhone]) {
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual(SAME_ANSWER);
      for (const secret of [helena.id, 'Helena', 'he******', '5432', 'Videiras', 'Duarte']) {
        expect(res.body).not.toContain(secret);
      }
    }
    // Only the record found got a code.
    const sent = t.services.db.select().from(outbox).all();
    expect(sent.map((m) => [m.channel, m.recipient, m.template])).toEqual([
      ['email', helena.email, 'profile_update_code'],
    ]);
  });

  it('a lookup that found nothing refuses codes exactly as a real one refuses wrong codes', async () => {
    const helena = seedSubscriber(t.services.db);
    // Each run from its own address: the per-IP limit (10 a minute) is not what is compared.
    const answersFor = async (email: string, remoteAddress: string) => {
      const call = (url: string, payload: object) =>
        t.request({ method: 'POST', url: `/api/subscriber-update/${url}`, payload, remoteAddress });
      const { requestId } = (await call('request-form', { email })).json<{ requestId: string }>();
      const answers: string[] = [];
      for (let i = 0; i < 6; i++) {
        const res = await call('verify-code', { requestId, code: '000000' });
        answers.push(`${res.statusCode} ${res.json<{ error: string }>().error}`);
      }
      return answers;
    };
    // (A real code is never 000000 here: the test would be told by its first answer.)
    const real = await answersFor(helena.email, '10.0.0.1');
    expect(codeSentTo(helena.email)).not.toBe('000000');
    expect(await answersFor('ninguem@exemplo.com.br', '10.0.0.2')).toEqual(real);
    expect(real).toEqual([
      '400 Código incorreto. Restam 4 tentativas.',
      '400 Código incorreto. Restam 3 tentativas.',
      '400 Código incorreto. Restam 2 tentativas.',
      '400 Código incorreto. Resta 1 tentativa.',
      `400 ${PROFILE_UPDATE_MSG.codeLocked}`,
      `400 ${PROFILE_UPDATE_MSG.codeLocked}`,
    ]);
    // An id nobody was given reads as an expired code.
    const made = await post('verify-code', { requestId: 'inventado', code: '123456' });
    expect(made.json()).toEqual({ error: PROFILE_UPDATE_MSG.codeExpired });
  });

  it('finds by phone, typed with its mask or with +55', async () => {
    const helena = seedSubscriber(t.services.db);
    await post('request-form', { phone: '(21) 99876-5432' });
    expect(
      (await post('verify-code', { requestId: lastRequest, code: codeSentTo(helena.email) })).statusCode,
    ).toBe(200);
    t.clock.advance(61_000);
    await post('request-form', { email: '', phone: '+55 21 99876-5432' });
    const again = await post('verify-code', { requestId: lastRequest, code: codeSentTo(helena.email) });
    expect(again.json().subscriber.id).toBe(helena.id);
  });

  it('needs an e-mail or a phone', async () => {
    for (const payload of [{}, { email: '', phone: '  ' }]) {
      const res = await post('request-form', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: PROFILE_UPDATE_MSG.lookupRequired });
    }
    expect((await post('request-form', { email: 'nao-e-email' })).json()).toEqual({
      error: 'Email inválido',
    });
    expect(t.services.db.select().from(outbox).all()).toEqual([]);
  });

  it('does not find a record typed into a checkout nobody paid (anyone can type any e-mail)', async () => {
    await createLink(t, { customerEmail: 'provisoria@exemplo.com.br' });
    const res = await post('request-form', { email: 'provisoria@exemplo.com.br' });
    expect(res.json()).toEqual(SAME_ANSWER);
    expect(t.services.db.select().from(outbox).all()).toEqual([]);
  });

  it('a record without an account: the code goes to its e-mail only, never to the phone someone typed', async () => {
    const helena = seedSubscriber(t.services.db);
    await post('request-form', { phone: '21998765432' });
    const sent = t.services.db.select().from(outbox).all();
    expect(sent.map((m) => [m.channel, m.recipient, m.template])).toEqual([
      ['email', helena.email, 'profile_update_code'],
    ]);
  });

  it("a record with an account: the account's e-mail and the WhatsApp it proved, not the record's other phone", async () => {
    const helena = seedSubscriber(t.services.db);
    await withAccount(t.services, helena, '21911112222');
    await post('request-form', { email: helena.email });
    const sent = t.services.db.select().from(outbox).all();
    expect(sent.map((m) => [m.channel, m.recipient]).sort()).toEqual([
      ['email', helena.email],
      ['whatsapp', '21911112222'],
    ]);
  });

  it('keeps the code unreadable in the outbox and the database', async () => {
    const helena = seedSubscriber(t.services.db);
    await withAccount(t.services, helena, helena.phone);
    await post('request-form', { phone: '21998765432' });
    const sent = t.services.db.select().from(outbox).all();
    expect(sent.map((m) => [m.channel, m.recipient, m.template]).sort()).toEqual([
      ['email', helena.email, 'profile_update_code'],
      ['whatsapp', helena.phone, 'profile_update_code'],
    ]);
    const code = codeSentTo(helena.email);
    expect(sent.find((m) => m.channel === 'whatsapp')!.deliveryBody).toContain(code);
    for (const message of sent) {
      expect(message.body).toContain(CODE_PLACEHOLDER);
      expect(message.body).not.toContain(code);
      expect(message.subject ?? '').not.toContain(code);
    }
    // What an admin reads (the outbox list) has the placeholder only.
    const admin = await t.signIn('admin');
    const listed = await t.caller(admin.token).outbox.list();
    expect(listed.items).toHaveLength(2);
    expect(JSON.stringify(listed.items)).not.toContain(code);
    const stored = t.services.db.select().from(profileUpdateCodes).all();
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain(code);
  });

  it('sends a new code to the same record only after a minute, and at most 3 an hour, without saying so', async () => {
    const helena = seedSubscriber(t.services.db);
    expect((await post('request-form', { email: helena.email })).json()).toEqual(SAME_ANSWER);
    const first = codeSentTo(helena.email);
    // Too soon: the same answer, no new code; the one sent keeps working under the new request.
    expect((await post('request-form', { email: helena.email })).json()).toEqual(SAME_ANSWER);
    expect(t.services.db.select().from(outbox).all()).toHaveLength(1);
    for (let i = 0; i < 2; i++) {
      t.clock.advance(61_000);
      expect((await post('request-form', { email: helena.email })).statusCode).toBe(200);
    }
    // The per-record limit holds whoever asks and however the record is found (e-mail or phone).
    t.clock.advance(61_000);
    for (const lookup of [{ email: helena.email }, { phone: '(21) 99876-5432' }]) {
      expect((await post('request-form', lookup)).json()).toEqual(SAME_ANSWER);
    }
    expect(t.services.db.select().from(outbox).all()).toHaveLength(3);
    expect(first).toMatch(/^\d{6}$/);
    // An hour after the first, one more may go.
    t.clock.advance(60 * 60_000 - 3 * 61_000 + 1);
    await post('request-form', { email: helena.email });
    expect(t.services.db.select().from(outbox).all()).toHaveLength(4);
  });
});

describe('POST /api/subscriber-update/verify-code', () => {
  it('gives a token and the full current data for the right code', async () => {
    const helena = seedSubscriber(t.services.db);
    await post('request-form', { email: helena.email });
    const res = await post('verify-code', { requestId: lastRequest, code: codeSentTo(helena.email) });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.verificationToken).toMatch(/^[\w-]{40,}$/);
    expect(body.expiresAt).toBe(new Date(t.clock.now().getTime() + 30 * 60_000).toISOString());
    expect(body.subscriber).toEqual({
      id: helena.id,
      name: 'Helena Maria Duarte',
      email: helena.email,
      phone: '21998765432',
      currentData: {
        firstName: 'Helena',
        lastName: 'Maria Duarte',
        address: { zipCode: '22250040', ...HELENA_ADDRESS },
        shirtSize: 'G',
      },
    });
    // A code works once.
    const reused = await post('verify-code', { requestId: lastRequest, code: codeSentTo(helena.email) });
    expect(reused.json()).toEqual({ error: PROFILE_UPDATE_MSG.codeExpired });
  });

  it('locks the code at the 5th wrong try: even the right one is refused until a new code', async () => {
    const helena = seedSubscriber(t.services.db);
    await post('request-form', { email: helena.email });
    const code = codeSentTo(helena.email);
    const answers: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await post('verify-code', { requestId: lastRequest, code: wrongCode(code) });
      expect(res.statusCode).toBe(400);
      answers.push(res.json().error);
    }
    expect(answers).toEqual([
      'Código incorreto. Restam 4 tentativas.',
      'Código incorreto. Restam 3 tentativas.',
      'Código incorreto. Restam 2 tentativas.',
      'Código incorreto. Resta 1 tentativa.',
      PROFILE_UPDATE_MSG.codeLocked,
    ]);
    const right = await post('verify-code', { requestId: lastRequest, code });
    expect(right.statusCode).toBe(400);
    expect(right.json()).toEqual({ error: PROFILE_UPDATE_MSG.codeLocked });
    // A locked code does not make its owner wait the minute: a new one comes at once and works.
    expect((await post('request-form', { email: helena.email })).statusCode).toBe(200);
    const fresh = codeSentTo(helena.email);
    expect((await post('verify-code', { requestId: lastRequest, code: fresh })).statusCode).toBe(200);
  });

  it('refuses an expired code (10 minutes) and an old code once a new one was sent', async () => {
    const helena = seedSubscriber(t.services.db);
    await post('request-form', { email: helena.email });
    const first = codeSentTo(helena.email);
    t.clock.advance(10 * 60_000 + 1);
    const late = await post('verify-code', { requestId: lastRequest, code: first });
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual({ error: PROFILE_UPDATE_MSG.codeExpired });

    await post('request-form', { email: helena.email });
    const second = codeSentTo(helena.email);
    t.clock.advance(61_000);
    await post('request-form', { email: helena.email });
    const third = codeSentTo(helena.email);
    if (second !== third) {
      expect((await post('verify-code', { requestId: lastRequest, code: second })).statusCode).toBe(400);
    }
    t.clock.advance(9 * 60_000);
    expect((await post('verify-code', { requestId: lastRequest, code: third })).statusCode).toBe(200);
  });

  it('checks the code format with the form message', async () => {
    const res = await post('verify-code', { requestId: 'x', code: '12a' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: PROFILE_UPDATE_MSG.codeFormat });
  });
});

describe('POST /api/subscriber-update/complete-profile', () => {
  it('changes nothing without a confirmed code: no token, a made-up one, or an unconfirmed lookup', async () => {
    const helena = seedSubscriber(t.services.db);
    const before = t.services.db.select().from(subscribers).where(eq(subscribers.id, helena.id)).get();
    await post('request-form', { email: helena.email });
    const noToken = profile(helena.id, '');
    delete (noToken as Partial<typeof noToken>).verificationToken;
    for (const payload of [
      noToken,
      profile(helena.id, 'inventado'),
      profile(helena.id, codeSentTo(helena.email)),
    ]) {
      const res = await post('complete-profile', payload);
      expect([400, 403]).toContain(res.statusCode);
      expect(res.json()).toEqual({ error: PROFILE_UPDATE_MSG.tokenInvalid });
    }
    const after = t.services.db.select().from(subscribers).where(eq(subscribers.id, helena.id)).get();
    expect(after).toEqual(before);
    expect(t.services.db.select().from(subscriberActivity).all()).toEqual([]);
  });

  it("refuses another record's token, and a token used or expired", async () => {
    const helena = seedSubscriber(t.services.db);
    const other = seedSubscriber(t.services.db, { email: 'outra@exemplo.com.br', phone: '11912345678' });
    const token = await verified(helena);
    const stolen = await post('complete-profile', profile(other.id, token));
    expect(stolen.statusCode).toBe(403);
    expect(t.services.db.select().from(subscribers).where(eq(subscribers.id, other.id)).get()).toEqual(other);

    expect((await post('complete-profile', profile(helena.id, token))).statusCode).toBe(200);
    const twice = await post('complete-profile', profile(helena.id, token, { firstName: 'Outra' }));
    expect(twice.statusCode).toBe(403);

    t.clock.advance(61_000);
    const late = await verified(other);
    t.clock.advance(30 * 60_000 + 1);
    expect((await post('complete-profile', profile(other.id, late))).statusCode).toBe(403);
    expect(t.services.db.select().from(subscribers).where(eq(subscribers.id, other.id)).get()).toEqual(other);
  });

  it('saves the profile with a confirmed code: fullName = firstName + lastName, status kept, history written', async () => {
    const helena = seedSubscriber(t.services.db, { status: 'pending' });
    const token = await verified(helena);
    const res = await post('complete-profile', profile(helena.id, token));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      credentials: { email: helena.email, referralCode: helena.referralCode },
      accessInfo: { dashboardUrl: `${t.env.publicUrl}/login` },
      pendingEmail: 'helena.lima@exemplo.com.br',
      contactsInPortal: false,
    });
    const row = t.services.db.select().from(subscribers).where(eq(subscribers.id, helena.id)).get()!;
    expect(row).toMatchObject({
      name: 'Helena Duarte Lima',
      // The new e-mail waits for the link sent to it (ADR 027).
      email: helena.email,
      phone: '21999990000',
      zipCode: '01001000',
      ...PRACA_DA_SE,
      number: '100',
      complement: null,
      shirtSize: 'GG',
      status: 'pending',
      profileCompleted: true,
      profileCompletedAt: t.clock.now(),
    });
    const history = t.services.db.select().from(subscriberActivity).all();
    expect(history.map((entry) => entry.event).sort()).toEqual([
      'email_change_requested',
      'profile_completed',
    ]);
    const completed = history.find((entry) => entry.event === 'profile_completed')!;
    expect(completed).toMatchObject({ fromStatus: null, toStatus: null });
    expect(completed.details).toMatchObject({
      changes: { name: { from: 'Helena Maria Duarte', to: 'Helena Duarte Lima' } },
    });
    expect(completed.details).not.toHaveProperty('changes.email');

    // The link reaches the new address only; the current one is told, without a link.
    const confirm = codeLink('helena.lima@exemplo.com.br');
    const told = t.services.db.select().from(outbox).where(eq(outbox.recipient, helena.email)).all();
    expect(told.map((message) => message.template)).toContain('email_change_requested');
    for (const message of told)
      expect(message.deliveryBody ?? message.body).not.toContain('confirmar-novo-email');
    const confirmed = await t.caller().identity.confirmEmailChange({ token: confirm });
    expect(confirmed.email).toBe('helena.lima@exemplo.com.br');
    expect(t.services.db.select().from(subscribers).where(eq(subscribers.id, helena.id)).get()!.email).toBe(
      'helena.lima@exemplo.com.br',
    );
  });

  it('a record with an account keeps its sign-in e-mail and phone: they change in "Meu Perfil" (ADR 027)', async () => {
    const helena = seedSubscriber(t.services.db);
    const user = await withAccount(t.services, helena, helena.phone);
    await post('request-form', { email: helena.email });
    const code = await post('verify-code', { requestId: lastRequest, code: codeSentTo(helena.email) });
    expect(code.json()).toMatchObject({ contactsInPortal: true, subscriber: { id: helena.id } });
    const res = await post('complete-profile', profile(helena.id, code.json().verificationToken));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      credentials: { email: helena.email },
      pendingEmail: null,
      contactsInPortal: true,
    });
    // The rest of the profile is saved; the contacts are not, and no change of address waits.
    expect(t.services.db.select().from(subscribers).where(eq(subscribers.id, helena.id)).get()).toMatchObject(
      {
        name: 'Helena Duarte Lima',
        email: helena.email,
        phone: helena.phone,
        shirtSize: 'GG',
      },
    );
    expect(t.services.db.select().from(emailChanges).all()).toEqual([]);
    expect(getUser(t.services.accounts, user.id)?.email).toBe(helena.email);
    expect(
      t.services.db.select().from(outbox).where(eq(outbox.recipient, 'helena.lima@exemplo.com.br')).all(),
    ).toEqual([]);
  });

  it('keeps a size the club set outside P/M/G/GG, and refuses another such size', async () => {
    const helena = seedSubscriber(t.services.db, { shirtSize: 'XG' });
    const token = await verified(helena);
    const refused = await post('complete-profile', profile(helena.id, token, { shirtSize: 'XXG' }));
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ error: PROFILE_UPDATE_MSG.shirtSizeInvalid });
    // `tshirtSize`, the documented legacy name (docs/product/decisions.md §5), is accepted too.
    const kept = profile(helena.id, token, { shirtSize: undefined, tshirtSize: 'XG' });
    expect((await post('complete-profile', kept)).statusCode).toBe(200);
    expect(t.services.db.select().from(subscribers).get()!.shirtSize).toBe('XG');
  });

  it('answers the required-field messages and refuses an e-mail of another record', async () => {
    const helena = seedSubscriber(t.services.db);
    seedSubscriber(t.services.db, { email: 'outra@exemplo.com.br', phone: '11912345678' });
    const token = await verified(helena);
    const blank = await post('complete-profile', profile(helena.id, token, { lastName: ' ' }));
    expect(blank.json()).toEqual({ error: PROFILE_UPDATE_MSG.lastNameRequired });
    const taken = await post(
      'complete-profile',
      profile(helena.id, token, { email: 'outra@exemplo.com.br' }),
    );
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ error: PROFILE_UPDATE_MSG.emailTaken });
    expect((await post('complete-profile', profile(helena.id, token))).statusCode).toBe(200);
  });

  it('works through tRPC with the same rules', async () => {
    const helena = seedSubscriber(t.services.db);
    const caller = t.caller();
    const found = await caller.profileUpdate.requestForm({ email: helena.email });
    expect(found).toEqual(SAME_ANSWER);
    const ok = await caller.profileUpdate.verifyCode({
      requestId: found.requestId,
      code: codeSentTo(helena.email),
    });
    await expect(caller.profileUpdate.completeProfile(profile(helena.id, 'errado') as never)).rejects.toThrow(
      PROFILE_UPDATE_MSG.tokenInvalid,
    );
    const saved = await caller.profileUpdate.completeProfile(
      profile(helena.id, ok.verificationToken) as never,
    );
    expect(saved.credentials.referralCode).toBe(helena.referralCode);
  });
});

describe('rate limit', () => {
  it('answers 429 in Portuguese past 10 wizard calls a minute from one IP', async () => {
    const answers: number[] = [];
    for (let i = 0; i < 11; i++) {
      answers.push((await post('request-form', { email: `pessoa${i}@exemplo.com.br` })).statusCode);
    }
    expect(answers.slice(0, 10)).toEqual(Array(10).fill(200));
    const limited = await post('verify-code', { requestId: 'x', code: '123456' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ error: MSG.tooManyRequests });
  });
});

describe('logs', () => {
  it('never carry the code, even when the messages are delivered to the log', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'confraria-wizard-logs-'));
    const env = parseEnv({ NODE_ENV: 'production', LOG_LEVEL: 'info', JOBS: 'false', DATA_DIR: dataDir });
    const database = openDatabase(databaseFile(dataDir), env.MIGRATIONS_DIR);
    const lines: string[] = [];
    const logStream = new Writable({
      write(chunk, _encoding, callback) {
        lines.push(String(chunk));
        callback();
      },
    });
    const built = await buildApp({ env, database, logStream });
    try {
      const helena = seedSubscriber(built.services.db);
      // An account that proved its WhatsApp: the code goes to both channels, both through the log.
      await withAccount(built.services, helena, helena.phone);
      const inject = (url: string, payload: unknown) =>
        built.app.inject({
          method: 'POST',
          url: `/api/subscriber-update/${url}`,
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify(payload),
        });
      const found = await inject('request-form', { email: helena.email });
      const { requestId } = found.json<{ requestId: string }>();
      await runOnce(built.services.outboxWorker);
      const mailbox = fs.readdirSync(path.join(dataDir, 'mailbox'));
      const mail = fs.readFileSync(path.join(dataDir, 'mailbox', mailbox[0]!), 'utf8');
      const code = mail.match(/\b(\d{6})\b/)![1]!;
      await inject('verify-code', { requestId, code: wrongCode(code) });
      const res = await inject('verify-code', { requestId, code });
      const token = res.json<{ verificationToken: string }>().verificationToken;
      await inject('complete-profile', profile(helena.id, token));
      const log = lines.join('');
      expect(log).toContain('WhatsApp entregue ao log');
      expect(log).toContain('profile-update code queued');
      // As a number of its own (a timestamp may contain the same six digits by chance).
      expect(log).not.toMatch(new RegExp(`(?<!\\d)${code}(?!\\d)`));
      expect(log).not.toContain(token);
    } finally {
      await built.app.close();
      database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
