/**
 * What a checkout and a payment's confirmation write, in pages (ADR 043, "Fewer pages per write"):
 * every page of a commit is checksummed, written to the WAL, `fsync`ed and later copied again by a
 * checkpoint, so pages are the write paths' cost, counted without the machine's noise. An index or
 * trigger added to these tables shows up here; a new budget is a decision for the ADR, with
 * `bench/write-paths.ts` figures. Here (a small club, the same every run) a checkout writes 24.7 pages
 * and a confirmation 60.8; before migration `flat_write_costs` they wrote 29.7 and 66.8.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/app';
import { createLink, sandboxPay } from '../../../tests/checkout';

const REQUESTS = 60;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ CHECKOUT_RATE_LIMIT: '100000' });
});
afterAll(async () => {
  await t.close();
});

/** Pages written to the WAL per call of `run`, checkpoints held off meanwhile. */
async function walPagesPer(run: (i: number) => Promise<void>): Promise<number> {
  const sqlite = t.database.sqlite;
  sqlite.pragma('wal_autocheckpoint = 0');
  sqlite.pragma('wal_checkpoint(TRUNCATE)');
  for (let i = 0; i < REQUESTS; i++) await run(i);
  // PASSIVE answers the frames the WAL holds (TRUNCATE would answer those left after it: none).
  const [{ log }] = sqlite.pragma('wal_checkpoint(PASSIVE)') as [{ log: number }];
  sqlite.pragma('wal_autocheckpoint = 1000');
  return log / REQUESTS;
}

describe('pages written per request', () => {
  it('a checkout for a new e-mail writes at most 26 pages; its confirmation at most 63', async () => {
    const links: string[] = [];
    // A few first, so the measured ones do not pay for the empty tables' first pages.
    for (let i = 0; i < 10; i++) {
      await sandboxPay(t, (await createLink(t, { customerEmail: `aquece-${i}@exemplo.com.br` })).id);
    }
    const checkout = await walPagesPer(async (i) => {
      links.push((await createLink(t, { customerEmail: `pagina-${i}@exemplo.com.br` })).id);
    });
    const confirmation = await walPagesPer(async (i) => {
      const res = await sandboxPay(t, links[i]!);
      expect(res.statusCode).toBeLessThan(400);
    });
    const paid = t.database.sqlite
      .prepare("select count(*) as n from payment_links where status = 'paid'")
      .get() as { n: number };
    expect(paid.n).toBe(10 + REQUESTS);
    expect(checkout).toBeLessThanOrEqual(26);
    expect(confirmation).toBeLessThanOrEqual(63);
  });
});
