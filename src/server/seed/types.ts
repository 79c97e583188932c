/** The contract of a demo-seed module (`npm run seed:demo`). */
import type { Role } from '../../shared/roles';
import type { Services } from '../services';

/** A demo account, with the password printed at the end (it is a demo club). */
export interface DemoUser {
  id: string;
  name: string;
  email: string;
  role: Role;
  password: string;
  /** False when an earlier run had already created it (the seed skips what exists). */
  created: boolean;
}

/** Shared between modules, filled in order: later modules reference what earlier ones made. */
export interface SeedContext {
  /** Demo accounts by handle (`admin`, `mariana`, …), from the accounts module. */
  users: Record<string, DemoUser>;
  /** One line per module for the summary (e.g. "pagamentos: 6 criados, 0 já existiam"). */
  report(line: string): void;
}

/**
 * One step of the demo seed. `run` must be idempotent: a second `npm run seed:demo` skips what
 * exists instead of failing or duplicating.
 */
export interface SeedModule {
  name: string;
  run(services: Services, ctx: SeedContext): Promise<void> | void;
}
