/**
 * Starts the real server (`src/server/main.ts`) as a child process on a loopback port and a
 * temporary data directory, for tests about the process itself: start-up checks, signals.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { PROJECT_ROOT } from '../../src/server/env';

export interface ServerProcess {
  child: ChildProcess;
  dataDir: string;
  port: number;
  baseUrl: string;
  output(): string;
  /** Resolves with the exit code and how long after `since` it came. */
  exited(since?: number): Promise<{ code: number | null; afterMs: number }>;
}

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * Spawns the server (by default from its sources; `command` runs something else, such as
 * `npm start`); does not wait for it to answer (see `waitForHealth`).
 */
export async function spawnServer(
  env: Record<string, string> = {},
  command: [string, string[]] = [process.execPath, ['--import', 'tsx', 'src/server/main.ts']],
): Promise<ServerProcess> {
  const port = Number(env.PORT) || (await freePort());
  const dataDir = env.DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'confraria-process-'));
  const child = spawn(command[0], command[1], {
    cwd: PROJECT_ROOT,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      JOBS: 'false',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    child,
    dataDir,
    port,
    baseUrl: `http://127.0.0.1:${port}`,
    output: () => output,
    async exited(since = Date.now()) {
      const code = await exit;
      return { code, afterMs: Date.now() - since };
    },
  };
}

/** Polls /api/health until the server answers (or the process dies). */
export async function waitForHealth(server: ServerProcess, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) throw new Error(`server exited early:\n${server.output()}`);
    try {
      const res = await fetch(`${server.baseUrl}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server did not answer /api/health within ${timeoutMs} ms:\n${server.output()}`);
}
