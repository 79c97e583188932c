/**
 * Back-office list scenarios (ADR 026): the subscriber list (search by name, e-mail, phone and CPF
 * fragments; a status filter; each sort), the payments list, the dashboard's figures and the month
 * close, through
 * the real REST routes with an admin Bearer session, on a club of 100,000 subscribers and 150,000
 * payments (written beforehand by bench/write-club.ts). Measured for latency (p95 ≤ 15 ms) by
 * bench/run.ts, in a server of their own.
 */
import { saoPauloMonthStart, saoPauloWallClock } from '../../src/shared/sao-paulo-time';
import { defineScenario, type Scenario } from '../scenario';
import { person } from './generate';

/** p95 target of every back-office list, in milliseconds. */
export const ADMIN_P95_TARGET_MS = 15;

const sample = person(4242);

const adminGet = (name: string, description: string, path: string) =>
  defineScenario({
    name,
    description: `GET ${path}: ${description}`,
    request: (_prepared, { admin }) => ({ path, headers: { authorization: `Bearer ${admin.token}` } }),
  });

const q = encodeURIComponent;

/** Last São Paulo month, whole (about 4,000 of the bench club's payments were made in it). */
const lastMonth = (() => {
  const { year, month } = saoPauloWallClock(saoPauloMonthStart(new Date(), -1));
  return `${year}-${String(month).padStart(2, '0')}`;
})();

export const adminScenarios: Scenario[] = [
  adminGet('subscribers: first page', 'default sort (createdAt desc)', '/api/admin/subscribers'),
  adminGet('subscribers: search name', 'a surname fragment', `/api/admin/subscribers?search=${q('teixe')}`),
  adminGet(
    'subscribers: search e-mail',
    'an e-mail fragment',
    `/api/admin/subscribers?search=${q(sample.email.slice(0, 16))}`,
  ),
  adminGet(
    'subscribers: search phone',
    'a phone fragment',
    `/api/admin/subscribers?search=${q(sample.phone.slice(3, 9))}`,
  ),
  adminGet(
    'subscribers: search CPF',
    'a CPF fragment',
    `/api/admin/subscribers?search=${q(sample.cpf.slice(2, 9))}`,
  ),
  adminGet('subscribers: status filter', 'status=expired', '/api/admin/subscribers?status=expired'),
  adminGet(
    'subscribers: sort name',
    'sortBy=fullName asc',
    '/api/admin/subscribers?sortBy=fullName&sortOrder=asc',
  ),
  adminGet(
    'subscribers: sort status',
    'sortBy=status desc',
    '/api/admin/subscribers?sortBy=status&sortOrder=desc',
  ),
  adminGet(
    'subscribers: sort price',
    'sortBy=subscriptionPrice desc',
    '/api/admin/subscribers?sortBy=subscriptionPrice&sortOrder=desc',
  ),
  adminGet('payments: first page', 'default sort (createdAt desc)', '/api/admin/payments'),
  adminGet(
    'payments: status + sort',
    'status=failed, sortBy=amount',
    '/api/admin/payments?status=failed&sortBy=amount',
  ),
  adminGet('payments: search', 'a name fragment', `/api/admin/payments?search=${q('teixe')}`),
  adminGet(
    'payments: search id',
    'a pasted transaction id',
    `/api/admin/payments?search=${q('sbx_ch_bench4242')}`,
  ),
  adminGet('dashboard figures', 'tiles, next actions, 12-month charts', '/api/admin/dashboard'),
  adminGet(
    'month close',
    'last month by channel: gross, refunds, extras, chargebacks, fees, net',
    `/api/admin/month-close?month=${lastMonth}`,
  ),
];

const exportOf = (name: string, description: string, path: string) =>
  defineScenario({
    name,
    description: `GET ${path}: ${description}`,
    request: (_prepared, { admin }) => ({ path, headers: { authorization: `Bearer ${admin.token}` } }),
  });

/** The CSV exports: first byte and server memory growth while the whole file streams. */
export const exportScenarios: Scenario[] = [
  exportOf('subscribers CSV export', 'all 100,000 subscribers', '/api/admin/subscribers/export.csv'),
  exportOf('payments CSV export', 'all 150,000 payments', '/api/admin/payments/export.csv'),
  exportOf(
    'month close CSV export',
    "last month's payments for the accountant",
    `/api/admin/month-close/export.csv?month=${lastMonth}`,
  ),
];
