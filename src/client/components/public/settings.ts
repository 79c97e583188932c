/**
 * The club's public settings for the page components (loaded by the route loaders, see
 * `settings-loader.ts`), and the values the content modules' `{{placeholders}}` refer to.
 */
import type { PublicSettings } from '../../../shared/content/settings-defaults';
import { MONTHLY_PLAN_PRICE_CENTS } from '../../../shared/content/site';
import { formatMoney } from '../../../shared/format';
import { trpc } from '../../lib/trpc';
import { PUBLIC_SETTINGS_STALE_MS } from './settings-loader';

/** Always defined: every public route's loader has put the settings in the cache. */
export function usePublicSettings(): PublicSettings {
  const [settings] = trpc.settings.public.useSuspenseQuery(undefined, {
    staleTime: PUBLIC_SETTINGS_STALE_MS,
  });
  return settings;
}

/** Values the content modules' `{{placeholders}}` refer to. */
export function contentVars(settings: PublicSettings): Record<string, string> {
  return {
    clubName: settings.clubName,
    contactEmail: settings.contactEmail,
    priceAnnual: formatMoney(settings.priceAnnual),
    monthlyPrice: formatMoney(MONTHLY_PLAN_PRICE_CENTS),
  };
}
