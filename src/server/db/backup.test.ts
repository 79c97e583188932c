/**
 * Backups (docs/deploy.md): snapshots while the database is open, their names and modes, pruning of the
 * automatic ones, the drive mirror, and the check a restore makes before trusting a file.
 */
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/app';
import {
  backupDatabase,
  backupFileName,
  checkBackup,
  listBackups,
  mirrorDriveFiles,
  pruneAutomaticBackups,
} from './backup';
import { nextBackupAt } from '../system/backups';
import { createAccount } from '../identity/accounts/create-account';

let t: TestApp;
let backupDir: string;
beforeEach(async () => {
  t = await createTestApp();
  backupDir = t.env.backupDir;
});
afterEach(async () => {
  await t.close();
});

describe('backup', () => {
  it('names files club-YYYYMMDD-HHMMSS[-kind].db (UTC)', () => {
    const at = new Date('2026-03-04T05:06:07.890Z');
    expect(backupFileName(at)).toBe('club-20260304-050607.db');
    expect(backupFileName(at, 'auto')).toBe('club-20260304-050607-auto.db');
    expect(backupFileName(at, 'pre-migration')).toBe('club-20260304-050607-pre-migration.db');
  });

  it('writes a consistent copy into DATA_DIR/backups while the database is open, never overwriting', async () => {
    await createAccount(t.services.accounts, { name: 'Ana', email: 'ana@teste.com.br', password: '123456' });
    const at = new Date('2026-11-22T12:00:00.000Z');
    const file = await backupDatabase(t.database.sqlite, backupDir, at);
    expect(file).toBe(path.join(t.dataDir, 'backups', 'club-20261122-120000.db'));
    expect((fs.statSync(file).mode & 0o777).toString(8)).toBe('600');
    expect((fs.statSync(path.dirname(file)).mode & 0o777).toString(8)).toBe('700');

    const copy = new Database(file, { readonly: true });
    try {
      expect(copy.prepare('select email from users').all()).toEqual([{ email: 'ana@teste.com.br' }]);
    } finally {
      copy.close();
    }
    expect(checkBackup(file)).toBeNull();

    const again = await backupDatabase(t.database.sqlite, backupDir, at);
    expect(again).toBe(path.join(t.dataDir, 'backups', 'club-20261122-120000-2.db'));
    expect(fs.readdirSync(backupDir).sort()).toEqual([
      'club-20261122-120000-2.db',
      'club-20261122-120000.db',
    ]);
  });

  it('keeps the newest automatic snapshots only, never touching the others', async () => {
    const manual = await backupDatabase(t.database.sqlite, backupDir, new Date('2026-01-01T00:00:00Z'));
    const autos = [];
    for (let day = 1; day <= 4; day++) {
      const at = new Date(`2026-02-0${day}T06:30:00Z`);
      const file = await backupDatabase(t.database.sqlite, backupDir, at, 'auto');
      fs.utimesSync(file, at, at);
      autos.push(file);
    }
    expect(pruneAutomaticBackups(backupDir, 2)).toEqual([autos[1], autos[0]]);
    expect(listBackups(backupDir).map((backup) => backup.file)).toEqual(
      expect.arrayContaining([autos[3], autos[2], manual]),
    );
    expect(listBackups(backupDir)).toHaveLength(3);
  });

  it('mirrors drive files once, readable by the owner only', () => {
    const drive = path.join(t.dataDir, 'drive');
    fs.mkdirSync(drive);
    fs.writeFileSync(path.join(drive, 'f1'), 'um');
    expect(mirrorDriveFiles(t.dataDir, backupDir)).toBe(1);
    fs.writeFileSync(path.join(drive, 'f2'), 'dois');
    expect(mirrorDriveFiles(t.dataDir, backupDir)).toBe(1);
    expect(fs.readdirSync(path.join(backupDir, 'drive')).sort()).toEqual(['f1', 'f2']);
    expect((fs.statSync(path.join(backupDir, 'drive', 'f2')).mode & 0o777).toString(8)).toBe('600');
  });

  it('refuses files that are not a sound snapshot of this app, in Portuguese', () => {
    const dir = fs.mkdtempSync(path.join(t.dataDir, 'x-'));
    expect(checkBackup(path.join(dir, 'nada.db'))).toMatch(/^arquivo não encontrado/);
    fs.writeFileSync(path.join(dir, 'texto.db'), 'isto não é um banco de dados '.repeat(200));
    expect(checkBackup(path.join(dir, 'texto.db'))).toMatch(/^o arquivo não é um banco SQLite legível/);
    const other = new Database(path.join(dir, 'outro.db'));
    other.exec('create table notas (id integer)');
    other.close();
    expect(checkBackup(path.join(dir, 'outro.db'))).toBe(
      'o arquivo não é um backup da Confraria (faltam as tabelas users e subscribers)',
    );
  });
});

describe('nextBackupAt', () => {
  it('is the next São Paulo wall-clock time, today or tomorrow', () => {
    // 02:00 in São Paulo (05:00 UTC): today's 03:30 is still ahead.
    expect(nextBackupAt(new Date('2026-11-25T05:00:00Z'), '03:30').toISOString()).toBe(
      '2026-11-25T06:30:00.000Z',
    );
    // 04:00 in São Paulo: tomorrow's.
    expect(nextBackupAt(new Date('2026-11-25T07:00:00Z'), '03:30').toISOString()).toBe(
      '2026-11-26T06:30:00.000Z',
    );
    // 22:00 on the 24th in São Paulo is already the 25th in UTC.
    expect(nextBackupAt(new Date('2026-11-25T01:00:00Z'), '23:15').toISOString()).toBe(
      '2026-11-25T02:15:00.000Z',
    );
  });
});
