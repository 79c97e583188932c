/**
 * The club's public settings for the page components (loaded by the route loaders, see
 * `settings-loader.ts`), and the values the content modules' `{{placeholders}}` refer to.
 */
import {
  contentVars as textContentVars,
  publicSettingsText,
  type PublicSettings,
  type PublicSettingsText,
} from '../../../shared/public-settings';
import { trpc } from '../../lib/trpc';
import { PUBLIC_SETTINGS_STALE_MS } from './settings-loader';

/** Always defined: every public route's loader has put the settings in the cache. */
export function usePublicSettings(): PublicSettings {
  const [settings] = trpc.settings.public.useSuspenseQuery(undefined, {
    staleTime: PUBLIC_SETTINGS_STALE_MS,
  });
  return settings;
}

/** The settings as the pages print them (formatted price, display phone, checkout link). */
export function usePublicSettingsText(): PublicSettingsText {
  return publicSettingsText(usePublicSettings());
}

/** Values the content modules' `{{placeholders}}` refer to. */
export function contentVars(settings: PublicSettings): Record<string, string> {
  return textContentVars(publicSettingsText(settings));
}
