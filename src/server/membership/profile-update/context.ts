/** The wizard's context: its dependencies plus the lookups in flight (lookup-requests.ts). */
import type { ProfileUpdateDeps, WizardDeps } from './deps';
import { createLookupRequests } from './lookup-requests';

export function createWizardContext(deps: ProfileUpdateDeps): WizardDeps {
  return { ...deps, lookups: createLookupRequests(deps.clock) };
}
