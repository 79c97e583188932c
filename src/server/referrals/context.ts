/** What the referral programme is built from: the shared dependencies and its statements, prepared once. */
import type { ServiceDeps } from '../lib/deps';
import { prepareCommissionStatements, type CommissionStatements } from './commissions';
import { prepareSummaryStatements, type SummaryStatements } from './member-summary';

export type ReferralsContext = ServiceDeps & {
  summaryStatements: SummaryStatements;
  commissionStatements: CommissionStatements;
};

export function createReferralsContext(deps: ServiceDeps): ReferralsContext {
  return {
    ...deps,
    summaryStatements: prepareSummaryStatements(deps.db),
    commissionStatements: prepareCommissionStatements(deps.db),
  };
}
