import { describe, expect, it } from 'vitest';
import { useTestApp, type TestApp } from '../../../tests/app';
import { DEMO_ACCOUNTS } from './accounts';
import { runSeed, seedModules, type SeedModule } from './index';
import { login as accountsLogin } from '../identity/accounts/sign-in';
import { list } from '../drive/listing';
import { filesOnDisk } from '../drive/context';

let t: TestApp;
useTestApp((app) => (t = app));

const countUsers = () =>
  (t.database.sqlite.prepare('select count(*) as n from users').get() as { n: number }).n;

describe('demo seed', () => {
  it('creates the demo admin and members, whose printed passwords work', async () => {
    const { ctx, lines } = await runSeed(t.services);
    expect(Object.keys(ctx.users)).toEqual(DEMO_ACCOUNTS.map((account) => account.handle));
    expect(ctx.users.admin).toMatchObject({ email: 'admin@confraria.local', role: 'admin', created: true });
    expect(lines).toContain(`contas: ${DEMO_ACCOUNTS.length} criadas, 0 já existiam`);
    // Seeding signs nobody in.
    expect(t.database.sqlite.prepare('select count(*) as n from sessions').get()).toEqual({ n: 0 });
    for (const user of Object.values(ctx.users)) {
      const login = await accountsLogin(t.services.accounts, { email: user.email, password: user.password });
      expect(login.user).toMatchObject({ id: user.id, role: user.role });
    }
  });

  it('is idempotent: a second run skips what exists and still hands the users to later modules', async () => {
    const first = await runSeed(t.services);
    const second = await runSeed(t.services);
    expect(countUsers()).toBe(DEMO_ACCOUNTS.length);
    expect(second.lines).toContain(`contas: 0 criadas, ${DEMO_ACCOUNTS.length} já existiam`);
    expect(second.ctx.users.mariana).toEqual({ ...first.ctx.users.mariana, created: false });
  });

  it('runs modules in order, each seeing what the earlier ones made', async () => {
    const seen: string[] = [];
    const later: SeedModule = {
      name: 'depois',
      run(_services, ctx) {
        seen.push(...Object.values(ctx.users).map((user) => user.email));
        ctx.report('depois: ok');
      },
    };
    const { lines } = await runSeed(t.services, [...seedModules, later]);
    expect(seen).toContain('mariana@confraria.local');
    expect(lines.at(-1)).toBe('depois: ok');
  });
});

describe('demo drive', () => {
  it('stores public and private files of several types, once', async () => {
    const first = await runSeed(t.services);
    expect(first.lines).toContain('arquivos do drive: 6 criados, 0 já existiam');
    const all = list(t.services.drive, { page: 1, limit: 100, type: 'all', search: '', isPublic: 'all' });
    expect(new Set(all.items.map((item) => item.type))).toEqual(
      new Set(['pdf', 'image', 'document', 'spreadsheet']),
    );
    expect(all.items.filter((item) => !item.isPublic)).toHaveLength(2);
    expect(all.items.filter((item) => item.type === 'image').every((item) => item.thumbnailUrl)).toBe(true);
    const second = await runSeed(t.services);
    expect(second.lines).toContain('arquivos do drive: 0 criados, 6 já existiam');
    expect(filesOnDisk(t.services.drive)).toHaveLength(8);
  });
});
