/**
 * The club's public settings (name, contacts, social links, price) for the public pages, loaded by
 * each page's route loader so the first paint already shows them. The last answer is also kept in
 * localStorage: opened offline from the service worker's shell, a page shows the values the visitor
 * last saw. (No defaults are bundled here: that would ship the settings' zod schema with the landing.)
 *
 * Kept apart from the page components so the router's entry chunk carries only this small module.
 */
import type { DataLayerSource } from '../../lib/data-layer';
import type { TrpcUtils } from '../../lib/trpc';

/** The answer of `settings.public`: the public settings and the checkout's card tokenizer. */
type PublicSettingsAnswer = Awaited<ReturnType<TrpcUtils['settings']['public']['fetch']>>;

/** How long the public settings are fresh (they change only from the admin's settings screen). */
export const PUBLIC_SETTINGS_STALE_MS = 5 * 60_000;
const STORAGE_KEY = 'confraria:public-settings';

function remember(settings: PublicSettingsAnswer) {
  try {
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify(settings));
  } catch {
    // No storage (private mode): only the offline fallback is lost.
  }
}

function recall(): PublicSettingsAnswer | null {
  try {
    const raw = window.localStorage.getItem(STORAGE_KEY);
    return raw ? (JSON.parse(raw) as PublicSettingsAnswer) : null;
  } catch {
    return null;
  }
}

/**
 * Route loader of the public pages: fetches (or recalls, offline) the settings into the query cache,
 * and gives them as the route's data, which the page reads (`usePublicSettings`) and a served page
 * carries in its router state (the pages without the data layer have no query cache, ADR 055).
 */
export async function loadPublicSettings(context: {
  dataLayer: DataLayerSource;
}): Promise<PublicSettingsAnswer> {
  const { trpc } = await context.dataLayer.load();
  try {
    const settings = await trpc.settings.public.ensureData(undefined, {
      staleTime: PUBLIC_SETTINGS_STALE_MS,
    });
    remember(settings);
    return settings;
  } catch (error) {
    const cached = recall();
    if (!cached) throw error;
    trpc.settings.public.setData(undefined, cached);
    return cached;
  }
}
