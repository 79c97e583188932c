/**
 * `npm start` as Docker, systemd or `kill` stop it: SIGTERM to the npm process itself. The start
 * script execs the server, so the signal reaches it: the port closes and nothing is left running
 * (a server left behind would hold the data folder, and the next start would refuse it). Runs the
 * built server (`dist/server/main.js`), building only its bundle when it is missing. `npm run dev`
 * the same with Ctrl+C: its script execs `node --watch` (no shell left between npm and it).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../src/server/env';
import { freePort, spawnServer, waitForHealth, type ServerProcess } from './server-process';

let server: ServerProcess | undefined;
let serverPid: number | undefined;
afterEach(() => {
  server?.child.kill('SIGKILL');
  if (serverPid) {
    try {
      process.kill(serverPid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  server = serverPid = undefined;
});

beforeAll(() => {
  if (fs.existsSync(path.join(PROJECT_ROOT, 'dist/server/main.js'))) return;
  const built = spawnSync(process.execPath, ['scripts/build-server.mjs'], {
    cwd: PROJECT_ROOT,
    encoding: 'utf8',
  });
  expect(built.status, built.stderr).toBe(0);
}, 60_000);

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const portAnswers = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => resolve(socket.destroy() !== undefined));
    socket.once('error', () => resolve(false));
  });

describe('npm start', () => {
  it('stops, port closed and no process left, on SIGTERM to the npm process', async () => {
    const port = await freePort();
    // --ignore-scripts skips only `prestart` (the build check): the start script itself runs.
    server = await spawnServer({ PORT: String(port) }, ['npm', ['start', '--ignore-scripts']]);
    await waitForHealth(server);
    serverPid = Number(fs.readFileSync(path.join(server.dataDir, 'server.pid'), 'utf8'));
    expect(serverPid).toBeGreaterThan(0);

    const since = Date.now();
    server.child.kill('SIGTERM');
    const { afterMs } = await server.exited(since);
    expect(afterMs).toBeLessThan(15_000);
    for (let i = 0; i < 50 && alive(serverPid); i++) await new Promise((r) => setTimeout(r, 100));
    expect(alive(serverPid)).toBe(false);
    expect(await portAnswers(port)).toBe(false);
  }, 60_000);
});

describe('npm run dev', () => {
  it('stops, port closed and no process left, on Ctrl+C (SIGINT) to the npm process alone', async () => {
    const port = await freePort();
    // The dev script execs `node --watch`, which owns the server: npm passes the signal straight on.
    server = await spawnServer({ PORT: String(port) }, ['npm', ['run', 'dev', '--silent']]);
    await waitForHealth(server, 120_000);
    serverPid = Number(fs.readFileSync(path.join(server.dataDir, 'server.pid'), 'utf8'));

    server.child.kill('SIGINT');
    const { afterMs } = await server.exited(Date.now());
    expect(afterMs).toBeLessThan(15_000);
    for (let i = 0; i < 50 && alive(serverPid); i++) await new Promise((r) => setTimeout(r, 100));
    expect(alive(serverPid)).toBe(false);
    expect(await portAnswers(port)).toBe(false);
  }, 180_000);
});
