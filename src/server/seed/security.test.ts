import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/app';
import { runSeed } from './index';
import { isEnabled } from '../identity/two-factor/context';
import { login as accountsLogin } from '../identity/accounts/sign-in';

let t: TestApp;
afterEach(async () => {
  await t.close();
});

describe('demo seed: the owner’s account', () => {
  it('leaves the demo admin without two-factor, and the dashboard does not warn on a local address', async () => {
    t = await createTestApp();
    const { ctx, lines } = await runSeed(t.services);
    expect(isEnabled(t.services.twoFactor, ctx.users.admin!.id)).toBe(false);
    expect(lines).toContain(
      'segurança: verificação em duas etapas do admin desativada (desenvolvimento); senhas de ' +
        'demonstração fáceis de adivinhar, só para desenvolvimento',
    );
    const login = await accountsLogin(t.services.accounts, {
      email: 'admin@confraria.local',
      password: 'admin123',
    });
    expect((await t.caller(login.token).security.status()).warnTwoFactorOff).toBe(false);
  });
});
