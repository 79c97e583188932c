import { describe, expect, it } from 'vitest';
import { useTestApp, type TestApp } from '../../../tests/app';
import { MARIANA_NEW_EMAIL } from './contacts';
import { runSeed } from './index';
import { login as accountsLogin } from '../identity/accounts/sign-in';

let t: TestApp;
useTestApp((app) => (t = app));

describe('demo seed: proven contacts', () => {
  it('Helena has a proven WhatsApp, Mariana a new e-mail waiting for confirmation; a second run adds nothing', async () => {
    const { ctx, lines } = await runSeed(t.services);
    expect(lines).toContain('contatos comprovados: 2 criados, 0 já existiam');
    const signIn = async (handle: 'helena' | 'mariana') => {
      const user = ctx.users[handle]!;
      const login = await accountsLogin(t.services.accounts, { email: user.email, password: user.password });
      return t.caller(login.token);
    };
    expect(await (await signIn('helena')).identity.myContacts()).toMatchObject({
      phoneProven: true,
      provenPhone: '11933332222',
      pendingEmail: null,
    });
    expect(await (await signIn('mariana')).identity.myContacts()).toMatchObject({
      email: 'mariana@confraria.local',
      pendingEmail: { newEmail: MARIANA_NEW_EMAIL, requestedBy: 'member' },
      phoneProven: false,
    });
    const again = await runSeed(t.services);
    expect(again.lines).toContain('contatos comprovados: 0 criados, 2 já existiam');
  });
});
