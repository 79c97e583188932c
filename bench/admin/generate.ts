/**
 * A big club for the back-office bench: 100,000 subscribers and 150,000 payments over three years,
 * written straight into the bench server's (temporary) database in one transaction. Deterministic:
 * the search terms of the scenarios are known to match.
 */
import type Database from 'better-sqlite3';
import { FIRST_NAMES, slug } from '../../src/server/seed/demo-history';
import { DAY_MS } from '../../src/shared/sao-paulo-time';

export const SUBSCRIBERS = 100_000;
export const PAYMENTS = 150_000;

const LAST = [
  'Souza',
  'Lima',
  'Carvalho',
  'Gomes',
  'Ribeiro',
  'Barbosa',
  'Araújo',
  'Teixeira',
  'Almeida',
  'Costa',
  'Pereira',
  'Rocha',
  'Martins',
  'Dias',
  'Moreira',
  'Nunes',
  'Vieira',
  'Mendes',
  'Cardoso',
  'Freitas',
  'Moura',
  'Batista',
  'Campos',
  'Pinto',
];
const STATUSES = [
  'active',
  'active',
  'active',
  'active',
  'active',
  'active',
  'expired',
  'expired',
  'pending_payment',
  'cancelled',
  'pending',
  'inactive',
];
const PAY_STATUSES = [
  'paid',
  'paid',
  'paid',
  'paid',
  'paid',
  'paid',
  'paid',
  'paid',
  'paid',
  'paid',
  'paid',
  'paid',
  'paid',
  'paid',
  'paid',
  'paid',
  'failed',
  'failed',
  'pending',
  'refunded',
];

/** Subscriber `i`'s searchable fields, for the scenarios to pick terms from. */
export function person(i: number) {
  const first = FIRST_NAMES[i % FIRST_NAMES.length]!;
  const last = LAST[Math.floor(i / FIRST_NAMES.length) % LAST.length]!;
  const middle = LAST[(i * 7) % LAST.length]!;
  return {
    name: `${first} ${middle} ${last}`,
    email: `${slug(first)}.${slug(last)}.${i}@exemplo.com.br`,
    phone: `119${String(10_000_000 + ((i * 7919) % 89_999_999)).padStart(8, '0')}`,
    cpf: String(10_000_000_000 + i * 104_729).slice(0, 11),
  };
}

const SUBSCRIBER_COLUMNS = `id, name, email, phone, cpf, status, payment_status, subscription_price,
  subscription_start_date, subscription_end_date, referral_code, approved_by, approved_at, created_at, updated_at`;
const PAYMENT_COLUMNS = `id, transaction_id, subscriber_id, plan_type, amount, status, method, card_brand,
  card_last4, provider, provider_charge_id, description, paid_at, period_end_date, created_at, updated_at`;

/**
 * Writes `rows` into `table` through a temporary copy and one `insert … select`: the table's
 * triggers (search index, totals) run as one statement. Row by row, each insert is a statement of
 * its own, and the full-text index writes a segment per statement and keeps merging them: minutes
 * instead of seconds for 100,000 subscribers.
 */
export function bulkInsert(
  sqlite: Database.Database,
  table: string,
  columns: string,
  rows: (insert: (...values: unknown[]) => void) => void,
): void {
  const staging = `temp.bench_${table}`;
  sqlite.exec(`create table ${staging} as select ${columns} from ${table} where 0`);
  const placeholders = columns
    .split(',')
    .map(() => '?')
    .join(', ');
  const insert = sqlite.prepare(`insert into ${staging} (${columns}) values (${placeholders})`);
  rows((...values) => insert.run(...values));
  sqlite.exec(`insert into ${table} (${columns}) select ${columns} from ${staging}; drop table ${staging};`);
}

export function generateClub(sqlite: Database.Database, now = Date.now()): void {
  const span = 3 * 365 * DAY_MS;
  sqlite.transaction(() => {
    bulkInsert(sqlite, 'subscribers', SUBSCRIBER_COLUMNS, (insertSubscriber) => {
      for (let i = 0; i < SUBSCRIBERS; i++) {
        const p = person(i);
        const status = STATUSES[i % STATUSES.length]!;
        const created = now - Math.floor(((SUBSCRIBERS - i) / SUBSCRIBERS) * span);
        const approved = status !== 'pending' && status !== 'pending_payment';
        insertSubscriber(
          `bsub${i}`,
          p.name,
          p.email,
          p.phone,
          p.cpf,
          status,
          status === 'pending_payment' ? 'pending' : 'paid',
          149700,
          created,
          created + 365 * DAY_MS,
          `BENCH${i}`,
          approved ? 'bench-admin' : null,
          approved ? created + DAY_MS : null,
          created,
          created,
        );
      }
    });
    bulkInsert(sqlite, 'payments', PAYMENT_COLUMNS, (insertPayment) => {
      for (let j = 0; j < PAYMENTS; j++) {
        const i = j % SUBSCRIBERS;
        // The first 100,000 are first payments; the rest renewals a year later.
        const renewal = j >= SUBSCRIBERS;
        const created =
          now -
          Math.floor(((SUBSCRIBERS - i) / SUBSCRIBERS) * span) +
          (renewal ? 365 * DAY_MS : 0) +
          3600_000;
        const at = Math.min(created, now - 60_000);
        const status = PAY_STATUSES[j % PAY_STATUSES.length]!;
        const card = j % 3 !== 0;
        const paid = status === 'paid' || status === 'refunded';
        insertPayment(
          `bpay${j}`,
          `sbx_ch_bench${j}`,
          `bsub${i}`,
          renewal ? 'renewal' : 'annual',
          renewal ? 89700 : 149700,
          status,
          card ? 'credit_card' : 'pix',
          card ? 'Visa' : null,
          card ? '1111' : null,
          'sandbox',
          `sbx_ch_bench${j}`,
          'Assinatura anual',
          paid ? at : null,
          paid ? at + 365 * DAY_MS : null,
          at,
          at,
        );
      }
    });
  })();
  // Written in bulk, the trigram indexes are left with a merge of their big segments pending, which
  // every later write advances a step: the first thousands of subscriber inserts cost about 1.6 times
  // their steady figure (bench/subscriber-writes.ts). A club that grew one member at a time merged
  // as it went; merging now measures that club.
  sqlite.exec(`insert into subscribers_search (subscribers_search) values ('optimize');
    insert into payments_search (payments_search) values ('optimize');`);
  sqlite.exec('analyze');
}
