import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/app';
import { backupDatabase, backupFileName } from './backup';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

describe('backup', () => {
  it('names files club-YYYYMMDD-HHMMSS.db (UTC)', () => {
    expect(backupFileName(new Date('2026-03-04T05:06:07.890Z'))).toBe('club-20260304-050607.db');
  });

  it('writes a consistent copy into DATA_DIR/backups while the database is open, never overwriting', async () => {
    await t.services.accounts.createAccount({ name: 'Ana', email: 'ana@teste.com.br', password: '123456' });
    const at = new Date('2026-11-22T12:00:00.000Z');
    const file = await backupDatabase(t.database.sqlite, t.dataDir, at);
    expect(file).toBe(path.join(t.dataDir, 'backups', 'club-20261122-120000.db'));
    expect((fs.statSync(file).mode & 0o777).toString(8)).toBe('600');
    expect((fs.statSync(path.dirname(file)).mode & 0o777).toString(8)).toBe('700');

    const copy = new Database(file, { readonly: true });
    try {
      expect(copy.prepare('select email from users').all()).toEqual([{ email: 'ana@teste.com.br' }]);
    } finally {
      copy.close();
    }

    const again = await backupDatabase(t.database.sqlite, t.dataDir, at);
    expect(again).toBe(path.join(t.dataDir, 'backups', 'club-20261122-120000-2.db'));
    expect(fs.readdirSync(path.join(t.dataDir, 'backups')).sort()).toEqual([
      'club-20261122-120000-2.db',
      'club-20261122-120000.db',
    ]);
  });
});
