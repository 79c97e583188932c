/**
 * The club's public settings for the page components (loaded by the route loaders, see
 * `settings-loader.ts`), and the values the content modules' `{{placeholders}}` refer to.
 */
import { useMatch } from '@tanstack/react-router';
import {
  contentVars as textContentVars,
  publicSettingsText,
  type PublicSettings,
  type PublicSettingsText,
} from '../../../shared/public-settings';

/**
 * The settings of the page's route: every public route's loader gives them as its data (from the
 * query cache where the page has the data layer, from the served page's state where it has not,
 * ADR 055). Called from the page's own component or what it renders (the public frame).
 */
export function usePublicSettings(): PublicSettings {
  return useMatch({ strict: false, select: (match) => match.loaderData as PublicSettings });
}

/** The settings as the pages print them (formatted price, display phone, checkout link). */
export function usePublicSettingsText(): PublicSettingsText {
  return publicSettingsText(usePublicSettings());
}

/** Values the content modules' `{{placeholders}}` refer to. */
export function contentVars(settings: PublicSettings): Record<string, string> {
  return textContentVars(publicSettingsText(settings));
}
