/**
 * Demo accounts: one admin and a few members, with fixed readable passwords (a demo club). They are
 * guessable on purpose and stored with `createAccount`, which skips the strength check new passwords
 * get: development only (security.ts says so in the seed's report; docs/decisions/028).
 */
import type { Role } from '../../shared/roles';
import type { SeedModule } from './types';
import { findByEmail } from '../identity/accounts/account-reads';
import { createAccount } from '../identity/accounts/create-account';

interface DemoAccount {
  handle: string;
  name: string;
  email: string;
  role: Role;
  password: string;
}

const member = (handle: string, name: string): DemoAccount => ({
  handle,
  name,
  email: `${handle}@confraria.local`,
  role: 'user',
  password: 'confrade123',
});

/** Later modules find these by handle in `ctx.users` (e.g. `ctx.users.mariana`). */
export const DEMO_ACCOUNTS: DemoAccount[] = [
  {
    handle: 'admin',
    name: 'Administração',
    email: 'admin@confraria.local',
    role: 'admin',
    password: 'admin123',
  },
  member('mariana', 'Mariana Costa'),
  member('rafael', 'Rafael Oliveira'),
  member('beatriz', 'Beatriz Santos'),
  member('joao', 'João Pereira'),
  member('helena', 'Helena Duarte'),
  // A member who renewed (the subscription page after a renewal, ADR 017).
  member('tereza', 'Tereza Almeida'),
];

export const accountsSeed: SeedModule = {
  name: 'contas',
  async run(services, ctx) {
    let created = 0;
    for (const { handle, ...account } of DEMO_ACCOUNTS) {
      const existing = findByEmail(services.accounts, account.email);
      const user = existing
        ? { id: existing.id, name: existing.name, email: existing.email, role: existing.role }
        : await createAccount(services.accounts, { ...account, emailVerified: true });
      if (!existing) created++;
      ctx.users[handle] = { ...user, password: account.password, created: !existing };
    }
    ctx.report(`contas: ${created} criadas, ${DEMO_ACCOUNTS.length - created} já existiam`);
  },
};
