/**
 * What the server says at start: one clear line when it cannot start (a public address without a
 * real payment provider, a port already in use), the address and the next step when it can.
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort, spawnServer, waitForHealth, type ServerProcess } from './server-process';

let server: ServerProcess | undefined;
afterEach(() => {
  server?.child.kill('SIGKILL');
  server = undefined;
});

describe('start-up', () => {
  it('refuses the silent sandbox behind a public PUBLIC_URL: exit 1, one line naming the variables', async () => {
    server = await spawnServer({ PUBLIC_URL: 'https://clube.exemplo.com.br' });
    const { code } = await server.exited();
    expect(code).toBe(1);
    const lines = server.output().trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('PAGARME_SECRET_KEY');
    expect(lines[0]).toContain('PAYMENT_PROVIDER=sandbox');
  }, 30_000);

  it('says in one line that DATA_DIR cannot be written, instead of a stack trace: exit 1', async () => {
    // A folder that cannot be created (its parent is a file): as an unwritable folder is for a
    // service user, and for root too (the tests may run as root, whom permissions do not stop).
    const parent = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'confraria-not-a-folder-')), 'arquivo');
    fs.writeFileSync(parent, '');
    server = await spawnServer({ DATA_DIR: path.join(parent, 'data') });
    const { code } = await server.exited();
    expect(code).toBe(1);
    expect(server.output().trim().split('\n')).toEqual([
      `Configuração inválida: DATA_DIR (${parent}/data) não pode ser criada ou escrita pelo usuário ` +
        `${os.userInfo().username} (ENOTDIR): crie a pasta com esse dono ou aponte DATA_DIR para uma que ele possa escrever.`,
    ]);
  }, 30_000);

  it('starts on the sandbox on purpose and says so in /api/health', async () => {
    server = await spawnServer({ PUBLIC_URL: 'https://demo.exemplo.com.br', PAYMENT_PROVIDER: 'sandbox' });
    await waitForHealth(server);
    const health = (await (await fetch(`${server.baseUrl}/api/health`)).json()) as Record<string, unknown>;
    expect(health.paymentProvider).toBe('sandbox');
  }, 30_000);

  it('says in one Portuguese line, naming PORT, that the port is taken: exit 1, no stack trace', async () => {
    const port = await freePort();
    const holder = net.createServer();
    await new Promise<void>((resolve) => holder.listen(port, '127.0.0.1', resolve));
    try {
      server = await spawnServer({ PORT: String(port) });
      const { code } = await server.exited();
      expect(code).toBe(1);
      expect(server.output().trim().split('\n')).toEqual([
        `A porta ${port} já está em uso por outro programa: pare-o ou escolha outra porta em PORT (por exemplo PORT=${port + 1} npm start).`,
      ]);
    } finally {
      await new Promise((resolve) => holder.close(resolve));
    }
  }, 30_000);

  it('logs where it listens and whether the club has an admin, once, as one JSON line off a terminal', async () => {
    server = await spawnServer({ LOG_LEVEL: 'info' });
    await waitForHealth(server);
    const lines = server
      .output()
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    const listening = lines.filter((line) => line.msg === 'listening');
    expect(listening).toEqual([
      expect.objectContaining({ url: `http://localhost:${server.port}`, hasAdmin: false }),
    ]);
    expect(lines.some((line) => String(line.msg).startsWith('Server listening'))).toBe(false);
  }, 30_000);
});
