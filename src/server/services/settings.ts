/**
 * The settings store: typed keys with defaults from the content module, overrides in the
 * `settings` table. Reads are served from memory (settings are read on hot paths such as the
 * checkout) and the cache is replaced on every write.
 */
import { sql } from 'drizzle-orm';
import {
  PUBLIC_SETTING_KEYS,
  SETTINGS_DEFAULTS,
  settingsSchema,
  type PublicSettings,
  type Settings,
} from '../../shared/content/settings-defaults';
import { settings as settingsTable } from '../db/schema';
import type { ServiceDeps } from './deps';

export function createSettingsService({ db, log }: ServiceDeps) {
  let cache: Settings | undefined;

  function load(): Settings {
    const merged: Record<string, unknown> = { ...SETTINGS_DEFAULTS };
    for (const row of db.select().from(settingsTable).all()) {
      if (!(row.key in SETTINGS_DEFAULTS)) continue;
      try {
        merged[row.key] = JSON.parse(row.value);
      } catch {
        log.warn({ key: row.key }, 'ignoring unreadable setting');
      }
    }
    const parsed = settingsSchema.safeParse(merged);
    if (parsed.success) return parsed.data;
    // A stored value that no longer validates falls back to its default rather than break the site.
    const repaired: Record<string, unknown> = { ...merged };
    for (const issue of parsed.error.issues) {
      const key = issue.path[0] as keyof Settings;
      log.warn({ key }, 'stored setting is invalid, using the default');
      repaired[key] = SETTINGS_DEFAULTS[key];
    }
    return settingsSchema.parse(repaired);
  }

  return {
    get(): Settings {
      cache ??= load();
      return cache;
    },

    getPublic(): PublicSettings {
      const all = this.get();
      return Object.fromEntries(PUBLIC_SETTING_KEYS.map((key) => [key, all[key]])) as PublicSettings;
    },

    /** Validates and stores the given keys; throws a ZodError on a bad value, changing nothing. */
    update(patch: Partial<Settings>): Settings {
      const next = settingsSchema.parse({ ...this.get(), ...patch });
      db.transaction((tx) => {
        for (const key of Object.keys(patch) as (keyof Settings)[]) {
          tx.insert(settingsTable)
            .values({ key, value: JSON.stringify(next[key]) })
            .onConflictDoUpdate({
              target: settingsTable.key,
              set: { value: JSON.stringify(next[key]), updatedAt: sql`(unixepoch('subsec') * 1000)` },
            })
            .run();
        }
      });
      cache = next;
      return next;
    },
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
