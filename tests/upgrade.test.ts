/**
 * Upgrades keep data (docs/deploy.md): a database made by the first released version (migrations
 * 0000–0003, landed with the public site and checkout) holding a realistic club is opened by
 * today's code. Every row must still be there and readable through the API, and a snapshot of the
 * old database must be left in the backup folder before the migrations ran.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/server/identity/auth/password';
import { listBackups } from '../src/server/db/backup';
import { databaseFile } from '../src/server/db/client';
import { parseEnv, type Env } from '../src/server/env';
import { buildApp, type BuiltApp } from '../src/server/http/app';
import { DAY_MS } from '../src/shared/sao-paulo-time';

/** The migrations the first release shipped. */
const FIRST_RELEASE_MIGRATIONS = 4;

let dataDir: string;
let env: Env;
let built: BuiltApp | undefined;
beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'confraria-upgrade-'));
  env = parseEnv({ NODE_ENV: 'test', JOBS: 'false', DATA_DIR: dataDir });
});
afterEach(async () => {
  await built?.app.close();
  built = undefined;
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** A copy of the migrations folder cut back to the first release's journal. */
function firstReleaseMigrations(): string {
  const dir = path.join(dataDir, 'migrations-v1');
  fs.cpSync(env.MIGRATIONS_DIR, dir, { recursive: true });
  const journalFile = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: unknown[] };
  journal.entries = journal.entries.slice(0, FIRST_RELEASE_MIGRATIONS);
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  return dir;
}

const T0 = Date.parse('2025-12-01T15:00:00.000Z');

/** The club as the first release stored it, written with that release's SQL. */
async function makeFirstReleaseClub() {
  const { migrate } = await import('drizzle-orm/better-sqlite3/migrator');
  const { drizzle } = await import('drizzle-orm/better-sqlite3');
  const sqlite = new Database(databaseFile(dataDir));
  migrate(drizzle(sqlite), { migrationsFolder: firstReleaseMigrations() });
  const insert = (table: string, row: Record<string, unknown>) =>
    sqlite
      .prepare(
        `insert into ${table} (${Object.keys(row).join(', ')}) values (${Object.keys(row)
          .map(() => '?')
          .join(', ')})`,
      )
      .run(...Object.values(row));

  const passwordHash = await hashPassword('segredo123');
  insert('users', {
    id: 'u-admin',
    email: 'dona@confraria.com.br',
    name: 'Dona do Clube',
    role: 'admin',
    password_hash: passwordHash,
  });
  insert('users', {
    id: 'u-ana',
    email: 'ana@exemplo.com.br',
    name: 'Ana Souza',
    role: 'user',
    password_hash: passwordHash,
  });
  const subscriber = {
    phone: '11987654321',
    shirt_size: 'G',
    city: 'São Paulo',
    state: 'SP',
    zip_code: '01310100',
    payment_status: 'paid',
    subscription_price: 149700,
  };
  insert('subscribers', {
    ...subscriber,
    id: 's-ana',
    name: 'Ana Souza',
    email: 'ana@exemplo.com.br',
    cpf: '52998224725',
    status: 'active',
    subscription_start_date: T0,
    subscription_end_date: T0 + 365 * DAY_MS,
    approved_by: 'u-admin',
    approved_at: T0 + DAY_MS,
    referral_code: 'ANA7K2',
    user_id: 'u-ana',
    created_at: T0,
  });
  insert('subscribers', {
    ...subscriber,
    id: 's-bruno',
    name: 'Bruno Lima',
    email: 'bruno@exemplo.com.br',
    status: 'pending',
    subscription_start_date: T0 + 2 * DAY_MS,
    subscription_end_date: T0 + 367 * DAY_MS,
    referral_code: 'BRU9P4',
    referred_by: 's-ana',
    created_at: T0 + 2 * DAY_MS,
  });
  for (const [id, subscriberId, at] of [
    ['p-ana', 's-ana', T0],
    ['p-bruno', 's-bruno', T0 + 2 * DAY_MS],
  ] as const) {
    insert('payments', {
      id,
      transaction_id: `tx-${id}`,
      subscriber_id: subscriberId,
      plan_type: 'annual',
      amount: 149700,
      status: 'paid',
      method: 'pix',
      provider: 'sandbox',
      description: 'Assinatura anual',
      paid_at: at,
      period_end_date: at + 365 * DAY_MS,
      created_at: at,
    });
  }
  insert('referrals', {
    id: 'r-1',
    referrer_id: 's-ana',
    referred_id: 's-bruno',
    referral_code: 'ANA7K2',
    payment_id: 'p-bruno',
    commission_amount: 14970,
    status: 'confirmed',
    confirmed_at: T0 + 2 * DAY_MS,
  });
  insert('outbox', {
    id: 'o-1',
    channel: 'email',
    recipient: 'ana@exemplo.com.br',
    template: 'payment_confirmed',
    subject: 'Pagamento confirmado',
    body: 'Olá, Ana! Seu pagamento foi confirmado.',
    status: 'sent',
    attempts: 1,
    sent_at: T0,
  });
  insert('contact_messages', {
    id: 'c-1',
    name: 'Rui',
    email: 'rui@exemplo.com.br',
    subject: 'Degustação',
    message: 'Quando é a próxima?',
    recipient: 'contato@confraria.com.br',
  });
  sqlite.close();
}

describe('upgrading a database of the first release', () => {
  it('keeps every row readable through the API, after a snapshot of the old database', async () => {
    await makeFirstReleaseClub();
    built = await buildApp({ env });
    const request = built.app.inject.bind(built.app);

    // The snapshot taken before migrating is a database of the old shape, with the data.
    const [snapshot] = listBackups(env.backupDir);
    expect(snapshot?.kind).toBe('pre-migration');
    const old = new Database(snapshot?.file ?? '', { readonly: true });
    expect(old.prepare('select count(*) as n from subscribers').get()).toEqual({ n: 2 });
    old.close();

    const login = await request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'dona@confraria.com.br', password: 'segredo123' },
    });
    expect(login.statusCode).toBe(200);
    const auth = { authorization: `Bearer ${login.json<{ token: string }>().token}` };

    const subscribers = await request({
      method: 'GET',
      url: '/api/admin/subscribers?sortBy=fullName&sortOrder=asc',
      headers: auth,
    });
    expect(subscribers.statusCode).toBe(200);
    expect(subscribers.json().subscribers).toMatchObject([
      {
        _id: 's-ana',
        fullName: 'Ana Souza',
        email: 'ana@exemplo.com.br',
        status: 'active',
        shirtSize: 'G',
        subscriptionStartDate: new Date(T0).toISOString(),
        subscriptionEndDate: new Date(T0 + 365 * DAY_MS).toISOString(),
      },
      { _id: 's-bruno', fullName: 'Bruno Lima', status: 'pending' },
    ]);

    const payments = await request({ method: 'GET', url: '/api/admin/payments', headers: auth });
    expect(payments.json().payments).toHaveLength(2);
    expect(payments.json().payments[0]).toMatchObject({
      amount: 149700,
      status: 'paid',
      statusLabel: 'Pago',
    });

    const member = await request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'ana@exemplo.com.br', password: 'segredo123' },
    });
    expect(member.statusCode).toBe(200);

    const outbox = built.services.outbox.list({ limit: 10 });
    expect(JSON.stringify(outbox)).toContain('Seu pagamento foi confirmado');

    const dashboard = await request({ method: 'GET', url: '/api/admin/dashboard', headers: auth });
    expect(dashboard.json()).toMatchObject({ activeMembers: 1, pendingApprovals: 1, revenueTotal: 299400 });
  });

  it('makes no snapshot for a fresh database or one that is up to date', async () => {
    built = await buildApp({ env });
    await built.app.close();
    built = await buildApp({ env });
    expect(listBackups(env.backupDir)).toEqual([]);
  });
});
