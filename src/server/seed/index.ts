/**
 * The demo seed (`npm run seed:demo`): modules run in this order, each on what the earlier ones
 * left in the context. A domain adds its data with ONE line here.
 */
import type { Services } from '../services';
import { accountsSeed } from './accounts';
import { contactSeed } from './contact';
import { paymentsSeed } from './payments';
import type { SeedContext, SeedModule } from './types';

export type { DemoUser, SeedContext, SeedModule } from './types';

export const seedModules: SeedModule[] = [
  // One line per module, in the order they run.
  accountsSeed,
  contactSeed,
  paymentsSeed,
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
