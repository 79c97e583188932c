/**
 * Every procedure the SPA can call, with what its policy declares: the access level, its kind and
 * whether it asks for a step-up. Tests that check a rule on every operation of a kind list them here.
 */
import type { Access } from '../src/server/operations/define';
import type { Meta } from '../src/server/operations/procedure';
import { procedures } from '../src/server/operations/procedures';

export interface ProcedureFacts {
  domain: string;
  name: string;
  access: Access;
  kind: 'query' | 'mutation';
  stepUp: boolean;
}

export function spaProcedures(): ProcedureFacts[] {
  const facts: ProcedureFacts[] = [];
  for (const [domain, group] of Object.entries(procedures)) {
    for (const [name, procedure] of Object.entries(group)) {
      const def = procedure._def as { type: 'query' | 'mutation'; meta?: Meta };
      const meta = def.meta ?? {};
      facts.push({
        domain,
        name,
        access: meta.access ?? 'public',
        kind: def.type,
        stepUp: Boolean(meta.stepUp),
      });
    }
  }
  return facts;
}
