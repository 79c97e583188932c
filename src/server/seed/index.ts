/**
 * The demo seed (`npm run seed:demo`): modules run in this order, each on what the earlier ones
 * left in the context. A domain adds its data with ONE line here.
 */
import type { Services } from '../services';
import { accountsSeed } from './accounts';
import { contactSeed } from './contact';
import { driveSeed } from './drive';
import { memberPortalSeed } from './member-portal';
import { paymentsSeed } from './payments';
import { paymentDisputesSeed } from './payment-disputes';
import { paymentHistorySeed } from './payment-history';
import { messagingSeed } from './messaging';
import { pixKeySeed } from './pix-key';
import { privacySeed } from './privacy';
import { securitySeed } from './security';
import { contactsSeed } from './contacts';
import { renewalSeed } from './renewal';
import { exceptionsSeed } from './exceptions';
import { listMessageSeed } from './list-message';
import { proposedChangesSeed } from './proposed-changes';
import { commissionPayoutsSeed } from './commission-payouts';
import { receiptsSeed } from './receipts';
import { automaticRenewalSeed } from './automatic-renewal';
import { monthCloseSeed } from './month-close';
import { invoicesSeed } from './invoices';
import type { SeedContext, SeedModule } from './types';

export type { DemoUser, SeedContext, SeedModule } from './types';

export const seedModules: SeedModule[] = [
  // One line per module, in the order they run.
  accountsSeed,
  contactSeed,
  paymentsSeed,
  paymentHistorySeed,
  paymentDisputesSeed,
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
  proposedChangesSeed,
  commissionPayoutsSeed,
  receiptsSeed,
  automaticRenewalSeed,
  invoicesSeed,
  // Last: every paid demo charge is on file by now.
  monthCloseSeed,
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

export {
  countRealMembers,
  DEMO_EMAIL_DOMAINS,
  demoConfigRefusal,
  demoSeedRefusal,
  SEED_MSG,
} from './refusal';
