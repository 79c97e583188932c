/**
 * Shared Playwright fixtures: `baseURL` from the global setup, direct read access to the test
 * database (to read the outbox as a person would read their mailbox), and account creation.
 */
import fs from 'node:fs';
import path from 'node:path';
import { test as base, expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import Database from 'better-sqlite3';

export interface OutboxRow {
  id: string;
  channel: string;
  recipient: string;
  template: string;
  subject: string | null;
  body: string;
  status: string;
}

function openDb() {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR not set: run through playwright.config.ts');
  return new Database(path.join(dataDir, 'club.db'), { readonly: true, fileMustExist: true });
}

/**
 * The test database for a spec that writes to it directly: a plain connection, as any tool would
 * open it (no trigger or view needs a function the app registers).
 */
export function openWritableDb(): Database.Database {
  const db = new Database(path.join(process.env.E2E_DATA_DIR ?? '', 'club.db'), { fileMustExist: true });
  db.pragma('busy_timeout = 5000');
  return db;
}

export const e2eDb = {
  /** Messages queued for a recipient, newest first. */
  outboxFor(recipient: string): OutboxRow[] {
    const db = openDb();
    try {
      return db
        .prepare('select * from outbox where recipient = ? order by created_at desc')
        .all(recipient) as OutboxRow[];
    } finally {
      db.close();
    }
  },
  /**
   * E-mails delivered to a recipient, newest first, as the server's local mailbox holds them
   * (DATA_DIR/mailbox: no SMTP in the tests). The outbox keeps links only as a placeholder.
   */
  mailboxFor(recipient: string): string[] {
    const dir = path.join(process.env.E2E_DATA_DIR ?? '', 'mailbox');
    if (!fs.existsSync(dir)) return [];
    return fs
      .readdirSync(dir)
      .filter((name) => name.endsWith(`-${recipient}.txt`))
      .sort()
      .reverse()
      .map((name) => fs.readFileSync(path.join(dir, name), 'utf8'));
  },
  query<T>(sql: string, ...params: unknown[]): T[] {
    const db = openDb();
    try {
      return db.prepare(sql).all(...params) as T[];
    } finally {
      db.close();
    }
  },
};

let counter = 0;
/** A unique e-mail per test run. */
export function uniqueEmail(prefix = 'pessoa'): string {
  return `${prefix}.${Date.now().toString(36)}${(counter++).toString(36)}@teste.com.br`;
}

export const test = base.extend<object>({
  baseURL: async ({}, use) => {
    await use(process.env.E2E_BASE_URL);
  },
});

export { expect };

/**
 * A checkout made through the public REST path, as the landing's form or an outside program sends
 * it: a valid CPF and a São Paulo address, so each test states only who is buying.
 */
export async function createPublicPaymentLink(
  request: APIRequestContext,
  buyer: { name: string; email: string; phone?: string },
): Promise<{ id: string; url: string }> {
  const response = await request.post('/api/payment-links/create-public', {
    data: {
      customerName: buyer.name,
      customerEmail: buyer.email,
      customerPhone: buyer.phone ?? '(11) 98765-4321',
      customerDocument: '529.982.247-25',
      customerCep: '01310-100',
      customerNumber: '1000',
      customerComplement: '',
      customerStreet: 'Avenida Paulista',
      customerNeighborhood: 'Bela Vista',
      customerCity: 'São Paulo',
      customerState: 'SP',
      planType: 'annual',
    },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { paymentLink: { id: string; url: string } }).paymentLink;
}

/** Pays on the sandbox's hosted page with the test card that approves, as a payer types it. */
export async function payWithTestCard(page: Page): Promise<void> {
  await page.getByLabel('Número do cartão').fill('4111 1111 1111 1111');
  await page.getByLabel('Nome no cartão').fill('CONFRADE TESTE');
  await page.getByLabel('Validade (MM/AA)').fill('12/30');
  await page.getByLabel('CVV').fill('123');
  await page.getByRole('button', { name: 'Pagar com cartão' }).click();
}

/** The two are on screen without one covering the other. */
export async function expectApart(one: Locator, other: Locator): Promise<void> {
  const [a, b] = [await one.boundingBox(), await other.boundingBox()];
  expect(a && b).toBeTruthy();
  const overlap =
    a!.x < b!.x + b!.width && b!.x < a!.x + a!.width && a!.y < b!.y + b!.height && b!.y < a!.y + a!.height;
  expect(overlap, `${JSON.stringify(a)} covers ${JSON.stringify(b)}`).toBe(false);
}
