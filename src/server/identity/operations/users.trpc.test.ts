import { TRPCError } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import { useTestApp, type TestApp } from '../../../../tests/app';
import { createAccount } from '../accounts/create-account';

let t: TestApp;
useTestApp((app) => (t = app));

async function trpcError(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(TRPCError);
  return error as TRPCError;
}

describe('role middleware on real procedures', () => {
  it('adminProcedure (users.list): no session → UNAUTHORIZED, member → FORBIDDEN, admin → the list', async () => {
    const member = await t.signIn('user');
    const admin = await t.signIn('admin');

    const anonymous = await trpcError(t.caller().users.list());
    expect(anonymous.code).toBe('UNAUTHORIZED');
    expect(anonymous.message).toBe('Não autenticado. Faça login para continuar.');

    const forbidden = await trpcError(t.caller(member.token).users.list());
    expect(forbidden.code).toBe('FORBIDDEN');
    expect(forbidden.message).toBe('Você não tem permissão para acessar esta página.');

    const list = await t.caller(admin.token).users.list();
    expect(list.users.map((user) => user.email).sort()).toEqual([admin.email, member.email].sort());
  });

  it('memberProcedure (auth.account): no session → UNAUTHORIZED, admin → FORBIDDEN, member → own account', async () => {
    const member = await t.signIn('user');
    const admin = await t.signIn('admin');

    expect((await trpcError(t.caller().auth.account())).code).toBe('UNAUTHORIZED');
    expect((await trpcError(t.caller(admin.token).auth.account())).code).toBe('FORBIDDEN');
    expect(await t.caller(member.token).auth.account()).toEqual({
      id: member.userId,
      name: 'Pessoa user',
      email: member.email,
      role: 'user',
      createdAt: t.clock.now().toISOString(),
    });
  });

  it('an expired session counts as no session', async () => {
    const admin = await t.signIn('admin');
    t.clock.advance(31 * 24 * 60 * 60 * 1000);
    expect((await trpcError(t.caller(admin.token).users.list())).code).toBe('UNAUTHORIZED');
  });

  it('over HTTP: 401 without a session, 403 for the wrong role', async () => {
    const member = await t.signIn('user');
    const anonymous = await t.request({ method: 'GET', url: '/trpc/users.list' });
    expect(anonymous.statusCode).toBe(401);
    const forbidden = await t.request({
      method: 'GET',
      url: '/trpc/users.list',
      headers: { authorization: `Bearer ${member.token}` },
    });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().error.message).toBe('Você não tem permissão para acessar esta página.');
  });
});

describe('users.list', () => {
  it('pages 10 at a time, newest first, with {page, limit, total, pages}', async () => {
    const admin = await t.signIn('admin');
    for (let i = 1; i <= 12; i++) {
      t.clock.advance(1000);
      await createAccount(t.services.accounts, {
        name: `Confrade ${i}`,
        email: `c${i}@teste.com.br`,
        password: '123456',
      });
    }
    const caller = t.caller(admin.token);

    const first = await caller.users.list();
    expect(first.pagination).toEqual({ page: 1, limit: 10, total: 13, pages: 2 });
    expect(first.users).toHaveLength(10);
    expect(first.users[0]).toEqual({
      id: expect.any(String),
      name: 'Confrade 12',
      email: 'c12@teste.com.br',
      role: 'user',
      createdAt: t.clock.now().toISOString(),
    });
    expect(Object.keys(first.users[0]!)).not.toContain('passwordHash');

    const second = await caller.users.list({ page: 2 });
    expect(second.pagination).toEqual({ page: 2, limit: 10, total: 13, pages: 2 });
    expect(second.users.map((user) => user.name)).toEqual(['Confrade 2', 'Confrade 1', 'Pessoa admin']);
  });

  it('searches name or e-mail, case-insensitively, with % and _ taken literally', async () => {
    const admin = await t.signIn('admin');
    await createAccount(t.services.accounts, {
      name: 'Mariana Costa',
      email: 'mari@teste.com.br',
      password: '123456',
    });
    await createAccount(t.services.accounts, {
      name: 'Rafael',
      email: 'rafa_el@teste.com.br',
      password: '123456',
    });
    const caller = t.caller(admin.token);

    expect((await caller.users.list({ search: 'MARIANA' })).users.map((u) => u.name)).toEqual([
      'Mariana Costa',
    ]);
    expect((await caller.users.list({ search: 'rafa_' })).users.map((u) => u.name)).toEqual(['Rafael']);
    expect((await caller.users.list({ search: '%' })).pagination.total).toBe(0);
  });

  it('refuses a page below 1 with a 400', async () => {
    const admin = await t.signIn('admin');
    const res = await t.request({
      method: 'GET',
      url: `/trpc/users.list?input=${encodeURIComponent(JSON.stringify({ page: 0 }))}`,
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Página inválida');
  });
});
