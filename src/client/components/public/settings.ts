/**
 * The club's public settings (name, contacts, social links, price) for the public pages: read from
 * the settings store through `settings.public`, prefetched by each page's loader
 * (`settings-loader.ts`) so the first paint already shows them. When the API cannot be reached
 * (offline, from the service worker's shell) the defaults module stands in.
 */
import {
  PUBLIC_SETTING_KEYS,
  SETTINGS_DEFAULTS,
  type PublicSettings,
} from '../../../shared/content/settings-defaults';
import { MONTHLY_PLAN_PRICE_CENTS } from '../../../shared/content/site';
import { formatMoney } from '../../../shared/format';
import { trpc } from '../../lib/trpc';
import { PUBLIC_SETTINGS_STALE_MS } from './settings-loader';

const FALLBACK = Object.fromEntries(PUBLIC_SETTING_KEYS.map((key) => [key, SETTINGS_DEFAULTS[key]])) as PublicSettings;

export function usePublicSettings(): PublicSettings {
  const { data } = trpc.settings.public.useQuery(undefined, { staleTime: PUBLIC_SETTINGS_STALE_MS });
  return data ?? FALLBACK;
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
