/**
 * The V8 flags every short command runs with (package.json's scripts, docs/deploy/confraria): under
 * Node 24 a process can deadlock while it exits with a background Maglev or Sparkplug compile in
 * flight (docs/decisions/045-commands-exit-without-background-compilers.md). Tests that spawn the
 * commands use the same flags.
 */
export const COMMAND_FLAGS = ['--no-maglev', '--no-concurrent-sparkplug'] as const;
