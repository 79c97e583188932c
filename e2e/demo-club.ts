/**
 * Rows written into the test database the way the demo club has them (names, long e-mails,
 * statuses, periods, payments), for the batch-work specs (ADR 046): each run tags its names with a
 * word of its own, so a search finds this run's rows alone.
 */
import { randomUUID } from 'node:crypto';
import { openWritableDb } from './fixtures';
import { DAY_MS } from '../src/shared/sao-paulo-time';

export const DESKTOP = { width: 1280, height: 900 };
export const PHONE = { width: 390, height: 844 };

/** A word of letters only, unique to this run. */
export function runTag(): string {
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  return Array.from({ length: 8 }, () => letters[Math.floor(Math.random() * 26)]).join('');
}

export interface DemoRow {
  name: string;
  email: string;
  phone?: string;
  status: 'active' | 'pending' | 'expired' | 'cancelled';
  endInDays?: number;
  userId?: string;
}

/** Subscribers (created a minute apart, the last the newest); their ids, in order. */
export function insertSubscribers(rows: DemoRow[]): string[] {
  const db = openWritableDb();
  const now = Date.now();
  try {
    const insert = db.prepare(
      `insert into subscribers (id, name, email, phone, status, payment_status, subscription_price,
         subscription_start_date, subscription_end_date, referral_code, user_id, created_at, updated_at)
       values (?, ?, ?, ?, ?, 'paid', 149700, ?, ?, ?, ?, ?, ?)`,
    );
    return rows.map((row, index) => {
      const id = randomUUID();
      const end = row.endInDays === undefined ? null : now + row.endInDays * DAY_MS;
      insert.run(
        id,
        row.name,
        row.email,
        row.phone ?? '11987654321',
        row.status,
        end === null ? null : end - 365 * DAY_MS,
        end,
        `B${randomUUID().replace(/-/g, '').slice(0, 9).toUpperCase()}`,
        row.userId ?? null,
        now - (rows.length - 1 - index) * 60_000,
        now,
      );
      return id;
    });
  } finally {
    db.close();
  }
}

/** A payment of a subscriber, as the checkout and the webhooks leave it. */
export function insertPayment(
  subscriberId: string,
  payment: {
    status: 'paid' | 'pending';
    extraChargeOf?: string;
    verifying?: boolean;
    minutesAgo?: number;
  },
): string {
  const db = openWritableDb();
  const id = randomUUID();
  const at = Date.now() - (payment.minutesAgo ?? 5) * 60_000;
  try {
    db.prepare(
      `insert into payments (id, transaction_id, subscriber_id, plan_type, amount, status, method, provider,
         provider_charge_id, description, paid_at, extra_charge, extra_charge_of, attempt, verifying_since,
         created_at, updated_at)
       values (?, ?, ?, 'annual', 149700, ?, 'credit_card', 'sandbox', ?, 'Assinatura anual', ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      id,
      `tx_${id}`,
      subscriberId,
      payment.status,
      // In verification means the provider's answer was lost: no charge id on file, so the
      // server's reconciliation (every 5 minutes) finds nothing under our code and leaves it there,
      // instead of reading a charge the sandbox never made as "no payment" and ending it mid-test.
      payment.verifying ? null : `ch_${id}`,
      payment.status === 'paid' ? at : null,
      payment.extraChargeOf ? 'duplicate' : null,
      payment.extraChargeOf ?? null,
      payment.verifying ? 1 : 0,
      payment.verifying ? at : null,
      at,
      at,
    );
  } finally {
    db.close();
  }
  return id;
}

/** A second administrator of the club (no password: nobody signs in with it here). */
export function insertAdmin(name: string, email: string): string {
  const db = openWritableDb();
  const id = randomUUID();
  try {
    db.prepare(
      `insert into users (id, email, name, role, email_verified_at, created_at, updated_at)
       values (?, ?, ?, 'admin', ?, ?, ?)`,
    ).run(id, email, name, Date.now(), Date.now(), Date.now());
  } finally {
    db.close();
  }
  return id;
}

/** The WhatsApp number an account proved with a code (ADR 027). */
export function provePhone(userId: string, phone: string): void {
  const db = openWritableDb();
  try {
    db.prepare('insert into account_phones (user_id, phone, proven_at) values (?, ?, ?)').run(
      userId,
      phone,
      Date.now(),
    );
  } finally {
    db.close();
  }
}
