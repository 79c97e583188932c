/**
 * Members in a given state, for specs that need one the public paths cannot make quickly (a paid
 * year, an expired period): registered through the public REST path, then — in the test database —
 * e-mail proven, tied to a subscriber record with that status and period, and its paid payment.
 */
import { randomInt, randomUUID } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, openWritableDb, uniqueEmail } from './fixtures';
import { DAY_MS } from '../src/shared/sao-paulo-time';

const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const MEMBER_PASSWORD = 'Taca-Rubi-Adega';

/** The club's owner the global setup creates (its e-mail and password come through the env). */
export const ADMIN = {
  email: process.env.E2E_ADMIN_EMAIL ?? 'admin@e2e.local',
  password: process.env.E2E_ADMIN_PASSWORD ?? 'admin123',
};

export interface SeededMember {
  name: string;
  email: string;
  userId: string;
  subscriberId: string;
  end: Date;
}

function writableDb() {
  const db = openWritableDb();
  return db;
}

export async function createSeededMember(
  request: APIRequestContext,
  options: { name: string; status?: 'active' | 'expired' | 'cancelled'; endInDays?: number },
): Promise<SeededMember> {
  const email = uniqueEmail('membro');
  const response = await request.post('/api/auth/register', {
    data: { name: options.name, email, password: MEMBER_PASSWORD },
  });
  expect(response.status()).toBe(201);
  const userId = ((await response.json()) as { user: { id: string } }).user.id;
  const now = Date.now();
  const end = new Date(now + (options.endInDays ?? 200) * DAY_MS);
  const start = end.getTime() - 365 * DAY_MS;
  const subscriberId = randomUUID();
  const code = Array.from({ length: 8 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
  const db = writableDb();
  try {
    db.prepare('update users set email_verified_at = ? where id = ?').run(now, userId);
    db.prepare(
      `insert into subscribers (id, name, email, phone, status, payment_status, subscription_price,
         subscription_start_date, subscription_end_date, approved_at, approved_by, referral_code, user_id,
         created_at, updated_at)
       values (?, ?, ?, '11987654321', ?, 'paid', 149700, ?, ?, ?, 'admin', ?, ?, ?, ?)`,
    ).run(
      subscriberId,
      options.name,
      email,
      options.status ?? 'active',
      start,
      end.getTime(),
      start,
      code,
      userId,
      start,
      now,
    );
    db.prepare(
      `insert into payments (id, subscriber_id, plan_type, amount, status, method, provider, description,
         paid_at, period_end_date, created_at, updated_at)
       values (?, ?, 'annual', 149700, 'paid', 'pix', 'sandbox', 'Assinatura anual - Confraria', ?, ?, ?, ?)`,
    ).run(randomUUID(), subscriberId, start, end.getTime(), start, now);
  } finally {
    db.close();
  }
  return { name: options.name, email, userId, subscriberId, end };
}

/** Signs in through the login form and waits for the home it leads to. */
export async function logIn(page: Page, email: string, password = MEMBER_PASSWORD) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.waitForURL(/\/(user|admin)\/dashboard$/);
}

/** Signs the owner in through the login form, which leads to the back office's dashboard. */
export async function logInAsAdmin(page: Page) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Senha', { exact: true }).fill(ADMIN.password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
}
