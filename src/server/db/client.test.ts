import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseEnv } from '../env';
import { databaseFile, openDatabase } from './client';

describe('openDatabase', () => {
  it('commits durably: WAL with synchronous = FULL (a confirmed payment survives a power cut)', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'confraria-db-'));
    const env = parseEnv({ NODE_ENV: 'test', DATA_DIR: dataDir });
    const { sqlite, close } = openDatabase(databaseFile(dataDir), env.MIGRATIONS_DIR);
    try {
      expect(sqlite.pragma('journal_mode', { simple: true })).toBe('wal');
      // 2 = FULL (0 OFF, 1 NORMAL, 3 EXTRA)
      expect(sqlite.pragma('synchronous', { simple: true })).toBe(2);
      expect(sqlite.pragma('foreign_keys', { simple: true })).toBe(1);
    } finally {
      close();
    }
  });
});
