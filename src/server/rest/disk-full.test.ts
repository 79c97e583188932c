/**
 * A data folder with no room left (ADR 013). SQLite's page limit (`max_page_count`) stands in
 * for the full disk: every write that needs one more page is refused with SQLITE_FULL, as on a
 * full file system, and raising it is the room coming back. Each write path is repeated until the
 * disk refuses it: every answer before is a commit that is really there (read again through
 * another connection, as after a restart), the refusal is a clear Portuguese 503 with nothing
 * half-written, and the same request succeeds by itself once there is room.
 */
import Database from 'better-sqlite3';
import { TRPCError } from '@trpc/server';
import { eq, like } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createLink, deliverSandboxWebhook, checkoutPayload, rows } from '../../../tests/checkout';
import { useTestApp, type TestApp } from '../../../tests/app';
import { MSG } from '../../shared/messages';
import { databaseFile } from '../db/client';
import { contactMessages, outbox, sessions, subscribers, users, webhookEvents } from '../db/schema';
import { isSandbox } from '../payments/providers';
import { WRITE_FAILURE_WINDOW_MS } from '../system/health';

let t: TestApp;
useTestApp((app) => (t = app));

const DISK_FULL = { error: 'O servidor está sem espaço para gravar. Tente novamente em instantes.' };
/** More than any of these paths needs to fill the last pages. */
const MAX_TRIES = 400;

/** No page beyond the ones the file has: the next write that needs one is refused. */
function fillDisk() {
  const sqlite = t.database.sqlite;
  sqlite.pragma(`max_page_count = ${sqlite.pragma('page_count', { simple: true }) as number}`);
}
function freeDisk() {
  t.database.sqlite.pragma('max_page_count = 1073741823');
}

/** A distinct address per request: the rate limits are not what this test is about. */
const ipOf = (i: number) => `10.36.${i >> 8}.${i & 255}`;

/** What another connection reads from the file: what a restarted server would find. */
function onDisk<T>(read: (sqlite: Database.Database) => T): T {
  const other = new Database(databaseFile(t.dataDir), { readonly: true });
  try {
    return read(other);
  } finally {
    other.close();
  }
}
const linkOnDisk = (id: string) =>
  onDisk((sqlite) => sqlite.prepare('select status from payment_links where id = ?').get(id)) as
    { status: string } | undefined;

/**
 * Repeats `attempt` until the full disk refuses one. Every earlier answer goes to `committed`
 * (it must be there); the refusal must be the 503 and goes to `untouched` (nothing of it is there).
 * Returns the index of the refused attempt.
 */
async function untilRefused(
  attempt: (i: number) => Promise<LightMyRequestResponse>,
  committed: (res: LightMyRequestResponse, i: number) => void,
  untouched: (i: number) => void,
): Promise<number> {
  for (let i = 0; i < MAX_TRIES; i++) {
    const res = await attempt(i);
    if (res.statusCode === 503) {
      expect(res.json()).toEqual(DISK_FULL);
      expect(res.headers['cache-control']).toBe('no-store');
      untouched(i);
      return i;
    }
    committed(res, i);
  }
  throw new Error(`the disk never filled up in ${MAX_TRIES} attempts`);
}

const health = () => t.request({ method: 'GET', url: '/api/health' });

describe('a full disk: every write path commits or answers 503, and recovers', () => {
  let logged: () => unknown[][];
  beforeEach(() => {
    const spy = vi.spyOn(t.services.log, 'error');
    logged = () => spy.mock.calls;
  });

  it('checkouts for an e-mail on file: every link answered is on disk; the refused one left nothing', async () => {
    const first = await createLink(t);
    const subscriber = rows(t).subscriberByEmail('mariana.ribeiro@example.com')!;
    fillDisk();
    const answered: string[] = [first.id];
    const checkout = (i: number) =>
      t.request({
        method: 'POST',
        url: '/api/payment-links/create-public',
        // Another house number each time: a new link, not the same form repeated.
        payload: checkoutPayload({ customerNumber: String(200 + i) }),
        remoteAddress: ipOf(i),
      });
    await untilRefused(
      checkout,
      (res) => {
        expect(res.statusCode).toBe(200);
        answered.push(res.json().paymentLink.id);
      },
      () => expect(rows(t).links()).toHaveLength(answered.length),
    );
    // Every link answered has its status page, also read from the file by another connection.
    for (const id of answered) {
      const status = await t.request({ method: 'GET', url: `/api/payment-links/status-public/${id}` });
      expect(status.statusCode).toBe(200);
      expect(linkOnDisk(id)).toEqual({ status: 'pending' });
    }
    expect(
      rows(t)
        .links()
        .every((link) => link.subscriberId === subscriber.id),
    ).toBe(true);

    // Room again: the next checkout works, with no restart.
    freeDisk();
    const again = await checkout(MAX_TRIES);
    expect(again.statusCode).toBe(200);
    expect(linkOnDisk(again.json().paymentLink.id)).toEqual({ status: 'pending' });
  });

  it('checkouts for new e-mails: a refused one leaves neither a record nor a link', async () => {
    fillDisk();
    const email = (i: number) => `pessoa${i}@exemplo.com.br`;
    const checkout = (i: number) =>
      t.request({
        method: 'POST',
        url: '/api/payment-links/create-public',
        payload: checkoutPayload({ customerEmail: email(i) }),
        remoteAddress: ipOf(i),
      });
    const refused = await untilRefused(
      checkout,
      (res, i) => {
        expect(res.statusCode).toBe(200);
        const link = linkOnDisk(res.json().paymentLink.id);
        expect(link).toEqual({ status: 'pending' });
        expect(rows(t).subscriberByEmail(email(i))?.status).toBe('pending_payment');
      },
      (i) => {
        expect(rows(t).subscriberByEmail(email(i))).toBeUndefined();
        expect(rows(t).links()).toHaveLength(i);
      },
    );
    freeDisk();
    const again = await checkout(refused);
    expect(again.statusCode).toBe(200);
    expect(rows(t).subscriberByEmail(email(refused))).toBeDefined();
  });

  it('registration: a refused one leaves no account, and the same registration works once there is room', async () => {
    fillDisk();
    const email = (i: number) => `conta${i}@teste.com.br`;
    const register = (i: number) =>
      t.request({
        method: 'POST',
        url: '/api/auth/register',
        payload: { name: `Pessoa ${i}`, email: email(i), password: 'Tannat-Rio-Lua' },
        remoteAddress: ipOf(i),
      });
    const accountOf = (i: number) =>
      t.services.db
        .select()
        .from(users)
        .where(eq(users.email, email(i)))
        .get();
    const refused = await untilRefused(
      register,
      (res, i) => {
        expect(res.statusCode).toBe(201);
        const account = accountOf(i)!;
        expect(
          t.services.db.select().from(sessions).where(eq(sessions.userId, account.id)).all(),
        ).toHaveLength(1);
      },
      (i) => {
        expect(accountOf(i)).toBeUndefined();
        expect(
          t.services.db
            .select()
            .from(outbox)
            .where(eq(outbox.recipient, email(i)))
            .all(),
        ).toHaveLength(0);
      },
    );
    freeDisk();
    // Not "e-mail already registered": the refused attempt left nothing behind.
    const again = await register(refused);
    expect(again.statusCode).toBe(201);
    expect(again.json().user.email).toBe(email(refused));
  });

  it('webhook confirmations: a refused one leaves the link pending and is applied when delivered again', async () => {
    const provider = t.services.payments.provider;
    if (!isSandbox(provider)) throw new Error('sandbox expected');
    const links: { id: string }[] = [];
    for (let i = 0; i < 60; i++)
      links.push(await createLink(t, { customerEmail: `paga${i}@exemplo.com.br` }));
    const webhooks = links.map((link) =>
      provider.customerActed({
        reference: link.id,
        target: 'payment_link',
        outcome: 'paid',
        method: 'pix',
        amount: 149700,
      }),
    );
    fillDisk();
    const paidRows = () =>
      rows(t)
        .payments()
        .filter((payment) => payment.status === 'paid');
    const refused = await untilRefused(
      async (i) => {
        if (!webhooks[i]) throw new Error('more links needed to fill the disk');
        return deliverSandboxWebhook(t, webhooks[i]);
      },
      (res, i) => {
        expect(res.statusCode).toBe(200);
        expect(linkOnDisk(links[i]!.id)).toEqual({ status: 'paid' });
        expect(paidRows()).toHaveLength(i + 1);
      },
      (i) => {
        expect(linkOnDisk(links[i]!.id)).toEqual({ status: 'pending' });
        expect(paidRows()).toHaveLength(i);
        expect(rows(t).subscriberByEmail(`paga${i}@exemplo.com.br`)?.status).toBe('pending_payment');
        // No claim of the hook id: the provider's next delivery is examined again.
        expect(t.services.db.select().from(webhookEvents).all()).toHaveLength(i);
      },
    );
    freeDisk();
    const again = await deliverSandboxWebhook(t, webhooks[refused]!);
    expect(again.statusCode).toBe(200);
    expect(linkOnDisk(links[refused]!.id)).toEqual({ status: 'paid' });
    expect(paidRows()).toHaveLength(refused + 1);
    expect(paidRows().find((payment) => payment.subscriberId)?.amount).toBe(149700);
  });

  it('a contact message: queued and stored, or refused with nothing stored', async () => {
    fillDisk();
    const email = (i: number) => `contato${i}@teste.com.br`;
    const stored = (i: number) =>
      t.services.db
        .select()
        .from(contactMessages)
        .where(eq(contactMessages.email, email(i)))
        .all();
    await untilRefused(
      (i) =>
        t.request({
          method: 'POST',
          url: '/api/emails/contact',
          payload: { name: 'Ana Souza', email: email(i), subject: 'Degustações', message: `Mensagem ${i}` },
          remoteAddress: ipOf(i),
        }),
      (res, i) => {
        expect(res.statusCode).toBe(200);
        expect(stored(i)).toHaveLength(1);
      },
      (i) => {
        expect(stored(i)).toHaveLength(0);
        expect(
          t.services.db
            .select()
            .from(outbox)
            .where(like(outbox.body, `%Mensagem ${i}%`))
            .all(),
        ).toHaveLength(0);
      },
    );
  });

  it('a subscriber created by an admin over tRPC: the same message, nothing stored', async () => {
    const admin = await t.signIn('admin');
    fillDisk();
    const email = (i: number) => `membro${i}@exemplo.com.br`;
    let refusedAt = -1;
    for (let i = 0; i < MAX_TRIES && refusedAt < 0; i++) {
      try {
        await t.caller(admin.token).subscribers.create({
          fullName: `Membro Número ${i}`,
          email: email(i),
          phone: '(11) 98765-4321',
          status: 'pending_payment',
          subscriptionPrice: 149700,
        });
        expect(rows(t).subscriberByEmail(email(i))).toBeDefined();
      } catch (error) {
        expect(error).toBeInstanceOf(TRPCError);
        expect(error).toMatchObject({ code: 'SERVICE_UNAVAILABLE', message: MSG.noSpaceToWrite });
        refusedAt = i;
      }
    }
    expect(refusedAt).toBeGreaterThanOrEqual(0);
    expect(rows(t).subscriberByEmail(email(refusedAt))).toBeUndefined();
    expect(t.services.db.select().from(subscribers).all()).toHaveLength(refusedAt);
  });

  it('health reports the database as failing for a minute after a refused write; logged once, without personal data', async () => {
    expect((await health()).json()).toMatchObject({ database: 'ok', storage: { lastWriteErrorAt: null } });
    fillDisk();
    let refusals = 0;
    for (let i = 0; i < MAX_TRIES && refusals < 3; i++) {
      const res = await t.request({
        method: 'POST',
        url: '/api/payment-links/create-public',
        payload: checkoutPayload({ customerEmail: `sigilo${i}@exemplo.com.br` }),
        remoteAddress: ipOf(i),
      });
      if (res.statusCode === 503) refusals++;
    }
    expect(refusals).toBe(3);
    const refusedAt = t.clock.now().toISOString();

    const during = await health();
    expect(during.statusCode).toBe(503);
    expect(during.json()).toMatchObject({
      status: 'degraded',
      database: 'error',
      storage: { lastWriteErrorAt: refusedAt, lowSpace: false },
    });

    const writeLogs = logged().filter((call) => String(call[1]).includes('write refused'));
    expect(writeLogs).toHaveLength(1);
    expect(JSON.stringify(writeLogs)).not.toMatch(/sigilo|529\.?982|Mariana/);
    // No second line for the same episode, not even as the request's own error.
    expect(logged().filter((call) => String(call[1]).includes('request failed'))).toHaveLength(0);

    // Room again: writes work at once, and the monitor sees it healthy once the minute is over.
    freeDisk();
    await createLink(t, { customerEmail: 'depois@exemplo.com.br' });
    t.clock.advance(WRITE_FAILURE_WINDOW_MS);
    const after = await health();
    expect(after.statusCode).toBe(200);
    expect(after.json()).toMatchObject({ database: 'ok', storage: { lastWriteErrorAt: null } });
  });
});
