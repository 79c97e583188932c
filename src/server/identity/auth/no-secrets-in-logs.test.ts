/**
 * The request log (pino) at level info, captured while people register, log in, verify, ask for
 * a set-password link and use it: no password, session token or set-password token may appear.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { decodeBase32IgnorePadding } from '@oslojs/encoding';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { databaseFile, openDatabase, type OpenDatabase } from '../../db/client';
import { parseEnv } from '../../env';
import { buildApp, type BuiltApp } from '../../http/app';
import { totpCode } from './totp';
import { createOrPromoteAdmin } from '../accounts/create-account';

const PASSWORD = 'Senha-Secreta-Registro';
const NEW_PASSWORD = 'Senha-Nova-Definida';
const REST_PASSWORD = 'Senha-Da-Api-Rest';

let dataDir: string;
let database: OpenDatabase;
let built: BuiltApp;
const lines: string[] = [];

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'confraria-logs-'));
  // NODE_ENV=production: under `test` the logger is silent, and this test needs what production writes.
  const env = parseEnv({ NODE_ENV: 'production', LOG_LEVEL: 'info', JOBS: 'false', DATA_DIR: dataDir });
  database = openDatabase(databaseFile(dataDir), env.MIGRATIONS_DIR);
  const logStream = new Writable({
    write(chunk, _encoding, callback) {
      lines.push(String(chunk));
      callback();
    },
  });
  built = await buildApp({ env, database, logStream });
});

afterAll(async () => {
  await built.app.close();
  database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const json = { 'content-type': 'application/json' };
const inject = (
  method: 'GET' | 'POST',
  url: string,
  payload?: unknown,
  headers: Record<string, string> = {},
) =>
  built.app.inject({
    method,
    url,
    headers: { ...json, ...headers },
    payload: payload === undefined ? undefined : JSON.stringify(payload),
  });

describe('logs', () => {
  it('carry requests but no password, session token or set-password token', async () => {
    const secrets: string[] = [PASSWORD, NEW_PASSWORD, REST_PASSWORD];

    // Browser flow over tRPC: register, log in, read the session, ask for and use a set-password link.
    const register = await inject('POST', '/trpc/auth.register', {
      name: 'Ana',
      email: 'ana@teste.com.br',
      password: PASSWORD,
    });
    expect(register.statusCode).toBe(200);
    const login = await inject('POST', '/trpc/auth.login', { email: 'ana@teste.com.br', password: PASSWORD });
    const cookie = login.cookies.find((c) => c.name === 'confraria_session')!.value;
    secrets.push(cookie, cookie.split('.')[1]!);
    await inject('GET', '/trpc/auth.me', undefined, { cookie: `confraria_session=${cookie}` });
    await inject('POST', '/trpc/auth.login', { email: 'ana@teste.com.br', password: 'Senha-Errada-Tentada' });
    secrets.push('Senha-Errada-Tentada');

    await inject('POST', '/trpc/auth.forgotPassword', { email: 'ana@teste.com.br' });
    const link = built.services.outbox
      .list()[0]!
      .deliveryBody!.match(/definir-senha\?token=([a-z0-9]+)/)![1]!;
    secrets.push(link);
    const set = await inject('POST', '/trpc/auth.setPassword', { token: link, password: NEW_PASSWORD });
    expect(set.statusCode).toBe(200);
    // A reused link fails: its token is in the request body, still not in the log.
    expect(
      (await inject('POST', '/trpc/auth.setPassword', { token: link, password: NEW_PASSWORD })).statusCode,
    ).toBe(400);

    // REST callers: register, log in, verify with the Bearer token, set a password through REST.
    const rest = await inject('POST', '/api/auth/register', {
      name: 'Bia',
      email: 'bia@teste.com.br',
      password: REST_PASSWORD,
    });
    const restLogin = await inject('POST', '/api/auth/login', {
      email: 'bia@teste.com.br',
      password: REST_PASSWORD,
    });
    const bearer = restLogin.json<{ token: string }>().token;
    secrets.push(rest.json<{ token: string }>().token, bearer);
    await inject('GET', '/api/auth/verify', undefined, { authorization: `Bearer ${bearer}` });
    await inject('POST', '/api/auth/forgot-password', { email: 'bia@teste.com.br' });
    const restLink = built.services.outbox
      .list()[0]!
      .deliveryBody!.match(/definir-senha\?token=([a-z0-9]+)/)![1]!;
    secrets.push(restLink);
    const restSet = await inject('POST', '/api/auth/set-password', {
      token: restLink,
      password: 'Outra-Senha-Rest',
    });
    secrets.push('Outra-Senha-Rest', restSet.json<{ token: string }>().token);
    // Someone trying a token in the query string (it is masked in logged URLs).
    await inject('GET', `/api/auth/verify?token=${bearer}`);

    const log = lines.join('');
    expect(lines.length).toBeGreaterThan(10);
    expect(log).toContain('/trpc/auth.login');
    expect(log).toContain('/api/auth/set-password');
    for (const secret of secrets) expect(log).not.toContain(secret);
  });
});

describe('two-factor sign-in in the logs (ADR 028)', () => {
  it('carries neither the authenticator key, nor its codes, nor the recovery codes', async () => {
    // From another address: the flow above spent this one's sign-in allowance.
    const inject = (method: 'POST', url: string, payload?: unknown, headers: Record<string, string> = {}) =>
      built.app.inject({
        method,
        url,
        remoteAddress: '10.9.9.9',
        headers: { ...json, ...headers },
        payload: payload === undefined ? undefined : JSON.stringify(payload),
      });
    const email = 'dona@teste.com.br';
    await createOrPromoteAdmin(built.services.accounts, { email, password: 'Rubi-Adega-Safra-81' });
    const login = await inject('POST', '/api/auth/login', { email, password: 'Rubi-Adega-Safra-81' });
    const auth = { authorization: `Bearer ${login.json<{ token: string }>().token}` };
    const before = lines.length;
    const setup = await inject('POST', '/trpc/security.twoFactorSetup', undefined, auth);
    const secret = setup.json().result.data.secret as string;
    const key = decodeBase32IgnorePadding(secret.replace(/\s/g, ''));
    const code = totpCode(key, new Date());
    const confirm = await inject('POST', '/trpc/security.twoFactorConfirm', { code }, auth);
    const recoveryCodes = confirm.json().result.data.recoveryCodes as string[];
    await inject('POST', '/api/auth/login', {
      email,
      password: 'Rubi-Adega-Safra-81',
      code: recoveryCodes[0],
    });
    await inject('POST', '/api/auth/login', { email, password: 'Rubi-Adega-Safra-81', code: '123456' });

    const log = lines.slice(before).join('');
    expect(log).toContain('/trpc/security.twoFactorConfirm');
    for (const hidden of [secret.replace(/\s/g, ''), secret, code, ...recoveryCodes]) {
      expect(log).not.toContain(hidden);
    }
  });
});

describe('an unexpected failure in a tRPC procedure', () => {
  it('answers the Portuguese message only, and is logged once with what failed', async () => {
    const spy = vi.spyOn(built.services.settings, 'getPublic').mockImplementation(() => {
      throw new Error('disco-ilegivel-xyz');
    });
    const before = lines.length;
    try {
      const answer = await inject('GET', '/trpc/settings.public');
      expect(answer.statusCode).toBe(500);
      expect(answer.json().error.message).toBe('Erro interno do servidor');
      expect(answer.body).not.toContain('disco-ilegivel-xyz');
      const logged = lines.slice(before).filter((line) => line.includes('disco-ilegivel-xyz'));
      expect(logged).toHaveLength(1);
      expect(logged[0]).toContain('"path":"settings.public"');
    } finally {
      spy.mockRestore();
    }
  });
});
