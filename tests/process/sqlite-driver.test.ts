/**
 * The SQLite driver survives V8 collecting its statements (ADR 025): on Node 24.19 or later a
 * better-sqlite3 compiled against that Node's own headers aborts the process at the first such
 * collection, at a random moment in a running server. Runs `scripts/sqlite-driver-check.mjs` under
 * the Node that runs the suite, so the Node 24 leg (`.ci/node24.sh`) checks the binary it installed.
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
