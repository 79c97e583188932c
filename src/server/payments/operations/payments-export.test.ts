/**
 * GET /api/admin/payments/export.csv: a spreadsheet of the filtered payments, admins only, UTF-8
 * with a byte-order mark so accents survive, cells a spreadsheet would evaluate neutralised, and
 * the app still taking writes while a download is being read.
 */
import { parse } from 'csv-parse/sync';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/app';
import { createLink, MARIANA, rows, sandboxPay } from '../../../../tests/checkout';
import { payments } from '../../db/schema';
import { exportPayments } from '../../reports/payment-list';

const URL = '/api/admin/payments/export.csv';

let t: TestApp;
let admin: { token: string };
beforeEach(async () => {
  t = await createTestApp();
  admin = await t.signIn('admin');
});
afterEach(async () => {
  await t.close();
});

const download = (query = '', token = admin.token) =>
  t.request({ method: 'GET', url: `${URL}${query}`, headers: { authorization: `Bearer ${token}` } });

const records = (body: string): string[][] => parse(body, { bom: true, delimiter: ';' });

async function pay(email: string, name: string, outcome: 'paid' | 'failed', method: 'pix' | 'credit_card') {
  const link = await createLink(t, { customerEmail: email, customerName: name });
  await sandboxPay(t, link.id, outcome, method);
}

describe('GET /api/admin/payments/export.csv', () => {
  it("names the file with São Paulo's date, not UTC's (01:30 UTC is still the day before in São Paulo)", async () => {
    // The next UTC day at 01:30: 22:30 of today in São Paulo.
    const today = t.clock.now().toISOString().slice(0, 10);
    t.clock.set(new Date(new Date(`${today}T01:30:00.000Z`).getTime() + 24 * 3600 * 1000));
    // Hours later: a new admin session (the first one idled out).
    const res = await download('', (await t.signIn('admin')).token);
    expect(res.headers['content-disposition']).toBe(`attachment; filename=pagamentos-${today}.csv`);
  });

  it('is a UTF-8 CSV with BOM: header, accents, money with decimal comma, labels of the screen', async () => {
    await pay(MARIANA.customerEmail, 'Conceição Araújo', 'paid', 'credit_card');
    const res = await download();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    // A token needs no quotes (RFC 6266 §4.1); browsers read it alike.
    expect(res.headers['content-disposition']).toBe('attachment; filename=pagamentos-2026-11-22.csv');
    expect(res.headers['cache-control']).toBe('no-store');
    expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);

    const [header, row, ...rest] = records(res.rawPayload.toString('utf8'));
    expect(rest).toEqual([]);
    expect(header).toEqual([
      'ID',
      'Criado em',
      'Pago em',
      'Assinante',
      'E-mail',
      'Valor (R$)',
      'Status',
      'Método',
      'Cartão',
      'Plano',
      'Transação',
      'Descrição',
      'Motivo do reembolso',
      'criado_em_iso',
      'pago_em_iso',
    ]);
    const [payment] = rows(t).payments();
    expect(row).toEqual([
      payment?.id,
      '22/11/2026 09:00',
      '22/11/2026 09:00',
      'Conceição Araújo',
      MARIANA.customerEmail,
      '1497,00',
      'Pago',
      'Cartão de crédito',
      'Visa •••• 1111',
      'Anual',
      payment?.transactionId,
      payment?.description,
      '',
      '2026-11-22T12:00:00.000Z',
      '2026-11-22T12:00:00.000Z',
    ]);
    expect(res.body).not.toContain('4111111111111111');
    // The exact bytes a spreadsheet opens: BOM, `;`, no quotes where none are needed.
    const headerLine =
      'ID;Criado em;Pago em;Assinante;E-mail;Valor (R$);Status;Método;Cartão;Plano;Transação;' +
      'Descrição;Motivo do reembolso;criado_em_iso;pago_em_iso';
    const first =
      `${payment?.id};22/11/2026 09:00;22/11/2026 09:00;Conceição Araújo;${MARIANA.customerEmail};` +
      `1497,00;Pago;Cartão de crédito;Visa •••• 1111;Anual;${payment?.transactionId};` +
      `${payment?.description};;2026-11-22T12:00:00.000Z;2026-11-22T12:00:00.000Z\n`;
    expect(res.rawPayload.toString('utf8')).toBe(`\uFEFF${headerLine}\n${first}`);
  });

  it("exports what the list's filters select, in its order", async () => {
    await pay('ana@exemplo.com.br', 'Ana', 'paid', 'pix');
    t.clock.advance(60_000);
    await pay('bruno@exemplo.com.br', 'Bruno', 'paid', 'credit_card');
    t.clock.advance(60_000);
    await pay('carla@exemplo.com.br', 'Carla', 'failed', 'credit_card');

    const names = async (query: string) => records((await download(query)).body).map((record) => record[3]);
    expect(await names('')).toEqual(['Assinante', 'Carla', 'Bruno', 'Ana']);
    expect(await names('?status=paid&sortOrder=asc')).toEqual(['Assinante', 'Ana', 'Bruno']);
    expect(await names('?method=credit_card&status=failed')).toEqual(['Assinante', 'Carla']);
    expect(await names('?search=BRUNO')).toEqual(['Assinante', 'Bruno']);
    expect(await names('?search=ninguem')).toEqual(['Assinante']);

    const bad = await download('?status=talvez');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toHaveProperty('error');
  });

  it('never lets a spreadsheet evaluate a typed name as a formula', async () => {
    await pay('formula@exemplo.com.br', '=HYPERLINK("http://x")', 'paid', 'pix');
    const [, row] = records((await download()).body);
    expect(row?.[3]).toBe('\'=HYPERLINK("http://x")');
  });

  it('only admins: anonymous 401, members 403', async () => {
    const anonymous = await t.request({ method: 'GET', url: URL });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toHaveProperty('error');
    const member = await t.signIn('user');
    const refused = await download('', member.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.body).not.toContain('ID;');
  });

  it('is not reachable through tRPC and is documented as a CSV file', async () => {
    const trpc = await t.request({
      method: 'GET',
      url: '/trpc/payments.exportCsv',
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(trpc.statusCode).toBe(404);
    const docs = (await t.request({ method: 'GET', url: '/api/docs/json' })).json();
    expect(docs.paths['/api/admin/payments/export.csv'].get.responses['200'].content).toEqual({
      'text/csv; charset=utf-8': { schema: { type: 'string', format: 'binary' } },
    });
  });

  it('reads on its own connection: payments are still recorded while a download is open', async () => {
    await pay('p@exemplo.com.br', 'Pessoa', 'paid', 'pix');
    // More rows than the stream reads ahead, so the database iterator is still open below.
    const [paid] = rows(t).payments();
    if (!paid) throw new Error('payment expected');
    t.services.db
      .insert(payments)
      .values(
        Array.from({ length: 500 }, (_, i) => ({
          ...paid,
          id: `copia-${i}`,
          providerChargeId: `ch-copia-${i}`,
        })),
      )
      .run();
    const body = exportPayments(t.services.adminReports, {
      status: 'all',
      method: 'all',
      search: '',
      sortBy: 'createdAt',
      sortOrder: 'desc',
    });
    // Start reading without draining: the buffers fill and the database iterator stays open mid-way.
    await new Promise((resolve) => body.once('readable', resolve));
    expect(body.read(3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    await pay('durante@exemplo.com.br', 'Durante', 'paid', 'pix');
    expect(rows(t).subscriberByEmail('durante@exemplo.com.br')?.paymentStatus).toBe('paid');
    body.destroy();
  });
});
