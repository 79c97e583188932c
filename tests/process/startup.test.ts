/** `npm start` on a public address without a real payment provider exits with one clear line. */
import { afterEach, describe, expect, it } from 'vitest';
import { spawnServer, waitForHealth, type ServerProcess } from './server-process';

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

  it('starts on the sandbox on purpose and says so in /api/health', async () => {
    server = await spawnServer({ PUBLIC_URL: 'https://demo.exemplo.com.br', PAYMENT_PROVIDER: 'sandbox' });
    await waitForHealth(server);
    const health = (await (await fetch(`${server.baseUrl}/api/health`)).json()) as Record<string, unknown>;
    expect(health.paymentProvider).toBe('sandbox');
  }, 30_000);
});
