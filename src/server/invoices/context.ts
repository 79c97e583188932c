/** What the invoice queue is built from, by name. */
import type { ServiceDeps } from '../lib/deps';
import type { SettingsService } from '../settings/settings';
import { createInvoiceProvider, type InvoiceProvider } from './providers';

export interface InvoicesContext extends ServiceDeps {
  settings: Pick<SettingsService, 'get'>;
  /** Null when invoices are off (no provider configured). */
  provider: InvoiceProvider | null;
}

export function createInvoicesContext(deps: ServiceDeps & { settings: SettingsService }): InvoicesContext {
  return { ...deps, provider: createInvoiceProvider(deps.env) };
}
