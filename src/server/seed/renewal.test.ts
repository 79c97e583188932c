import { describe, expect, it } from 'vitest';
import { useTestApp, type TestApp } from '../../../tests/app';
import { runSeed } from './index';
import { TEREZA } from './renewal';
import { login as accountsLogin } from '../identity/accounts/sign-in';

let t: TestApp;
useTestApp((app) => (t = app));

describe('demo seed: a renewed member', () => {
  it('Tereza signs in and is thanked for renewing, with no renewal offered; a second run adds nothing', async () => {
    const { lines } = await runSeed(t.services);
    expect(lines).toContain('renovação: 1 registro criado (Tereza: renovada há 20 dias)');
    const login = await accountsLogin(t.services.accounts, {
      email: TEREZA.email,
      password: TEREZA.password,
    });
    const { subscription } = await t.caller(login.token).member.overview();
    expect(subscription).toMatchObject({
      status: 'active',
      pricePaid: 89700,
      canRenew: false,
      renewalWarning: null,
      renewedAt: new Date(t.clock.now().getTime() - 20 * 24 * 3600 * 1000).toISOString(),
      daysLeft: 350,
    });
    const second = await runSeed(t.services);
    expect(second.lines).toContain('renovação: 0 registros criados (Tereza: renovada há 20 dias)');
  });
});
