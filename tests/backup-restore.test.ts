/**
 * Backups that restore (docs/deploy.md), as the owner runs them: a club with members, payments and
 * messages is backed up with `npm run backup` while its database is open, restored with
 * `npm run restore` into a new data folder, and the app started there finds everything. A restore
 * refuses while a server runs and keeps the database it replaces.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseEnv } from '../src/server/env';
import { buildApp } from '../src/server/http/app';
import { createTestApp, type TestApp } from './app';
import { createLink, MARIANA, sandboxPay } from './checkout';
import { spawnCommand } from './command-flags';

let t: TestApp;
let newDataDir: string;
const children: ChildProcess[] = [];
beforeEach(async () => {
  t = await createTestApp();
  newDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'confraria-restored-'));
});
afterEach(async () => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  await t.close();
  fs.rmSync(newDataDir, { recursive: true, force: true });
});

function run(script: string, args: string[], dataDir: string, env: Record<string, string> = {}) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawnCommand(script, args, {
      DATA_DIR: dataDir,
      BACKUP_DIR: t.env.backupDir,
      NODE_ENV: 'production',
      ...env,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

async function makeClub() {
  const admin = await t.signIn('admin', 'dona@confraria.com.br');
  const link = await createLink(t);
  await sandboxPay(t, link.id, 'paid', 'pix');
  await t.request({
    method: 'POST',
    url: '/api/emails/contact',
    payload: {
      name: 'Rui',
      email: 'rui@exemplo.com.br',
      subject: 'Visita',
      message: 'Posso visitar a adega?',
    },
  });
  fs.mkdirSync(path.join(t.dataDir, 'drive'), { mode: 0o700 });
  fs.writeFileSync(path.join(t.dataDir, 'drive', 'arquivo-1'), 'conteúdo do drive');
  return admin;
}

// Each test spawns the commands as processes (through tsx): slow on a busy machine.
describe('npm run backup, then npm run restore into a new data folder', { timeout: 240_000 }, () => {
  it('brings back members, payments, messages and drive files; the app started there finds them', async () => {
    await makeClub();
    const backup = await run('backup.ts', [], t.dataDir);
    expect(backup.code).toBe(0);
    const file = /^Backup salvo em (\S+)/.exec(backup.stdout)?.[1] ?? '';
    expect(fs.existsSync(file)).toBe(true);

    const restored = await run('restore.ts', [file], newDataDir);
    expect(restored.stderr).toBe('');
    expect(restored.code).toBe(0);
    expect(restored.stdout).toContain(`Banco de dados restaurado de ${file}.`);
    expect(restored.stdout).toContain('1 arquivo(s) do drive restaurados.');
    expect(fs.readFileSync(path.join(newDataDir, 'drive', 'arquivo-1'), 'utf8')).toBe('conteúdo do drive');

    const env = parseEnv({ NODE_ENV: 'test', JOBS: 'false', DATA_DIR: newDataDir });
    const { app, services } = await buildApp({ env });
    try {
      const login = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'dona@confraria.com.br', password: 'segredo123' },
      });
      expect(login.statusCode).toBe(200);
      const headers = { authorization: `Bearer ${login.json<{ token: string }>().token}` };
      const subscribers = (
        await app.inject({ method: 'GET', url: '/api/admin/subscribers', headers })
      ).json();
      expect(subscribers.subscribers).toMatchObject([
        { fullName: MARIANA.customerName, email: MARIANA.customerEmail, status: 'pending' },
      ]);
      const payments = (await app.inject({ method: 'GET', url: '/api/admin/payments', headers })).json();
      expect(payments.payments).toMatchObject([{ amount: 149700, status: 'paid', method: 'pix' }]);
      // The search indexes are keyed by rowid: they still point at the right rows after the copy.
      const surname = MARIANA.customerName.split(' ').at(-1)!;
      for (const list of ['subscribers', 'payments']) {
        const url = `/api/admin/${list}?search=${encodeURIComponent(surname)}`;
        const found = (await app.inject({ method: 'GET', url, headers })).json();
        expect(found.pagination.total, list).toBe(1);
      }
      const messages = services.outbox.list({ limit: 50 });
      expect(messages.map((message) => message.recipient)).toEqual(
        expect.arrayContaining([MARIANA.customerEmail]),
      );
      expect(messages.length).toBeGreaterThanOrEqual(2);
    } finally {
      await app.close();
    }
  });

  it('refuses while a server runs on the folder, and refuses a damaged file; nothing is touched', async () => {
    await makeClub();
    const file = /^Backup salvo em (\S+)/.exec((await run('backup.ts', [], t.dataDir)).stdout)?.[1] ?? '';
    fs.writeFileSync(path.join(newDataDir, 'club.db'), 'o banco atual');

    // A live process recorded as the folder's server; it runs until killed, however slow the
    // commands below are on a busy machine (a sleeper that ended by itself left nothing to wait for).
    const server = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1 << 30)']);
    children.push(server);
    fs.writeFileSync(path.join(newDataDir, 'server.pid'), `${server.pid}\n`);
    const refused = await run('restore.ts', [file], newDataDir);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe(
      `Erro: restauração recusada: o servidor está rodando (pid ${server.pid}): pare-o antes de restaurar\n`,
    );

    const gone = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGKILL');
    await gone;
    const damaged = path.join(newDataDir, 'estragado.db');
    fs.writeFileSync(damaged, 'x'.repeat(4096));
    const bad = await run('restore.ts', [damaged], newDataDir);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/^Erro: restauração recusada: o arquivo não é um banco SQLite legível/);
    expect(fs.readFileSync(path.join(newDataDir, 'club.db'), 'utf8')).toBe('o banco atual');

    // With the server gone (its pid file stale), the restore goes through and keeps the old file aside.
    const ok = await run('restore.ts', [file], newDataDir);
    expect(ok.code).toBe(0);
    const aside = /O banco anterior foi guardado em (\S+)\./.exec(ok.stdout)?.[1] ?? '';
    expect(fs.readFileSync(path.join(aside, 'club.db'), 'utf8')).toBe('o banco atual');
  });

  it('without a file, says how to use it and lists the latest backups', async () => {
    await run('backup.ts', [], t.dataDir);
    const usage = await run('restore.ts', [], t.dataDir);
    expect(usage.code).toBe(1);
    expect(usage.stderr).toMatch(
      /^Uso: npm run restore -- ARQUIVO\nBackups mais recentes em .+:\n {2}.+club-\d{8}-\d{6}\.db/,
    );
    // On a server, through the `confraria` command (docs/deploy/confraria), the usage names it.
    const onServer = await run('restore.ts', [], t.dataDir, { CONFRARIA_COMMAND: 'confraria' });
    expect(onServer.stderr).toMatch(/^Uso: confraria restore ARQUIVO\nBackups mais recentes em /);
  });
});
