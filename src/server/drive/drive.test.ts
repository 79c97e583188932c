/**
 * The drive service below the transport: the size limit is enforced while the bytes stream in,
 * and an upload cut off half-way leaves no staging file, no file and no row.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/app';
import { DRIVE_MSG } from '../../shared/drive-schemas';
import { samplePdf } from '../seed/drive-samples';
import { createDriveStorage, FileTooLargeError } from './storage';
import type { MultipartBody, UploadPart } from './uploads';
import { upload as driveUpload } from './upload';
import { filesOnDisk } from './context';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ DRIVE_MAX_UPLOAD_MB: '1' });
});
afterEach(async () => {
  await t.close();
});

/** Chunks of 64 KiB, `count` of them, then (optionally) a failure as when the sender disconnects. */
function chunks(count: number, failAfter = false): Readable {
  async function* generate() {
    yield samplePdf();
    for (let i = 0; i < count; i++) yield Buffer.alloc(64 * 1024, 0x20);
    if (failAfter) throw new Error('aborted');
  }
  return Readable.from(generate());
}

function bodyOf(parts: UploadPart[]): MultipartBody {
  return {
    isMultipart: true,
    declaredLength: undefined,
    async *parts() {
      for (const part of parts) yield part;
    },
  };
}

describe('drive storage', () => {
  it('sweeps staging files a crash left behind, not one being written now', () => {
    const storage = createDriveStorage(t.dataDir);
    const stale = storage.stagingPath();
    const fresh = storage.stagingPath();
    fs.writeFileSync(stale, 'x');
    fs.writeFileSync(fresh, 'x');
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
    fs.utimesSync(stale, twoHoursAgo, twoHoursAgo);
    expect(storage.sweepStaging()).toBe(1);
    expect(storage.listFiles()).toEqual([path.basename(fresh)]);
  });

  it('stops a stream past the limit while it arrives, and removes the staging file', async () => {
    const storage = createDriveStorage(t.dataDir);
    await expect(storage.stage(chunks(40), 1024 * 1024)).rejects.toBeInstanceOf(FileTooLargeError);
    expect(storage.listFiles()).toEqual([]);
  });
});

describe('drive uploads', () => {
  it('an upload cut off half-way answers "interrupted" and leaves nothing behind', async () => {
    const upload = driveUpload(
      t.services.drive,
      bodyOf([
        { kind: 'field', field: 'name', value: 'Vídeo', truncated: false },
        { kind: 'file', field: 'file', filename: 'video.pdf', stream: chunks(4, true) },
      ]),
      'admin',
    );
    await expect(upload).rejects.toMatchObject({ message: DRIVE_MSG.uploadInterrupted, status: 400 });
    expect(filesOnDisk(t.services.drive)).toEqual([]);
    expect(t.database.sqlite.prepare('select count(*) as n from drive_files').get()).toEqual({ n: 0 });
  });

  it('reads the fields sent after the file, and refuses a second file', async () => {
    const admin = await t.signIn('admin');
    const item = await driveUpload(
      t.services.drive,
      bodyOf([
        { kind: 'file', field: 'file', filename: 'ata.pdf', stream: chunks(1) },
        { kind: 'field', field: 'name', value: 'Ata', truncated: false },
        { kind: 'field', field: 'tags', value: 'a, b', truncated: false },
      ]),
      admin.userId,
    );
    expect(item).toMatchObject({ name: 'Ata', tags: ['a', 'b'], type: 'pdf' });
    const twice = driveUpload(
      t.services.drive,
      bodyOf([
        { kind: 'field', field: 'name', value: 'Dois', truncated: false },
        { kind: 'file', field: 'file', filename: 'a.pdf', stream: chunks(1) },
        { kind: 'file', field: 'file', filename: 'b.pdf', stream: chunks(1) },
      ]),
      admin.userId,
    );
    await expect(twice).rejects.toMatchObject({ message: DRIVE_MSG.oneFile });
    expect(filesOnDisk(t.services.drive)).toEqual([item.id]);
  });
});
