/**
 * SIGTERM drains (ADR 013): requests already sent are all answered, keep-alive connections do
 * not hold the process, and it exits 0 well within Docker's and systemd's 10 s.
 */
import http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { spawnServer, waitForHealth, type ServerProcess } from './server-process';

let server: ServerProcess | undefined;
afterEach(() => {
  server?.child.kill('SIGKILL');
  server = undefined;
});

const IN_FLIGHT = 60;

/** One request on the keep-alive agent; resolves with the status or the network error's code. */
function send(agent: http.Agent, port: number, path: string, body?: unknown): Promise<number | string> {
  return new Promise((resolve) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        path,
        agent,
        method: payload ? 'POST' : 'GET',
        headers: payload ? { 'content-type': 'application/json' } : {},
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    request.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    request.end(payload);
  });
}

describe('SIGTERM', () => {
  it(`answers all ${IN_FLIGHT} logins in flight on keep-alive connections, then exits 0 within 10 s`, async () => {
    // Logins are the slow requests (argon2); the limit is raised so each one really checks a password.
    server = await spawnServer({ AUTH_RATE_LIMIT: '1000' });
    await waitForHealth(server);
    const { port } = server;
    const agent = new http.Agent({ keepAlive: true, maxSockets: IN_FLIGHT });
    // Open the keep-alive connections first, as a busy server would have them.
    const warm = await Promise.all(Array.from({ length: IN_FLIGHT }, () => send(agent, port, '/api/health')));
    expect(warm.every((status) => status === 200)).toBe(true);

    const logins = Array.from({ length: IN_FLIGHT }, (_, i) =>
      send(agent, port, '/api/auth/login', { email: `ninguem${i}@teste.com.br`, password: 'errada' }),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    const signalledAt = Date.now();
    server.child.kill('SIGTERM');

    const answers = await Promise.all(logins);
    expect(answers.filter((answer) => answer !== 401)).toEqual([]);
    const { code, afterMs } = await server.exited(signalledAt);
    agent.destroy();
    expect(code).toBe(0);
    expect(afterMs).toBeLessThan(10_000);
  }, 60_000);

  it('exits at once when nothing is in flight, even with idle keep-alive connections open', async () => {
    server = await spawnServer();
    await waitForHealth(server);
    const agent = new http.Agent({ keepAlive: true });
    expect(await send(agent, server.port, '/api/health')).toBe(200);
    const signalledAt = Date.now();
    server.child.kill('SIGTERM');
    const { code, afterMs } = await server.exited(signalledAt);
    agent.destroy();
    expect(code).toBe(0);
    expect(afterMs).toBeLessThan(3_000);
  }, 60_000);
});
