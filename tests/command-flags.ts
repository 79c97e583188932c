import { spawn } from 'node:child_process';
import path from 'node:path';
import { PROJECT_ROOT } from '../src/server/env';

/**
 * The V8 flags every short command runs with (package.json's scripts, docs/deploy/confraria): under
 * Node 24 a process can deadlock while it exits with a background Maglev or Sparkplug compile in
 * flight (docs/decisions/045-commands-exit-without-background-compilers.md). Tests that spawn the
 * commands use the same flags.
 */
export const COMMAND_FLAGS = ['--no-maglev', '--no-concurrent-sparkplug'] as const;

/** One of `scripts/` as a process, the way the commands run (through tsx, from the project's root). */
export function spawnCommand(script: string, args: string[], env: Record<string, string>) {
  return spawn(
    process.execPath,
    [...COMMAND_FLAGS, '--import', 'tsx', path.join('scripts', script), ...args],
    {
      cwd: PROJECT_ROOT,
      env: { ...process.env, ...env },
    },
  );
}
