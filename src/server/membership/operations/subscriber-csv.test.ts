/**
 * The subscribers' CSV through REST: the export (a streamed file, UTF-8 with BOM, CPF masked unless
 * asked, accents intact, the list's filters) and the import (dry run row by row with the form's
 * messages, then applied; bounded).
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useAdminApp, type TestApp } from '../../../../tests/app';
import { subscribers } from '../../db/schema';
import { exportCsv as exportSubscribersCsv } from '../csv/export';

let t: TestApp;
let admin: { token: string; userId: string };
useAdminApp((app) => ({ t, admin } = app));

const auth = () => ({ authorization: `Bearer ${admin.token}` });
/** The export's header (Excel in pt-BR: `;` between fields). */
const HEADER =
  'Nome completo;Email;Telefone;CPF;Data de nascimento;Gênero;Profissão;Tamanho da camiseta;' +
  'Preferência de vinho;Endereço;Número;Complemento;Bairro;Cidade;Estado;CEP;Status;Valor (R$);' +
  'Início da assinatura;Término da assinatura;Observações;Criado em;' +
  'inicio_assinatura_iso;termino_assinatura_iso;criado_em_iso';
/** The same columns as another program writes them: `,` between fields. */
const COMMA_HEADER =
  'Nome completo,Email,Telefone,CPF,Data de nascimento,Gênero,Profissão,Tamanho da camiseta,' +
  'Preferência de vinho,Endereço,Número,Complemento,Bairro,Cidade,Estado,CEP,Status,Valor (R$),' +
  'Início da assinatura,Término da assinatura,Observações,Criado em';

async function create(overrides: Record<string, unknown> = {}) {
  return (
    await t.caller(admin.token).subscribers.create({
      fullName: 'João Conceição',
      email: 'joao@exemplo.com.br',
      phone: '(11) 98765-4321',
      cpf: '529.982.247-25',
      city: 'São Paulo',
      state: 'SP',
      status: 'active',
      subscriptionPrice: 149700,
      ...overrides,
    })
  ).subscriber;
}

/** A member with a birth date, an address on the Paulista and a year paid. */
const PAULISTA_MEMBER = {
  birthDate: '1980-02-03',
  zipCode: '01310-100',
  address: 'Avenida Paulista',
  number: '1000',
  neighborhood: 'Bela Vista',
  subscriptionStartDate: '2026-01-10T15:30:00.000Z',
  // 02:30 UTC is still the 9th in São Paulo: the day written is the club's.
  subscriptionEndDate: '2027-01-10T02:30:00.000Z',
};

const exportCsv = (query = '') =>
  t.request({ method: 'GET', url: `/api/admin/subscribers/export.csv${query}`, headers: auth() });

describe('GET /api/admin/subscribers/export.csv', () => {
  it("is Excel pt-BR's CSV: BOM, `;`, decimal comma, dd/mm/aaaa in São Paulo, ISO columns; CPF masked", async () => {
    await create(PAULISTA_MEMBER);
    const res = await exportCsv();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename=assinantes-\d{4}-\d{2}-\d{2}\.csv$/,
    );
    const expected =
      '\uFEFF' +
      HEADER +
      '\n' +
      'João Conceição;joao@exemplo.com.br;(11) 98765-4321;529.***.***-25;03/02/1980;;;M;;' +
      'Avenida Paulista;1000;;Bela Vista;São Paulo;SP;01310-100;Ativo;1497,00;10/01/2026;09/01/2027;;' +
      '22/11/2026 09:00;2026-01-10T15:30:00.000Z;2027-01-10T02:30:00.000Z;2026-11-22T12:00:00.000Z\n';
    expect(res.rawPayload.equals(Buffer.from(expected, 'utf8'))).toBe(true);
    expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(res.body).not.toContain('52998224725');
  });

  it('has the full CPF only when the admin ticks "incluir CPF completo" (punctuated: a spreadsheet keeps it text)', async () => {
    await create();
    const res = await exportCsv('?includeCpf=true');
    expect(res.body).toContain(';529.982.247-25;');
  });

  it('exports the filtered list (status and search)', async () => {
    await create();
    await create({
      fullName: 'Ana Pereira',
      email: 'ana@exemplo.com.br',
      cpf: null,
      status: 'pending_payment',
    });
    const byStatus = await exportCsv('?status=pending_payment');
    expect(byStatus.body).toContain('Ana Pereira');
    expect(byStatus.body).not.toContain('João');
    const bySearch = await exportCsv('?search=concei');
    expect(bySearch.body).toContain('João');
    expect(bySearch.body).not.toContain('Ana Pereira');
  });

  it('exports what the renewals shortcut shows: ?endingWithinDays keeps the active ones ending soon', async () => {
    // The test clock is 2026-11-22 12:00 UTC.
    await create({ subscriptionEndDate: '2026-12-02T12:00:00.000Z' });
    await create({
      fullName: 'Ana Pereira',
      email: 'ana@exemplo.com.br',
      cpf: null,
      subscriptionEndDate: '2027-06-01T12:00:00.000Z',
    });
    const soon = await exportCsv('?endingWithinDays=30');
    expect(soon.statusCode).toBe(200);
    expect(soon.body).toContain('João Conceição');
    expect(soon.body).not.toContain('Ana Pereira');

    const wrong = await exportCsv('?endingWithinDays=0');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      error: 'Informe um número de dias entre 1 e 366 para o vencimento.',
    });
  });

  it('keeps a spreadsheet from running a cell as a formula', async () => {
    await create({ adminNotes: '=HYPERLINK("http://mal.example")' });
    const res = await exportCsv();
    expect(res.body).toContain(`"'=HYPERLINK(""http://mal.example"")"`);
  });

  it('streams one snapshot on its own connection: the club goes on writing while the file downloads', async () => {
    const ROWS = 20_000;
    const now = Date.now();
    const raw = t.database.sqlite;
    const insert = raw.prepare(
      `insert into subscribers (id, name, email, phone, status, payment_status, subscription_price, shirt_size,
         referral_code, profile_completed, created_at, updated_at)
       values (?, ?, ?, '11987654321', 'active', 'paid', 149700, 'M', ?, 0, ?, ?)`,
    );
    raw.transaction(() => {
      for (let i = 0; i < ROWS; i++) insert.run(`s${i}`, `Sócio nº ${i}`, `s${i}@x.com`, `R${i}`, now, now);
    })();
    const stream = exportSubscribersCsv(
      t.services.subscriberCsv,
      { status: 'all', search: '', includeCpf: false },
      'admin',
    );
    const chunks: Buffer[] = [];
    for await (const chunk of stream as AsyncIterable<Buffer | string>) {
      // Mid-file, with the export's read still open: the app's connection writes as usual, and the
      // file keeps the list as it was when it started (one consistent snapshot, not half a change).
      if (chunks.length === 0) insert.run('late', 'Sócio tardio', 'tardio@x.com', 'RLATE', now, now);
      chunks.push(Buffer.from(chunk));
    }
    // Many chunks, not one buffer built at the end.
    expect(chunks.length).toBeGreaterThan(20);
    const text = Buffer.concat(chunks).toString('utf8');
    expect(text.trim().split('\n')).toHaveLength(ROWS + 1);
    expect(text).toContain(`Sócio nº ${ROWS - 1}`);
    expect(text).not.toContain('Sócio tardio');
    expect(raw.prepare("select name from subscribers where id = 'late'").get()).toEqual({
      name: 'Sócio tardio',
    });
  }, 60_000);
});

const importCsv = (csv: string, apply = false) =>
  t.request({
    method: 'POST',
    url: '/api/admin/subscribers/import',
    headers: auth(),
    payload: { csv, apply },
  });

describe('POST /api/admin/subscribers/import', () => {
  it('dry run: reports what would be created, updated (by e-mail) or rejected and why — nothing changes', async () => {
    const existing = await create();
    const csv = [
      'Nome completo;Email;Telefone;CPF;Cidade;Status;Valor (R$)',
      'Beatriz Lima;BIA@Exemplo.com.br;(31) 99999-0000;;Belo Horizonte;Aguardando pagamento;"1.497,00"',
      'João Conceição;joao@exemplo.com.br;(11) 98765-4321;529.***.***-25;Campinas;;',
      ';sem-arroba;123;111.111.111-11;;;',
      'Outra Beatriz;bia@exemplo.com.br;(31) 99999-0001;;;;',
    ].join('\n');
    const res = await importCsv(csv);
    expect(res.statusCode).toBe(200);
    const report = res.json();
    expect(report.applied).toBe(false);
    expect(report.totals).toEqual({ create: 1, update: 1, unchanged: 0, reject: 2 });
    expect(report.rows[0]).toMatchObject({ line: 2, email: 'bia@exemplo.com.br', action: 'create' });
    expect(report.rows[1]).toMatchObject({ line: 3, action: 'update', changes: ['Cidade'] });
    expect(report.rows[2].action).toBe('reject');
    expect(report.rows[2].errors).toEqual(
      expect.arrayContaining([
        'Nome completo: Nome completo é obrigatório',
        'Email: Formato de email inválido',
        'Telefone: Telefone deve ter pelo menos 10 dígitos',
        'CPF: CPF inválido',
      ]),
    );
    expect(report.rows[3]).toMatchObject({
      action: 'reject',
      errors: ['Email repetido no arquivo (mesmo email da linha 2)'],
    });
    // Nothing written.
    const all = t.services.db.select().from(subscribers).all();
    expect(all).toHaveLength(1);
    expect(all[0]).toMatchObject({ id: existing.id, city: 'São Paulo' });
  });

  it('apply: writes the valid rows (keeps a masked CPF and blank cells) and skips the rejected', async () => {
    const existing = await create();
    const csv = [
      COMMA_HEADER,
      'Beatriz Lima,bia@exemplo.com.br,31999990000,,1990-02-03,Feminino,,gg,Tintos,,,,,,,,,,,,,',
      'João Conceição,joao@exemplo.com.br,11987654321,529.***.***-25,,,,,,,,,,Campinas,,,Ativo,"1497,00",,,,',
      'Sem Email,,11987654321,,,,,,,,,,,,,,,,,,,',
    ].join('\r\n');
    const res = await importCsv(csv, true);
    expect(res.json()).toMatchObject({
      applied: true,
      totals: { create: 1, update: 1, reject: 1 },
      dialect: 'comma',
      dialectMessage: 'Formato detectado: vírgula',
    });
    const beatriz = t.services.db
      .select()
      .from(subscribers)
      .where(eq(subscribers.email, 'bia@exemplo.com.br'))
      .get();
    expect(beatriz).toMatchObject({
      name: 'Beatriz Lima',
      gender: 'feminine',
      shirtSize: 'GG',
      status: 'pending_payment',
      subscriptionPrice: 149700,
    });
    const joao = t.services.db.select().from(subscribers).where(eq(subscribers.id, existing.id)).get();
    expect(joao).toMatchObject({ city: 'Campinas', cpf: '52998224725', state: 'SP' });
  });

  it('a new record with a blank price pays the annual price set in Configurações', async () => {
    const saved = await t.request({
      method: 'POST',
      url: '/api/admin/settings',
      headers: auth(),
      payload: { priceAnnual: 169900 },
    });
    expect(saved.statusCode).toBe(200);
    const csv = ['Nome completo;Email;Telefone', 'Beatriz Lima;bia@exemplo.com.br;(31) 99999-0000'].join(
      '\n',
    );
    expect((await importCsv(csv, true)).json()).toMatchObject({ applied: true, totals: { create: 1 } });
    const beatriz = t.services.db
      .select()
      .from(subscribers)
      .where(eq(subscribers.email, 'bia@exemplo.com.br'))
      .get();
    expect(beatriz?.subscriptionPrice).toBe(169900);
  });

  it('an exported file imported back changes nothing (and is read as the Excel dialect)', async () => {
    await create({ ...PAULISTA_MEMBER, subscriptionPrice: 89700 });
    await create({
      fullName: 'Ana Pereira',
      email: 'ana@exemplo.com.br',
      cpf: null,
      status: 'pending_payment',
    });
    for (const query of ['?includeCpf=true', '']) {
      const exported = (await exportCsv(query)).body;
      const res = await importCsv(exported);
      expect(res.json()).toMatchObject({
        totals: { create: 0, update: 0, unchanged: 2, reject: 0 },
        dialect: 'semicolon',
        dialectMessage: 'Formato detectado: Excel (ponto e vírgula)',
      });
    }
  });

  it('reads both dialects, with or without a BOM: `;` with decimal comma, `,` with decimal point', async () => {
    const excel =
      '\uFEFFNome completo;Email;Telefone;Valor (R$);Início da assinatura\r\n' +
      'Ana Excel;ana@exemplo.com.br;(11) 98765-4321;1.497,50;2/3/2026\r\n' +
      'Bia Excel;bia@exemplo.com.br;(11) 98765-4322;897;10/03/2026\r\n';
    const other =
      'Nome completo,Email,Telefone,Valor (R$),Início da assinatura\n' +
      'Caio Virgula,caio@exemplo.com.br,11987654323,1497.00,2026-03-02\n' +
      'Duda Virgula,duda@exemplo.com.br,11987654324,"1,497.5",02/03/2026\n';
    const dialects = [
      { csv: excel, dialect: 'semicolon', dialectMessage: 'Formato detectado: Excel (ponto e vírgula)' },
      { csv: other, dialect: 'comma', dialectMessage: 'Formato detectado: vírgula' },
    ];
    for (const { csv, ...detected } of dialects) {
      expect((await importCsv(csv, true)).json()).toMatchObject({
        ...detected,
        totals: { create: 2, reject: 0 },
      });
    }
    const stored = Object.fromEntries(
      t.services.db
        .select()
        .from(subscribers)
        .all()
        .map((row) => [row.name, row.subscriptionPrice]),
    );
    expect(stored).toEqual({
      'Ana Excel': 149750,
      'Bia Excel': 89700,
      'Caio Virgula': 149700,
      'Duda Virgula': 149750,
    });
    const bad = await importCsv(
      'Nome completo;Email;Telefone;Valor (R$)\nEva;eva@exemplo.com.br;11987654325;1.49',
    );
    expect(bad.json().rows[0].errors).toEqual(['Valor (R$): Valor inválido (use, por exemplo, 1497,00)']);
  });

  it('reads Excel\'s "CSV (separado por vírgulas)" in Windows-1252, says so, and lists columns it does not know', async () => {
    // As Excel in pt-BR saves it: Windows-1252 bytes, `;`, decimal comma, CRLF, no BOM.
    const excel = Buffer.from(
      'Nome completo;Email;Telefone;Endereço;Cidade;Valor (R$);Apelido\r\n' +
        'João Conceição;joao@exemplo.com.br;(11) 98765-4321;Praça da Sé, 100;São Paulo;1.497,00;Jô\r\n',
      'latin1',
    );
    const send = (apply: boolean) =>
      t.request({
        method: 'POST',
        url: '/api/admin/subscribers/import',
        headers: auth(),
        payload: { file: excel.toString('base64'), apply },
      });
    const dry = await send(false);
    expect(dry.statusCode).toBe(200);
    expect(dry.json()).toMatchObject({
      totals: { create: 1, reject: 0 },
      dialectMessage: 'Formato detectado: Excel (ponto e vírgula)',
      encoding: 'windows-1252',
      encodingMessage: 'Codificação detectada: Windows-1252 (Excel)',
      unknownColumns: ['Apelido'],
      rows: [{ name: 'João Conceição', action: 'create' }],
    });
    expect((await send(true)).statusCode).toBe(200);
    expect(t.services.db.select().from(subscribers).get()).toMatchObject({
      name: 'João Conceição',
      street: 'Praça da Sé, 100',
      city: 'São Paulo',
      subscriptionPrice: 149700,
    });

    // UTF-8 sent as bytes, with Excel's BOM, reads the same and says which.
    const utf8 = Buffer.concat([
      Buffer.from([0xef, 0xbb, 0xbf]),
      Buffer.from(HEADER + '\nAna;ana@x.com;11987654321'),
    ]);
    const withBom = await t.request({
      method: 'POST',
      url: '/api/admin/subscribers/import',
      headers: auth(),
      payload: { file: utf8.toString('base64') },
    });
    expect(withBom.json()).toMatchObject({
      encodingMessage: 'Codificação detectada: UTF-8 (com BOM)',
      unknownColumns: [],
    });
  });

  it('refuses a file whose text cannot be decoded (UTF-16, binary, text already garbled): nothing changes', async () => {
    const undecodable =
      'Não foi possível ler o texto do arquivo: ele não está em UTF-8 nem em Windows-1252 (Excel). Salve-o como CSV no Excel e envie de novo.';
    const utf16 = Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from(`${HEADER}\nAna,a@x.com,11987654321`, 'utf16le'),
    ]);
    for (const payload of [
      { file: utf16.toString('base64'), apply: true },
      { file: Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x00, 0x81]).toString('base64'), apply: true },
      { csv: `${HEADER}\nJo\uFFFDo,joao@x.com,11987654321`, apply: true },
    ]) {
      const res = await t.request({
        method: 'POST',
        url: '/api/admin/subscribers/import',
        headers: auth(),
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(undecodable);
    }
    expect(t.services.db.select().from(subscribers).all()).toEqual([]);
  });

  it('refuses a status change the form may not make (approval is an action)', async () => {
    await create({ status: 'pending' });
    const res = await importCsv(
      'Nome completo,Email,Telefone,Status\nJoão,joao@exemplo.com.br,11987654321,Ativo',
    );
    expect(res.json().rows[0]).toMatchObject({
      action: 'reject',
      errors: [expect.stringContaining('Mudança de status não permitida por edição')],
    });
  });

  it('says which required columns are missing, and refuses an empty file', async () => {
    const missing = await importCsv('Nome,Cidade\nAna,Recife');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toBe(
      'Colunas obrigatórias ausentes no arquivo: Nome completo, Email, Telefone. Use o modelo da exportação.',
    );
    const empty = await importCsv(HEADER);
    expect(empty.json().error).toBe('O arquivo não tem nenhum assinante.');
  });

  it('is bounded: more than 5,000 rows or 2 MB is refused in Portuguese', async () => {
    const many = [
      HEADER,
      ...Array.from({ length: 5001 }, (_, i) => `Pessoa ${i},p${i}@x.com,11987654321`),
    ].join('\n');
    const rowsRes = await importCsv(many);
    expect(rowsRes.statusCode).toBe(400);
    expect(rowsRes.json().error).toBe('Arquivo com linhas demais: envie no máximo 5.000 assinantes por vez.');
    const big = await importCsv(`${HEADER}\n${'x'.repeat(2 * 1024 * 1024 + 10)}`);
    expect(big.statusCode).toBe(400);
    expect(big.json().error).toBe('Arquivo muito grande: envie no máximo 5.000 linhas e 2 MB por vez.');
  });
});
