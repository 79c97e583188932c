/**
 * The drive through REST (docs/product/back-office-and-member-area.md §3, §5, §7): uploads judged by content and bounded in size with
 * nothing left behind, who sees which file, downloads with ranges and safe names, tags normalised.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bearer, createTestApp, type TestApp } from '../../../tests/app';
import { sandboxPay } from '../../../tests/checkout';
import { upload } from '../../../tests/drive';
import { makeMember } from '../../../tests/member';
import { DRIVE_MSG } from '../../shared/drive-schemas';
import { MSG } from '../../shared/messages';
import { sampleExecutable, sampleImage, sampleOfficeFile, samplePdf } from '../seed/drive-samples';
import { DAY_MS } from '../../shared/sao-paulo-time';

let t: TestApp;
let admin: { token: string };
beforeEach(async () => {
  t = await createTestApp({ DRIVE_MAX_UPLOAD_MB: '1' });
  admin = await t.signIn('admin');
});
afterEach(async () => {
  await t.close();
});

const rowCount = () =>
  (t.database.sqlite.prepare('select count(*) as n from drive_files').get() as { n: number }).n;
const driveDir = () => path.join(t.dataDir, 'drive');
const filesOnDisk = () => (fs.existsSync(driveDir()) ? fs.readdirSync(driveDir()) : []);
const pdf = (filename = 'ata.pdf') => ({ filename, content: samplePdf('Ata da reunião') });

async function uploadPdf(fields: Record<string, string> = {}, filename?: string) {
  const response = await upload(t, admin.token, { name: 'Ata', ...fields }, pdf(filename));
  expect(response.statusCode, response.body).toBe(201);
  return response.json().item as { id: string; url: string; thumbnailUrl: string | null; tags: string[] };
}

describe('POST /api/admin/drive', () => {
  it('stores a PDF and an image (with a thumbnail) and lists them with the documented shape', async () => {
    const file = await uploadPdf({ description: 'Reunião de novembro', isPublic: 'true', tags: 'atas' });
    expect(file).toMatchObject({
      _id: file.id,
      name: 'Ata',
      type: 'pdf',
      mime: 'application/pdf',
      isPublic: true,
      url: `/api/drive/files/${file.id}`,
      thumbnailUrl: null,
    });
    const image = await upload(
      t,
      admin.token,
      { name: 'Rótulo' },
      { filename: 'rotulo.png', content: await sampleImage('png') },
    );
    expect(image.statusCode).toBe(201);
    expect(image.json().item).toMatchObject({ type: 'image', mime: 'image/png', isPublic: false });
    const thumb = await t.request({
      method: 'GET',
      url: image.json().item.thumbnailUrl,
      headers: bearer(admin.token),
    });
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/webp');

    const list = await t.request({ method: 'GET', url: '/api/admin/drive', headers: bearer(admin.token) });
    expect(list.json()).toMatchObject({
      success: true,
      maxUploadMb: 1,
      pagination: { page: 1, limit: 20, total: 2, pages: 1 },
    });
    const byType = await t.request({
      method: 'GET',
      url: '/api/admin/drive?type=image',
      headers: bearer(admin.token),
    });
    expect(byType.json().items.map((item: { name: string }) => item.name)).toEqual(['Rótulo']);
    const bySearch = await t.request({
      method: 'GET',
      url: '/api/admin/drive?search=novembro',
      headers: bearer(admin.token),
    });
    expect(bySearch.json().items.map((item: { name: string }) => item.name)).toEqual(['Ata']);
    const privateOnly = await t.request({
      method: 'GET',
      url: '/api/admin/drive?isPublic=false',
      headers: bearer(admin.token),
    });
    expect(privateOnly.json().items.map((item: { name: string }) => item.name)).toEqual(['Rótulo']);
    // On disk: named by id only, readable by the server's user only.
    const onDisk = filesOnDisk().sort();
    expect(onDisk).toHaveLength(3);
    for (const name of onDisk) {
      expect(name).toMatch(/^[a-z2-7]{24}(\.thumb\.webp)?$/);
      expect((fs.statSync(path.join(driveDir(), name)).mode & 0o777).toString(8)).toBe('600');
    }
  });

  it('accepts Office documents by their content', async () => {
    const docx = await upload(
      t,
      admin.token,
      { name: 'Estatuto' },
      { filename: 'estatuto.docx', content: sampleOfficeFile('docx') },
    );
    expect(docx.json().item).toMatchObject({ type: 'document' });
    const xlsx = await upload(
      t,
      admin.token,
      { name: 'Planilha' },
      { filename: 'p.xlsx', content: sampleOfficeFile('xlsx') },
    );
    expect(xlsx.json().item).toMatchObject({ type: 'spreadsheet' });
  });

  it('refuses a renamed executable (.pdf) by its content, leaving nothing behind', async () => {
    const response = await upload(
      t,
      admin.token,
      { name: 'Boleto' },
      { filename: 'boleto.pdf', content: sampleExecutable(), type: 'application/pdf' },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: DRIVE_MSG.typeRefused });
    const script = await upload(
      t,
      admin.token,
      { name: 'x' },
      { filename: 'x.pdf', content: Buffer.from('#!/bin/sh\nrm -rf /\n') },
    );
    expect(script.json()).toEqual({ error: DRIVE_MSG.typeRefused });
    expect(rowCount()).toBe(0);
    expect(filesOnDisk()).toEqual([]);
  });

  it('refuses a file over the limit with 413, leaving no file and no row (declared or streamed)', async () => {
    const big = Buffer.concat([samplePdf(), Buffer.alloc(1024 * 1024 + 10, 0x20)]);
    const declared = await upload(
      t,
      admin.token,
      { name: 'Grande' },
      { filename: 'grande.pdf', content: big },
    );
    expect(declared.statusCode).toBe(413);
    expect(declared.json()).toEqual({ error: 'Arquivo muito grande. O limite é de 1 MB.' });
    // Without a Content-Length the size is only known while the file streams in.
    const streamed = await upload(
      t,
      admin.token,
      { name: 'Grande' },
      { filename: 'grande.pdf', content: big },
      { stream: true },
    );
    expect(streamed.statusCode).toBe(413);
    expect(streamed.json()).toEqual({ error: 'Arquivo muito grande. O limite é de 1 MB.' });
    expect(rowCount()).toBe(0);
    expect(filesOnDisk()).toEqual([]);
    // Just under the limit is fine.
    const fits = Buffer.concat([samplePdf(), Buffer.alloc(1024 * 1024 - 2000, 0x20)]);
    const ok = await upload(
      t,
      admin.token,
      { name: 'Cabe' },
      { filename: 'cabe.pdf', content: fits },
      { stream: true },
    );
    expect(ok.statusCode).toBe(201);
  });

  it('keeps path-like names harmless: stored under the id, downloaded under a clean name', async () => {
    const file = await uploadPdf({ name: '../../etc/passwd' }, '../../etc/passwd.pdf');
    expect(filesOnDisk()).toEqual([file.id]);
    expect(fs.existsSync(path.join(t.dataDir, 'etc'))).toBe(false);
    const download = await t.request({ method: 'GET', url: file.url, headers: bearer(admin.token) });
    // A plain ASCII name needs no `filename*` (RFC 6266 §4.3): browsers read `filename`.
    expect(download.headers['content-disposition']).toBe(`inline; filename="etc passwd.pdf"`);
  });

  it('names a file with accents exactly (filename*, UTF-8) and gives older clients an ASCII name', async () => {
    const file = await uploadPdf({ name: 'Ata da reunião de São Paulo (2026) 100%' });
    const download = await t.request({ method: 'GET', url: file.url, headers: bearer(admin.token) });
    expect(download.headers['content-disposition']).toBe(
      `inline; filename="Ata da reuniao de Sao Paulo (2026) 100_.pdf"; ` +
        `filename*=UTF-8''Ata%20da%20reuni%C3%A3o%20de%20S%C3%A3o%20Paulo%20%282026%29%20100%25.pdf`,
    );
  });

  it('requires the file and the name, with the form messages', async () => {
    const noFile = await upload(t, admin.token, { name: 'Sem arquivo' });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json()).toEqual({ error: DRIVE_MSG.fileRequired });
    const noName = await upload(t, admin.token, { name: '  ' }, pdf());
    expect(noName.statusCode).toBe(400);
    expect(noName.json()).toEqual({ error: DRIVE_MSG.nameRequired });
    const json = await t.request({
      method: 'POST',
      url: '/api/admin/drive',
      headers: bearer(admin.token),
      payload: { name: 'x' },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toEqual({ error: DRIVE_MSG.notMultipart });
    expect(rowCount()).toBe(0);
    expect(filesOnDisk()).toEqual([]);
  });

  it('is for admins only: anonymous 401, member 403, nothing stored', async () => {
    const member = await t.signIn('user');
    const anonymous = await upload(t, undefined, { name: 'x' }, pdf());
    expect(anonymous.statusCode).toBe(401);
    const refused = await upload(t, member.token, { name: 'x' }, pdf());
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: MSG.forbidden });
    expect(rowCount()).toBe(0);
    expect(filesOnDisk()).toEqual([]);
  });

  it('other routes keep refusing multipart bodies (only the upload parses them)', async () => {
    const response = await t.request({
      method: 'PUT',
      url: '/api/admin/drive/abc',
      headers: { ...bearer(admin.token), 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x--\r\n',
    });
    expect(response.statusCode).toBe(415);
  });
});

describe('who sees which file', () => {
  it('a member lists and downloads public files only; a private one is "not found"', async () => {
    const shared = await uploadPdf({ name: 'Carta de vinhos', isPublic: 'true' });
    const hidden = await uploadPdf({ name: 'Contrato', isPublic: 'false' });
    const member = await makeMember(t);

    const list = await t.request({ method: 'GET', url: '/api/drive/public', headers: bearer(member.token) });
    expect(list.statusCode).toBe(200);
    expect(list.json().items.map((item: { name: string }) => item.name)).toEqual(['Carta de vinhos']);
    expect(list.json().items[0]).not.toHaveProperty('uploadedBy');
    expect(
      (await t.caller(member.token).drive.listPublic({ page: 1, limit: 20, type: 'all', search: '' })).items,
    ).toHaveLength(1);

    expect(
      (await t.request({ method: 'GET', url: shared.url, headers: bearer(member.token) })).statusCode,
    ).toBe(200);
    const secret = await t.request({ method: 'GET', url: hidden.url, headers: bearer(member.token) });
    expect(secret.statusCode).toBe(404);
    expect(secret.json()).toEqual({ error: DRIVE_MSG.notFound });
    const missing = await t.request({
      method: 'GET',
      url: '/api/drive/files/aaaaaaaaaaaaaaaaaaaaaaaa',
      headers: bearer(member.token),
    });
    expect(missing.json()).toEqual(secret.json());
    expect(
      (await t.request({ method: 'GET', url: hidden.url, headers: bearer(admin.token) })).statusCode,
    ).toBe(200);

    const anonymous = await t.request({ method: 'GET', url: shared.url });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ error: MSG.notAuthenticated });
    expect((await t.request({ method: 'GET', url: '/api/drive/public' })).statusCode).toBe(401);
    expect(
      (await t.request({ method: 'GET', url: '/api/admin/drive', headers: bearer(member.token) })).statusCode,
    ).toBe(403);
  });
});

describe('the files are for memberships in force (ADR 029)', () => {
  /** Every path that shows a file or its name, as `token`'s owner: list (REST, tRPC), file, thumbnail. */
  async function everyPath(token: string, file: { url: string }, image: { thumbnailUrl: string | null }) {
    const get = (url: string) => t.request({ method: 'GET', url, headers: bearer(token) });
    const trpc = await t
      .caller(token)
      .drive.listPublic({ page: 1, limit: 20, type: 'all', search: '' })
      .then(
        (answer) => ({ ok: true as const, names: answer.items.map((item) => item.name) }),
        (error: { code?: string; message?: string }) => ({
          ok: false as const,
          code: error.code,
          message: error.message,
        }),
      );
    return {
      list: await get('/api/drive/public'),
      file: await get(file.url),
      thumbnail: await get(image.thumbnailUrl!),
      missing: await get('/api/drive/files/aaaaaaaaaaaaaaaaaaaaaaaa'),
      trpc,
    };
  }

  async function publicFiles() {
    const file = await uploadPdf({ name: 'Carta de vinhos', isPublic: 'true' });
    const image = await upload(
      t,
      admin.token,
      { name: 'Rótulo da safra', isPublic: 'true' },
      { filename: 'rotulo.png', content: await sampleImage('png') },
    );
    expect(image.statusCode).toBe(201);
    return { file, image: image.json().item as { thumbnailUrl: string | null } };
  }

  async function expectRefused(token: string, files: Awaited<ReturnType<typeof publicFiles>>) {
    const paths = await everyPath(token, files.file, files.image);
    for (const answer of [paths.list, paths.file, paths.thumbnail, paths.missing]) {
      expect(answer.statusCode).toBe(403);
      expect(answer.json()).toEqual({ error: DRIVE_MSG.membersOnly });
      // Nothing about the club's files in the answer (not even whether an id exists).
      expect(answer.body).not.toMatch(/Carta de vinhos|Rótulo/);
    }
    expect(paths.trpc).toMatchObject({ ok: false, code: 'FORBIDDEN', message: DRIVE_MSG.membersOnly });
  }

  async function expectAllowed(token: string, files: Awaited<ReturnType<typeof publicFiles>>) {
    const paths = await everyPath(token, files.file, files.image);
    expect(paths.list.statusCode).toBe(200);
    expect(
      paths.list
        .json()
        .items.map((item: { name: string }) => item.name)
        .sort(),
    ).toEqual(['Carta de vinhos', 'Rótulo da safra']);
    expect(paths.trpc).toMatchObject({ ok: true });
    expect(paths.file.statusCode).toBe(200);
    expect(paths.file.headers['content-type']).toBe('application/pdf');
    expect(paths.thumbnail.statusCode).toBe(200);
    expect(paths.missing.statusCode).toBe(404);
  }

  it('a brand-new account (nothing paid, e-mail not confirmed) gets 403 on every path', async () => {
    const files = await publicFiles();
    const fresh = await t.signIn('user', undefined, { verified: false });
    await expectRefused(fresh.token, files);
    const proven = await t.signIn('user');
    await expectRefused(proven.token, files);
  });

  it('records that are not in force get 403: unpaid, awaiting approval, expired, inactive, cancelled and ended', async () => {
    const files = await publicFiles();
    const members = [
      await makeMember(t, { status: 'pending_payment', approved: false }),
      await makeMember(t, { status: 'pending', approved: false }),
      await makeMember(t, { status: 'expired', endInDays: -3 }),
      await makeMember(t, { status: 'inactive' }),
      await makeMember(t, { status: 'cancelled', endInDays: -1 }),
    ];
    for (const member of members) await expectRefused(member.token, files);
  });

  it('active members, cancelled ones with paid time left, and admins list and download', async () => {
    const files = await publicFiles();
    const active = await makeMember(t, { endInDays: 30 });
    const cancelling = await makeMember(t, { endInDays: 30 });
    await t.caller(cancelling.token).member.cancel({});
    const cancelledWithTimeLeft = await makeMember(t, { status: 'cancelled', endInDays: 10 });
    for (const token of [active.token, cancelling.token, cancelledWithTimeLeft.token, admin.token]) {
      await expectAllowed(token, files);
    }
  });

  it('access ends with the paid period (the clock moves past the end date)', async () => {
    const files = await publicFiles();
    const member = await makeMember(t, { endInDays: 2 });
    const cancelled = await makeMember(t, { status: 'cancelled', endInDays: 2 });
    await expectAllowed(member.token, files);
    await expectAllowed(cancelled.token, files);
    t.clock.advance(2 * DAY_MS + 1);
    // Before the hourly pass expires it, an active record whose period ended is no longer in force.
    await expectRefused(member.token, files);
    await expectRefused(cancelled.token, files);
    t.services.lifecycle.endPeriods();
    await expectRefused(member.token, files);
    // Paying the renewal opens them again.
    const link = await t.caller(member.token).member.renew();
    expect((await sandboxPay(t, link.id)).statusCode).toBeLessThan(400);
    await expectAllowed(member.token, files);
  });
});

describe('GET a file', () => {
  it('answers ranges with 206 and the exact bytes, the whole file with 200, past the end 416', async () => {
    const content = samplePdf('Ata da reunião');
    const file = await uploadPdf();
    const whole = await t.request({ method: 'GET', url: file.url, headers: bearer(admin.token) });
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(content)).toBe(true);
    expect(whole.headers).toMatchObject({
      'accept-ranges': 'bytes',
      'content-type': 'application/pdf',
      'x-content-type-options': 'nosniff',
      'content-length': String(content.length),
    });

    const part = await t.request({
      method: 'GET',
      url: file.url,
      headers: { ...bearer(admin.token), range: 'bytes=10-19' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 10-19/${content.length}`);
    expect(part.rawPayload.equals(content.subarray(10, 20))).toBe(true);

    const tail = await t.request({
      method: 'GET',
      url: file.url,
      headers: { ...bearer(admin.token), range: 'bytes=-6' },
    });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.toString('latin1')).toBe('%%EOF\n');

    const past = await t.request({
      method: 'GET',
      url: file.url,
      headers: { ...bearer(admin.token), range: `bytes=${content.length}-` },
    });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe(`bytes */${content.length}`);
    expect(past.json()).toEqual({ error: DRIVE_MSG.rangeNotSatisfiable });
  });

  it('answers 304 to a client that has the file (ETag or date), checking access first', async () => {
    const file = await uploadPdf({ isPublic: 'true' });
    const whole = await t.request({ method: 'GET', url: file.url, headers: bearer(admin.token) });
    expect(whole.headers['cache-control']).toBe('private, no-cache');
    const etag = String(whole.headers.etag);
    const lastModified = String(whole.headers['last-modified']);
    expect(etag).toMatch(/^W\/".+"$/);
    expect(Number.isNaN(Date.parse(lastModified))).toBe(false);

    const byTag = await t.request({
      method: 'GET',
      url: file.url,
      headers: { ...bearer(admin.token), 'if-none-match': etag },
    });
    expect(byTag.statusCode).toBe(304);
    expect(byTag.rawPayload.length).toBe(0);
    expect(byTag.headers.etag).toBe(etag);
    const byDate = await t.request({
      method: 'GET',
      url: file.url,
      headers: { ...bearer(admin.token), 'if-modified-since': lastModified },
    });
    expect(byDate.statusCode).toBe(304);
    const otherTag = await t.request({
      method: 'GET',
      url: file.url,
      headers: { ...bearer(admin.token), 'if-none-match': 'W/"other"' },
    });
    expect(otherTag.statusCode).toBe(200);
    const wrongVersion = await t.request({
      method: 'GET',
      url: file.url,
      headers: { ...bearer(admin.token), 'if-match': '"other"' },
    });
    expect(wrongVersion.statusCode).toBe(412);
    expect(wrongVersion.json()).toEqual({ error: DRIVE_MSG.preconditionFailed });
    // The copy a browser kept is no pass: without a session the answer is still 401.
    const anonymous = await t.request({ method: 'GET', url: file.url, headers: { 'if-none-match': etag } });
    expect(anonymous.statusCode).toBe(401);
  });

  it('answers 404 when the row is there but its bytes are gone', async () => {
    const file = await uploadPdf();
    fs.rmSync(path.join(driveDir(), file.id));
    const missing = await t.request({ method: 'GET', url: file.url, headers: bearer(admin.token) });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: DRIVE_MSG.notFound });
  });

  it('sends Office files as attachments and images inline', async () => {
    const docx = await upload(
      t,
      admin.token,
      { name: 'Estatuto Social' },
      { filename: 'e.docx', content: sampleOfficeFile('docx') },
    );
    const download = await t.request({
      method: 'GET',
      url: docx.json().item.url,
      headers: bearer(admin.token),
    });
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="Estatuto Social\.docx"/);
  });
});

describe('PUT and DELETE /api/admin/drive/:id', () => {
  it('normalises tags: trimmed, empty ones dropped, repeated ones once', async () => {
    const file = await uploadPdf({ tags: ' vinho , , Tinto,vinho ,' });
    expect(file.tags).toEqual(['vinho', 'Tinto']);
    const edited = await t.request({
      method: 'PUT',
      url: `/api/admin/drive/${file.id}`,
      headers: bearer(admin.token),
      payload: {
        name: ' Ata final ',
        description: '',
        isPublic: true,
        tags: ['  safra 2024 ', '', 'Safra 2024', 'degustação'],
      },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      success: true,
      message: DRIVE_MSG.updated,
      item: { name: 'Ata final', isPublic: true, tags: ['safra 2024', 'degustação'] },
    });
    const blank = await t.request({
      method: 'PUT',
      url: `/api/admin/drive/${file.id}`,
      headers: bearer(admin.token),
      payload: { name: '', isPublic: true, tags: [] },
    });
    expect(blank.json()).toEqual({ error: DRIVE_MSG.nameRequired });
    const missing = await t.request({
      method: 'PUT',
      url: '/api/admin/drive/nada',
      headers: bearer(admin.token),
      payload: { name: 'x', isPublic: true, tags: [] },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: DRIVE_MSG.notFound });
  });

  it('deletes the row, the file and the thumbnail', async () => {
    const image = await upload(
      t,
      admin.token,
      { name: 'Foto' },
      { filename: 'f.jpg', content: await sampleImage('jpeg') },
    );
    expect(filesOnDisk()).toHaveLength(2);
    const removed = await t.request({
      method: 'DELETE',
      url: `/api/admin/drive/${image.json().item.id}`,
      headers: bearer(admin.token),
    });
    expect(removed.json()).toEqual({ success: true, message: DRIVE_MSG.deleted });
    expect(filesOnDisk()).toEqual([]);
    expect(rowCount()).toBe(0);
    const again = await t.request({
      method: 'DELETE',
      url: `/api/admin/drive/${image.json().item.id}`,
      headers: bearer(admin.token),
    });
    expect(again.statusCode).toBe(404);
  });
});
