/**
 * Every statement a hot request runs is bounded by what it returns, whatever the tables' sizes
 * (ADR 036): the real requests run on the migrated schema while
 * every statement they send is recorded (tests/statements.ts), then each is explained with the
 * values it was sent with. A full scan of a table, or a search that walks a whole status range
 * ("every pending link") without a limit, fails the test with the statement and its plan.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../../tests/app';
import { checkoutPayload, createLink } from '../../../tests/checkout';
import { makeMember } from '../../../tests/member';
import { recordStatements, type RecordedStatement } from '../../../tests/statements';
import { runHousekeeping } from '../jobs';
import { isSandbox } from '../payments/providers';

let t: TestApp;
let member: Awaited<ReturnType<typeof makeMember>>;
let admin: { token: string };
beforeAll(async () => {
  t = await createTestApp();
  member = await makeMember(t);
  admin = await t.signIn('admin');
});
afterAll(async () => {
  await t.close();
});

/**
 * Tables a full scan is fine on, and why. Nothing else: a new one here needs a reason of the same
 * kind (its size is fixed by the code, not by the club's data).
 */
const SMALL_TABLES: Record<string, string> = {
  settings: 'one row per setting key the code defines (a few dozen at most); read once and cached',
  payment_month_totals: 'one row per calendar month of the club (36 after three years), ADR 026',
  member_month_totals: 'one row per calendar month a member span began or ended in (ADR 044)',
};

/**
 * The back office's totals (a list's page count, the dashboard's figures) are counts over a status
 * or date range: one admin at a time, measured on a 100,000-member club by `npm run bench -- --only
 * admin` within its 15 ms (ADR 026). Only the admin flow may run them; every other statement there
 * is held to the same rule as the public paths.
 */
const RANGE_AGGREGATE = /^\s*select\s+(count|sum|min|max)\(/i;

/**
 * Plans are explained without the planner's statistics: the few rows of a test database would make
 * a full scan look cheapest, and a plan must be bounded by the schema alone (statistics gathered by
 * `PRAGMA optimize` on a real club only confirm it).
 */
function forgetStatistics(): void {
  const sqlite = t.database.sqlite;
  const stat = sqlite.prepare("select 1 from sqlite_schema where name = 'sqlite_stat1'").get();
  if (stat) sqlite.exec('delete from sqlite_stat1; analyze sqlite_schema;');
}

function explain(statement: RecordedStatement): string[] {
  forgetStatistics();
  const rows = t.database.sqlite.prepare(`EXPLAIN QUERY PLAN ${statement.sql}`).all(...statement.args) as {
    detail: string;
  }[];
  return rows.map((row) => row.detail);
}

/** What is wrong with a plan step, or null when it is bounded by what it returns. */
export function unboundedStep(detail: string, sql: string, intermediate: string[] = []): string | null {
  if (detail === 'SCAN CONSTANT ROW') return null;
  const scan = /^SCAN (\(?[\w-]+\)?)(.*)$/.exec(detail);
  if (scan) {
    const [, table, rest] = scan;
    // An index walked in its order (a sorted page with a LIMIT) or a virtual table (full-text search).
    if (/USING (COVERING )?INDEX|VIRTUAL TABLE/.test(rest!)) return null;
    // A subquery's or CTE's own rows, already bounded by the steps that made them.
    if (table!.startsWith('(') || intermediate.includes(table!)) return null;
    if (SMALL_TABLES[table!]) return null;
    return `full scan of ${table}`;
  }
  const search = /^SEARCH (\w+) USING (?:COVERING )?INDEX (\w+) \((.*)\)$/.exec(detail);
  if (search) {
    const [, table, indexName, constraints] = search;
    const terms = constraints!.split(' AND ');
    const equalities = terms.filter((term) => term.endsWith('=?') && !/[<>]=\?$/.test(term));
    const ranges = terms.filter((term) => /[<>]=?\?$/.test(term));
    // "status = ?" alone, or with a one-sided range ("not expired yet"): the whole status range.
    // A two-sided range (a month) is bounded by its window.
    const statusOnly =
      equalities.length === 1 &&
      equalities[0] === 'status=?' &&
      (ranges.length === 0 || (ranges.length === 1 && terms.length === 2));
    // A unique index on the status (a counters table's primary key) reads one row.
    const unique = /^sqlite_autoindex_|_uq$|_unique$/.test(indexName!);
    if (statusOnly && firstOfIndex(sql, table!, indexName!, equalities.length)) return null;
    // A status range read a page at a time (admin lists' status filter) is bounded by its LIMIT.
    if (statusOnly && !unique && !/\blimit\b/i.test(sql))
      return `walks the ${table} status range (${indexName})`;
  }
  return null;
}

/**
 * `select min(col)` / `max(col)` from `table` where `col` is the index's next column after the
 * equalities: SQLite reads one entry at the end of the range, whatever its length. The statement
 * itself or one of its scalar subqueries; the value is bound or, for a constant status, written in
 * the SQL (health's poll: docs/performance.md, "Health's fixed cost").
 */
function firstOfIndex(sql: string, table: string, indexName: string, equalities: number): boolean {
  const aggregates =
    /(?:^\s*|\(\s*)select (?:min|max)\((?:"\w+"\.)?"(\w+)"\)(?: as "\w+")? from "(\w+)" where "\w+"\."\w+" = (?:\?|'\w+')\s*(?:\)|$)/gi;
  const columns = t.database.sqlite.pragma(`index_info(${indexName})`) as { name: string }[];
  return [...sql.matchAll(aggregates)].some(
    ([, column, from]) => from === table && columns[equalities]?.name === column,
  );
}

const DATA_STATEMENT = /^\s*(select|update|delete|insert|with)\b/i;

function problemsOf(statements: RecordedStatement[], options: { rangeAggregates?: boolean }): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const statement of statements) {
    if (!DATA_STATEMENT.test(statement.sql) || seen.has(statement.sql)) continue;
    if (options.rangeAggregates && RANGE_AGGREGATE.test(statement.sql)) continue;
    seen.add(statement.sql);
    const plan = explain(statement);
    const intermediate = plan.flatMap((step) => /^(?:CO-ROUTINE|MATERIALIZE) (\S+)$/.exec(step)?.[1] ?? []);
    for (const step of plan) {
      const problem = unboundedStep(step, statement.sql, intermediate);
      if (problem) problems.push(`${problem}\n  ${statement.sql}\n  plan: ${plan.join(' | ')}`);
    }
  }
  return problems;
}

async function planProblems(
  work: () => Promise<unknown>,
  options: { rangeAggregates?: boolean } = {},
): Promise<{ problems: string[]; count: number }> {
  const statements = await recordStatements(work);
  return { problems: problemsOf(statements, options), count: statements.length };
}

async function ok(response: Promise<{ statusCode: number; body: string }>) {
  const res = await response;
  if (res.statusCode >= 400) throw new Error(`answered ${res.statusCode}: ${res.body}`);
  return res;
}

let linkId = '';
const hotPaths: [string, () => Promise<unknown>, { rangeAggregates?: boolean }?][] = [
  [
    'checkout creation, and the same checkout again',
    async () => {
      linkId = (await createLink(t)).id;
      expect((await createLink(t)).id).toBe(linkId);
      await createLink(t, { customerEmail: 'outra.pessoa@example.com' });
    },
  ],
  [
    'the tracking page status poll',
    () => ok(t.request({ method: 'GET', url: `/api/payment-links/status-public/${linkId}` })),
  ],
  [
    'webhook confirmation',
    async () => {
      const provider = t.services.payments.provider;
      if (!isSandbox(provider)) throw new Error('sandbox expected');
      const hook = provider.signedWebhook({
        reference: linkId,
        target: 'payment_link',
        outcome: 'paid',
        method: 'pix',
        amount: t.services.settings.get().priceAnnual,
      });
      await ok(
        t.request({
          method: 'POST',
          url: '/api/webhooks/sandbox',
          headers: hook.headers,
          payload: hook.rawBody,
        }),
      );
    },
  ],
  [
    'sign-in',
    () =>
      ok(
        t.request({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: member.email, password: 'segredo123' },
        }),
      ),
  ],
  [
    'the session check',
    () => ok(t.request({ method: 'GET', url: '/api/auth/verify', headers: bearer(member.token) })),
  ],
  ['the health poll', () => ok(t.request({ method: 'GET', url: '/api/health' }))],
  [
    'the member portal reads',
    async () => {
      const caller = t.caller(member.token);
      await caller.member.overview();
      await caller.member.profile();
      await caller.member.payments();
      await caller.referrals.mine();
      await ok(t.request({ method: 'GET', url: '/api/payment-links/user', headers: bearer(member.token) }));
    },
  ],
  [
    'the admin lists',
    async () => {
      for (const url of [
        '/api/admin/subscribers',
        '/api/admin/subscribers?status=active',
        '/api/admin/subscribers?sortBy=fullName&sortOrder=asc',
        '/api/admin/payments',
        '/api/admin/payments?status=paid',
        // The exceptions lists and their shortcuts (ADR 046).
        '/api/admin/payments?exception=duplicate',
        '/api/admin/payments?exception=duplicate&status=paid',
        '/api/admin/payments?exception=verifying',
        '/api/admin/payments?exception=chargeback',
        '/api/admin/subscribers?sortBy=subscriptionEndDate&sortOrder=asc',
        '/api/admin/subscribers?status=active&sortBy=subscriptionEndDate&sortOrder=asc',
        '/api/admin/subscribers?expiredWithinDays=30',
        '/api/admin/subscribers?expiredWithinDays=30&sortBy=subscriptionEndDate',
        '/api/admin/dashboard',
      ]) {
        await ok(t.request({ method: 'GET', url, headers: bearer(admin.token) }));
      }
    },
    { rangeAggregates: true },
  ],
];

describe('query plans of the hot paths', () => {
  it.each(hotPaths)('%s: every statement is bounded by what it returns', async (_name, work, options) => {
    const { problems, count } = await planProblems(work, options);
    expect(count).toBeGreaterThan(0);
    expect(problems).toEqual([]);
  });

  it('the rule sees a full scan and a pending-link range walk', () => {
    expect(unboundedStep('SCAN payment_links', 'select 1')).toBe('full scan of payment_links');
    expect(
      unboundedStep(
        'SEARCH payment_links USING INDEX payment_links_status_idx (status=? AND expires_at>?)',
        'select * from payment_links where status = ?',
      ),
    ).toBe('walks the payment_links status range (payment_links_status_idx)');
    expect(
      unboundedStep(
        'SEARCH payment_links USING INDEX payment_links_subscriber_status_idx (subscriber_id=? AND status=? AND expires_at>?)',
        'select * from payment_links',
      ),
    ).toBeNull();
    expect(
      unboundedStep('SCAN subscribers USING INDEX subscribers_created_idx', 'select … limit ?'),
    ).toBeNull();
  });

  it('the identical pending checkout is found through the subscriber, not the pending range', async () => {
    const statements = await recordStatements(() => createLink(t, checkoutPayload()));
    const lookup = statements.find(
      (s) =>
        /from "payment_links"/.test(s.sql) &&
        /"subscriber_id" = \?/.test(s.sql) &&
        /"status" = \?/.test(s.sql),
    );
    expect(lookup).toBeDefined();
    expect(explain(lookup!).join(' | ')).toMatch(/\(subscriber_id=\? AND status=\?/);
    // The person's link past its deadline, its answer awaited (ADR 030): read from the pending links
    // past their time only, a range every answer (tracking poll, reconciliation, the daily job) empties.
    const overdue = statements.find(
      (s) => /from "payment_links" inner join "subscribers"/.test(s.sql) && /"expires_at" <= \?/.test(s.sql),
    );
    expect(overdue).toBeDefined();
    expect(explain(overdue!).join(' | ')).toMatch(
      /USING INDEX payment_links_status_idx \(status=\? AND expires_at<\?\)/,
    );
  });

  it('the hourly expiry reads only what it expires, through an index', async () => {
    const statements = await recordStatements(() => runHousekeeping(t.services));
    const plans = statements
      .filter((s) =>
        /^(update "payment_links"|select "id" from "payments"|select "id" from "payment_links")/.test(s.sql),
      )
      .map((s) => explain(s).join(' | '));
    // In-page PIX attempts past their deadline are reconciliation's (asked before cancelled); the
    // links past theirs are read here, and each is expired by id once the provider said unpaid.
    expect(plans).toEqual([
      expect.stringMatching(/USING INDEX payment_links_status_idx \(status=\? AND expires_at<\?\)/),
    ]);
  });

  it('the dashboard’s new members: a range of the first payments’ index, whatever the month holds', async () => {
    // Counted from the month's payments, each checked against the subscriber's earlier ones, this
    // took 2.1 ms of a 4.3 ms dashboard on the bench's club (ADR 050, "The first payment's date, kept").
    const statements = await recordStatements(() =>
      ok(t.request({ method: 'GET', url: '/api/admin/dashboard', headers: bearer(admin.token) })),
    );
    const newMembers = statements.find((statement) => /"first_paid_at" >= \?/.test(statement.sql));
    expect(newMembers).toBeDefined();
    expect(explain(newMembers!)).toEqual([
      expect.stringMatching(
        /^SEARCH subscribers USING COVERING INDEX subscribers_first_paid_idx \(first_paid_at>\?\)$/,
      ),
    ]);
  });

  it('the dashboard’s renewals in retry: the members the grace index holds, not every subscriber', async () => {
    // A check of each subscriber against its automatic renewal read the whole club on every
    // dashboard (210 ms of 264 on the bench's 100,000 members). The ids now come from a partial
    // index of automatic renewals (those turned on, or those held open for a retry, as SQLite's
    // statistics choose): bounded by the members who chose it, never the club.
    const statements = await recordStatements(() =>
      ok(t.request({ method: 'GET', url: '/api/admin/dashboard', headers: bearer(admin.token) })),
    );
    const retrying = statements.find((statement) => /"in_retry"/.test(statement.sql));
    expect(retrying).toBeDefined();
    const plan = explain(retrying!);
    expect(plan).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^SEARCH subscribers USING COVERING INDEX \S+ \(id=\?\)$/),
        expect.stringMatching(
          /^SEARCH automatic_renewals USING INDEX automatic_renewals_(grace_idx \(grace_until>\?\)|enabled_idx \(enabled=\?\))$/,
        ),
      ]),
    );
    expect(plan.join(' | ')).not.toMatch(/SCAN subscribers/);
  });

  it('the list filtered by how members renew: an index range, counted and paged from the index', async () => {
    // An `exists` over automatic renewals for each subscriber read the whole club on every page of
    // `?renewal=automatic` (p95 35 ms on the bench's 100,000 members, 591 ms at load). The choice is
    // now on the subscriber's row, kept by the triggers of migration 0048 (ADR 052).
    for (const renewal of ['automatic', 'manual']) {
      const statements = await recordStatements(() =>
        ok(
          t.request({
            method: 'GET',
            url: `/api/admin/subscribers?renewal=${renewal}`,
            headers: bearer(admin.token),
          }),
        ),
      );
      const filtered = statements.filter((statement) => /"renews_automatically"/.test(statement.sql));
      expect(filtered.map((statement) => explain(statement))).toEqual([
        ['SEARCH subscribers USING COVERING INDEX subscribers_renewal_created_idx (renews_automatically=?)'],
        [
          'SEARCH subscribers USING INDEX subscribers_renewal_created_idx (renews_automatically=?)',
          // The list's tie-break (`created_at` again): sorts only rows of one instant, never the range.
          'USE TEMP B-TREE FOR LAST TERM OF ORDER BY',
        ],
      ]);
    }
  });

  it('the dashboard’s renewals due split by how they renew: the window’s index alone', async () => {
    const statements = await recordStatements(() =>
      ok(t.request({ method: 'GET', url: '/api/admin/dashboard', headers: bearer(admin.token) })),
    );
    const automatic = statements.find((statement) => /"renews_automatically"/.test(statement.sql));
    expect(automatic).toBeDefined();
    expect(explain(automatic!)).toEqual([
      'SEARCH subscribers USING COVERING INDEX subscribers_status_end_date_idx (status=? AND subscription_end_date>? AND subscription_end_date<?)',
    ]);
  });

  it('a payment or approval recomputes one subscriber’s member spans, through their payments', () => {
    // The trigger `member_span_refreshes_run` (ADR 044) reads this view for one subscriber on every
    // paid payment written: it must stay a search by the subscriber, never a scan of the payments.
    const plan = explain({
      sql: 'select starts_at, ends_at from active_member_periods where subscriber_id = ?',
      args: ['someone'],
    });
    expect(plan).toHaveLength(2);
    expect(plan).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /^SEARCH (p|payments) USING (COVERING )?INDEX payments_subscriber\w* \(subscriber_id=\?/,
        ),
        expect.stringMatching(
          /^SEARCH (s|subscribers) USING INDEX sqlite_autoindex_subscribers_1 \(id=\?\)$/,
        ),
      ]),
    );
  });
});
