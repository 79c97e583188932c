/**
 * When the demo seed must not run. The demo club has an admin anyone can guess
 * (admin@confraria.local / admin123, accounts.ts), so it never reaches a real club: not under a
 * production configuration (NODE_ENV=production, which the server's settings file and the
 * `confraria` command carry, or a public PUBLIC_URL), and not into a database that holds people it
 * did not create, administrators included. `npm run seed:demo` runs as development unless NODE_ENV
 * says otherwise (package.json), so a developer's `npm start` club still takes the demo.
 */
import { subscribers, users } from '../db/schema';
import type { Env } from '../env';
import type { Services } from '../services';
import { isPublicAddress } from '../../shared/public-address';
import { ERASED_EMAIL_DOMAIN } from '../privacy/erasure/erased-values';

/** Every demo person has an address in one of these domains; anyone else is a real person. */
export const DEMO_EMAIL_DOMAINS = ['confraria.local', 'exemplo.com.br'] as const;

const isDemoEmail = (email: string) =>
  DEMO_EMAIL_DOMAINS.some((domain) => email.toLowerCase().endsWith(`@${domain}`));

/**
 * How many real people the database holds: accounts of any role (admins included) and subscribers
 * outside the demo domains.
 */
export function countRealMembers(services: Services): number {
  const accountEmails = services.db
    .select({ email: users.email })
    .from(users)
    .all()
    .map((row) => row.email);
  const subscriberEmails = services.db
    .select({ email: subscribers.email })
    .from(subscribers)
    .all()
    .map((row) => row.email);
  // An erased record (ADR 029) is nobody any more: neither demo nor real.
  const erased = (email: string) => email.endsWith(`@${ERASED_EMAIL_DOMAIN}`);
  return new Set(
    [...accountEmails, ...subscriberEmails].filter((email) => !isDemoEmail(email) && !erased(email)),
  ).size;
}

const DEMO_ADMIN = 'ele cria o admin admin@confraria.local com a senha admin123, que qualquer um adivinha';

export const SEED_MSG = {
  production:
    `O clube de demonstração não é gravado com NODE_ENV=production: ${DEMO_ADMIN}. ` +
    'Rode-o numa cópia de desenvolvimento, com um DATA_DIR próprio.',
  publicUrl: (url: string) =>
    `O clube de demonstração não é gravado com um PUBLIC_URL público (${url}): ${DEMO_ADMIN}. ` +
    'Rode-o numa cópia de desenvolvimento, com um DATA_DIR próprio.',
  realMembers: (count: number) =>
    `Este banco de dados já tem ${count} ${count === 1 ? 'pessoa real' : 'pessoas reais'} ` +
    '(contas, administradores incluídos, ou assinantes fora da demonstração): os dados de demonstração ' +
    'não foram gravados. Use um DATA_DIR vazio, ou rode `npm run seed:demo -- --force` numa cópia de ' +
    'desenvolvimento para gravar mesmo assim.',
};

/** Why this configuration never takes the demo (checked before the database is even opened), or null. */
export function demoConfigRefusal(env: Env): string | null {
  if (env.NODE_ENV === 'production') return SEED_MSG.production;
  if (isPublicAddress(env.publicUrl)) return SEED_MSG.publicUrl(env.publicUrl);
  return null;
}

/**
 * The one line that says why the demo is not written, or null when it may be. `force` passes over
 * real people in a development copy only: a production configuration is never seeded.
 */
export function demoSeedRefusal(env: Env, services: Services, { force }: { force: boolean }): string | null {
  const config = demoConfigRefusal(env);
  if (config) return config;
  const real = countRealMembers(services);
  if (real > 0 && !force) return SEED_MSG.realMembers(real);
  return null;
}
