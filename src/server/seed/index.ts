/**
 * The demo seed (`npm run seed:demo`): modules run in this order, each on what the earlier ones
 * left in the context. A domain adds its data with ONE line here.
 */
import { eq } from 'drizzle-orm';
import { subscribers, users } from '../db/schema';
import type { Services } from '../services';
import { ERASED_EMAIL_DOMAIN } from '../services/data-erasure';
import { accountsSeed } from './accounts';
import { contactSeed } from './contact';
import { driveSeed } from './drive';
import { memberPortalSeed } from './member-portal';
import { paymentsSeed } from './payments';
import { paymentHistorySeed } from './payment-history';
import { messagingSeed } from './messaging';
import { pixKeySeed } from './pix-key';
import { privacySeed } from './privacy';
import { securitySeed } from './security';
import { contactsSeed } from './contacts';
import { renewalSeed } from './renewal';
import { exceptionsSeed } from './exceptions';
import { listMessageSeed } from './list-message';
import type { SeedContext, SeedModule } from './types';

export type { DemoUser, SeedContext, SeedModule } from './types';

export const seedModules: SeedModule[] = [
  // One line per module, in the order they run.
  accountsSeed,
  contactSeed,
  paymentsSeed,
  paymentHistorySeed,
  driveSeed,
  memberPortalSeed,
  messagingSeed,
  pixKeySeed,
  privacySeed,
  securitySeed,
  contactsSeed,
  renewalSeed,
  exceptionsSeed,
  listMessageSeed,
];

/** Runs every module in order; returns the context (demo users) and the summary lines. */
export async function runSeed(
  services: Services,
  modules: SeedModule[] = seedModules,
): Promise<{ ctx: SeedContext; lines: string[] }> {
  const lines: string[] = [];
  const ctx: SeedContext = { users: {}, report: (line) => lines.push(line) };
  for (const step of modules) {
    await step.run(services, ctx);
  }
  return { ctx, lines };
}

/** Every demo person has an address in one of these domains; anyone else is a real person. */
export const DEMO_EMAIL_DOMAINS = ['confraria.local', 'exemplo.com.br'] as const;

const isDemoEmail = (email: string) =>
  DEMO_EMAIL_DOMAINS.some((domain) => email.toLowerCase().endsWith(`@${domain}`));

/**
 * How many real members the database holds (member accounts and subscribers outside the demo
 * domains): the seed refuses to mix demo data into a real club unless forced.
 */
export function countRealMembers(services: Services): number {
  const memberEmails = services.db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.role, 'user'))
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
    [...memberEmails, ...subscriberEmails].filter((email) => !isDemoEmail(email) && !erased(email)),
  ).size;
}

export const SEED_MSG = {
  realMembers: (count: number) =>
    `Este banco de dados já tem ${count} ${count === 1 ? 'membro real' : 'membros reais'}: ` +
    'os dados de demonstração não foram gravados. Use um DATA_DIR vazio, ou rode ' +
    '`npm run seed:demo -- --force` para gravar mesmo assim.',
};
