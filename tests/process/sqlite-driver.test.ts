/**
 * The SQLite driver survives V8 collecting its statements, under the Node that runs the suite (CI
 * runs it on Node 24 and again on Node 22): better-sqlite3 12, built on Node's C++ ObjectWrap,
 * aborted the process at such a collection on Node 24.19 and later (ADR 025); version 13 is built
 * on Node-API (ADR 032), and this keeps it honest.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../src/server/env';

describe('SQLite driver', () => {
  it('prepares and drops 50,000 statements and exits 0 (no RemoveEnvironmentCleanupHook abort)', () => {
    const result = spawnSync(process.execPath, [path.join(PROJECT_ROOT, 'scripts/sqlite-driver-check.mjs')], {
      cwd: PROJECT_ROOT,
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.stderr).not.toContain('Assertion failed');
    expect(result.signal).toBeNull();
    expect(result.status).toBe(0);
    expect(result.stdout).toBe('ok\n');
  }, 40_000);
});
