import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseEnv } from '../env';
import { databaseFile, openDatabase } from './client';

describe('openDatabase', () => {
  it('commits durably: WAL with synchronous = FULL (a confirmed payment survives a power cut)', () => {
    const dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'confraria-db-')), 'data');
    const env = parseEnv({ NODE_ENV: 'test', DATA_DIR: dataDir });
    const { sqlite, close } = openDatabase(databaseFile(dataDir), env.MIGRATIONS_DIR);
    try {
      expect(sqlite.pragma('journal_mode', { simple: true })).toBe('wal');
      // 2 = FULL (0 OFF, 1 NORMAL, 3 EXTRA)
      expect(sqlite.pragma('synchronous', { simple: true })).toBe(2);
      expect(sqlite.pragma('foreign_keys', { simple: true })).toBe(1);
      // 2 = MEMORY: a transaction's statement journals never spill to a temporary file (ADR 043).
      expect(sqlite.pragma('temp_store', { simple: true })).toBe(2);
      // Owner-only: the database, its WAL and shared memory (members' data, sessions).
      sqlite.prepare('select 1').get();
      for (const name of ['club.db', 'club.db-wal', 'club.db-shm']) {
        expect((fs.statSync(path.join(dataDir, name)).mode & 0o777).toString(8), name).toBe('600');
      }
      expect((fs.statSync(dataDir).mode & 0o777).toString(8)).toBe('700');
    } finally {
      close();
    }
  });
});
