import { describe, expect, it } from 'vitest';
import { TRPC_MAX_BATCH, trpcCallCheck } from '../http/trpc-calls';
import { appProcedureNames, appRouter } from './root';

describe('the names the HTTP layer lets through to tRPC', () => {
  it('are exactly the procedures of the app router', () => {
    // Only this test reads tRPC's own table of the router's procedures: it is the witness that the
    // list the server uses (built from our record) names every procedure and nothing else.
    const routed = Object.keys(appRouter._def.procedures).sort();
    expect([...appProcedureNames].sort()).toEqual(routed);
    expect(routed).toContain('auth.login');
  });

  it('refuse unknown names, object internals and batches larger than the limit', () => {
    const check = trpcCallCheck(appProcedureNames);
    expect(check('/trpc/auth.me,settings.public?batch=1')).toBeNull();
    for (const name of ['__proto__', 'constructor', 'auth.__proto__', 'auth.nada', 'auth']) {
      expect(check(`/trpc/${name}`), name).toEqual({ status: 404, error: 'Recurso não encontrado' });
    }
    const batch = Array.from({ length: TRPC_MAX_BATCH + 1 }, () => 'auth.me').join(',');
    expect(check(`/trpc/${batch}?batch=1`)).toEqual({
      status: 400,
      error: 'Chamadas demais em uma só requisição',
    });
  });
});
