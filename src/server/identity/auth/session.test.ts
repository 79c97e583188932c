import { createHash } from 'node:crypto';
import type * as subtle from '@oslojs/crypto/subtle';
import { constantTimeEqual } from '@oslojs/crypto/subtle';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/app';
import { SESSION_TTL_MS } from './session';
import { DAY_MS } from '../../../shared/sao-paulo-time';
import { createAccount, createOrPromoteAdmin } from '../accounts/create-account';
import { login as accountsLogin, logout, setPassword } from '../accounts/sign-in';
import { createSetPasswordLink } from '../accounts/account-links';

// Pass-through spy: proves the secret is compared with the constant-time primitive.
vi.mock('@oslojs/crypto/subtle', async (importOriginal) => {
  const original = await importOriginal<typeof subtle>();
  return { ...original, constantTimeEqual: vi.fn(original.constantTimeEqual) };
});

let t: TestApp;
let userId: string;
beforeEach(async () => {
  t = await createTestApp();
  userId = (
    await createAccount(t.services.accounts, { name: 'Ana', email: 'ana@teste.com.br', password: '123456' })
  ).id;
});
afterEach(async () => {
  await t.close();
});

interface SessionRow {
  id: string;
  user_id: string;
  secret_hash: Buffer;
  expires_at: number;
}
const sessionRows = () => t.database.sqlite.prepare('select * from sessions').all() as SessionRow[];

describe('sessions', () => {
  it('hands out an id.secret token and stores only the SHA-256 of the secret', () => {
    const { token, session } = t.services.sessions.create(userId);
    const [id, secret] = token.split('.');
    expect(token).toMatch(/^[a-z2-7]{32}\.[a-z2-7]{32}$/);
    expect(session.id).toBe(id);

    const [row] = sessionRows();
    expect(row?.id).toBe(id);
    expect(row?.secret_hash.equals(createHash('sha256').update(secret!).digest())).toBe(true);
    const stored = JSON.stringify(t.database.sqlite.prepare('select * from sessions').raw().all());
    expect(stored).not.toContain(secret);
  });

  it('compares the secret in constant time and rejects a wrong secret without ending the session', () => {
    const { token } = t.services.sessions.create(userId);
    const [id] = token.split('.');
    vi.mocked(constantTimeEqual).mockClear();

    expect(t.services.sessions.validate(`${id}.${'a'.repeat(32)}`)).toBeNull();
    expect(constantTimeEqual).toHaveBeenCalledTimes(1);
    expect(t.services.sessions.validate(token)?.user.email).toBe('ana@teste.com.br');
    expect(constantTimeEqual).toHaveBeenCalledTimes(2);
  });

  it('rejects malformed tokens', () => {
    const { token } = t.services.sessions.create(userId);
    for (const bad of ['', 'semponto', `${token}.extra`, `.${token.split('.')[1]}`, `${'x'.repeat(65)}.y`]) {
      expect(t.services.sessions.validate(bad)).toBeNull();
    }
  });

  it('expires after 30 days unused: validate answers null and deletes the row', () => {
    const { token } = t.services.sessions.create(userId);
    const other = t.services.sessions.create(userId);
    t.clock.advance(SESSION_TTL_MS);
    expect(t.services.sessions.validate(token)).toBeNull();
    expect(sessionRows().map((row) => row.id)).toEqual([other.session.id]);
  });

  it('slides: used with more than 15 days left it keeps its expiry, with less it is renewed to 30 days', () => {
    const { token, session } = t.services.sessions.create(userId);
    const createdExpiry = session.expiresAt.getTime();

    t.clock.advance(14 * DAY_MS);
    expect(t.services.sessions.validate(token)?.session.expiresAt.getTime()).toBe(createdExpiry);
    expect(sessionRows()[0]?.expires_at).toBe(createdExpiry);

    t.clock.advance(2 * DAY_MS); // 14 days left
    const renewed = t.services.sessions.validate(token);
    const expected = t.clock.now().getTime() + SESSION_TTL_MS;
    expect(renewed?.session.expiresAt.getTime()).toBe(expected);
    expect(sessionRows()[0]?.expires_at).toBe(expected);

    // Renewed, it outlives the original 30 days.
    t.clock.advance(20 * DAY_MS);
    expect(t.services.sessions.validate(token)).not.toBeNull();
  });

  it('logout ends the session', async () => {
    const login = await accountsLogin(t.services.accounts, { email: 'ana@teste.com.br', password: '123456' });
    const other = await accountsLogin(t.services.accounts, { email: 'ana@teste.com.br', password: '123456' });
    const found = t.services.sessions.validate(login.token);
    logout(t.services.accounts, found!.session.id);
    expect(t.services.sessions.validate(login.token)).toBeNull();
    // Only that session: the other device stays signed in.
    expect(t.services.sessions.validate(other.token)).not.toBeNull();
  });

  it('setting a new password ends every session of the account', async () => {
    const phone = await accountsLogin(t.services.accounts, { email: 'ana@teste.com.br', password: '123456' });
    const laptop = await accountsLogin(t.services.accounts, {
      email: 'ana@teste.com.br',
      password: '123456',
    });
    const link = createSetPasswordLink(t.services.accounts, userId);
    const result = await setPassword(
      t.services.accounts,
      new URL(link).searchParams.get('token')!,
      'nova-senha',
    );

    expect(t.services.sessions.validate(phone.token)).toBeNull();
    expect(t.services.sessions.validate(laptop.token)).toBeNull();
    // The session opened by setPassword itself is the only one left.
    expect(t.services.sessions.validate(result.token)?.user.id).toBe(userId);
    expect(sessionRows()).toHaveLength(1);
  });
});

describe('session lifetimes by role (ADR 028)', () => {
  const HOUR = 60 * 60 * 1000;

  async function adminSession() {
    await createOrPromoteAdmin(t.services.accounts, { email: 'ana@teste.com.br' });
    return t.services.sessions.create(userId);
  }

  it('an admin session ends after 12 hours unused', async () => {
    const { token, session } = await adminSession();
    expect(session.expiresAt.getTime() - t.clock.now().getTime()).toBe(12 * HOUR);
    t.clock.advance(12 * HOUR - 1);
    expect(t.services.sessions.validate(token)).not.toBeNull();
    t.clock.advance(12 * HOUR);
    expect(t.services.sessions.validate(token)).toBeNull();
    expect(sessionRows()).toEqual([]);
  });

  it('an admin session in use slides (written at most once an hour) and still ends 7 days after sign-in', async () => {
    const { token, session } = await adminSession();
    expect(session.endsAt.getTime() - t.clock.now().getTime()).toBe(7 * DAY_MS);
    t.clock.advance(30 * 60 * 1000);
    expect(t.services.sessions.validate(token)?.session.expiresAt).toEqual(session.expiresAt);
    t.clock.advance(31 * 60 * 1000);
    const slid = t.services.sessions.validate(token);
    expect(slid?.session.expiresAt.getTime()).toBe(t.clock.now().getTime() + 12 * HOUR);
    expect(sessionRows()[0]?.expires_at).toBe(slid?.session.expiresAt.getTime());
    // Used every 11 hours it lives on, to the 7th day and not after.
    const signedInAt = session.createdAt.getTime();
    while (t.clock.now().getTime() + 11 * HOUR < signedInAt + 7 * DAY_MS) {
      t.clock.advance(11 * HOUR);
      expect(t.services.sessions.validate(token)).not.toBeNull();
    }
    t.clock.set(new Date(signedInAt + 7 * DAY_MS));
    expect(t.services.sessions.validate(token)).toBeNull();
  });

  it('a member session slides for 30 days and ends 90 days after sign-in however it is used', () => {
    const { token, session } = t.services.sessions.create(userId);
    expect(session.endsAt.getTime() - session.createdAt.getTime()).toBe(90 * DAY_MS);
    for (let day = 20; day < 90; day += 20) {
      t.clock.set(new Date(session.createdAt.getTime() + day * DAY_MS));
      expect(t.services.sessions.validate(token), `day ${day}`).not.toBeNull();
    }
    t.clock.set(new Date(session.createdAt.getTime() + 89 * DAY_MS));
    const last = t.services.sessions.validate(token);
    // The slide stops at the hard end.
    expect(last?.session.expiresAt.getTime()).toBe(session.createdAt.getTime() + 90 * DAY_MS);
    t.clock.set(new Date(session.createdAt.getTime() + 90 * DAY_MS));
    expect(t.services.sessions.validate(token)).toBeNull();
  });

  it('a member promoted to admin keeps no member-length session', async () => {
    const member = t.services.sessions.create(userId);
    await createOrPromoteAdmin(t.services.accounts, { email: 'ana@teste.com.br' });
    expect(t.services.sessions.validate(member.token)).toBeNull();
  });
});
