/**
 * The settings store: typed keys with defaults from the content module, overrides in the
 * `settings` table. Reads are served from memory (settings are read on hot paths such as the
 * checkout) and the cache is replaced on every write.
 *
 * The PIX key is checked with its type (a key may read as a CPF and as a phone): a save that
 * touches either is refused in Portuguese unless the pair resolves, and stores both normalised. A
 * stored key that fails is kept as it is and reported (`pixKey()`), never replaced by the default:
 * a BR Code must carry the owner's key or none (docs/decisions/031-pix-key-readings.md).
 */
import { sql } from 'drizzle-orm';
import {
  PUBLIC_SETTING_KEYS,
  SETTINGS_DEFAULTS,
  SETTINGS_MSG,
  settingsSchema,
  type PublicSettings,
  type Settings,
} from '../../shared/content/settings-defaults';
import { normalizePixKey, type PixKeyResult } from '../../shared/pix-key';
import { taxIdKind } from '../../shared/tax-id';
import { settings as settingsTable } from '../db/schema';
import { AppError } from '../lib/errors';
import type { ServiceDeps } from '../lib/deps';

/** The PIX key setting with its type, as stored or as a save would leave it. */
export function resolvePixKeySetting(settings: Pick<Settings, 'pixKey' | 'pixKeyType'>): PixKeyResult {
  return normalizePixKey(settings.pixKey, settings.pixKeyType);
}

/** What a stored value that no longer validates becomes: its default, except the PIX key's pair. */
function repairedValue(key: keyof Settings): unknown {
  // An empty key is reported as missing; the default would silently send payers elsewhere.
  if (key === 'pixKey') return '';
  if (key === 'pixKeyType') return null;
  return SETTINGS_DEFAULTS[key];
}

/** The store's dependencies and the settings it serves from memory (replaced on every write). */
interface SettingsContext {
  db: ServiceDeps['db'];
  log: ServiceDeps['log'];
  cache: Settings | undefined;
}

/** A stored key that does not resolve is kept, and said once per load (never the key itself). */
function warnOfPixKey(log: ServiceDeps['log'], loaded: Settings): Settings {
  const pix = resolvePixKeySetting(loaded);
  if (!pix.ok) log.warn({ reason: pix.message }, 'stored PIX key does not resolve: no BR Code until fixed');
  return loaded;
}

function load({ db, log }: SettingsContext): Settings {
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
  if (parsed.success) return warnOfPixKey(log, parsed.data);
  // A stored value that no longer validates falls back to its default rather than break the site.
  const repaired: Record<string, unknown> = { ...merged };
  for (const issue of parsed.error.issues) {
    const key = issue.path[0] as keyof Settings;
    log.warn({ key }, 'stored setting is invalid, using the default');
    repaired[key] = repairedValue(key);
  }
  return warnOfPixKey(log, settingsSchema.parse(repaired));
}

function get(ctx: SettingsContext): Settings {
  ctx.cache ??= load(ctx);
  return ctx.cache;
}

function getPublic(ctx: SettingsContext): PublicSettings {
  const all = get(ctx);
  return Object.fromEntries(PUBLIC_SETTING_KEYS.map((key) => [key, all[key]])) as PublicSettings;
}

/** Writes the given keys of `next` in one transaction. */
function store({ db }: SettingsContext, keys: (keyof Settings)[], next: Settings) {
  db.transaction((tx) => {
    for (const key of new Set(keys)) {
      tx.insert(settingsTable)
        .values({ key, value: JSON.stringify(next[key]) })
        .onConflictDoUpdate({
          target: settingsTable.key,
          set: { value: JSON.stringify(next[key]), updatedAt: sql`(unixepoch('subsec') * 1000)` },
        })
        .run();
    }
  });
}

/** Validates and stores the given keys; throws a ZodError on a bad value, changing nothing. */
function update(ctx: SettingsContext, patch: Partial<Settings>): Settings {
  const touchesPixKey = patch.pixKey !== undefined || patch.pixKeyType !== undefined;
  // A new key is read afresh: the type chosen for the old one says nothing about it.
  const typeReset = patch.pixKey !== undefined && patch.pixKeyType === undefined ? { pixKeyType: null } : {};
  const next = settingsSchema.parse({ ...get(ctx), ...typeReset, ...patch });
  const keys = Object.keys(patch) as (keyof Settings)[];
  if (touchesPixKey) {
    const pix = resolvePixKeySetting(next);
    if (!pix.ok) throw new AppError('BAD_REQUEST', pix.message);
    next.pixKey = pix.key;
    next.pixKeyType = pix.type;
    keys.push('pixKey', 'pixKeyType');
  }
  // The invoice provider issues every NFS-e in the name of the club's CNPJ: on without one, each
  // invoice would be refused with no warning (docs/product/service-invoices.md).
  const touchesInvoices = patch.serviceInvoices !== undefined || patch.clubTaxId !== undefined;
  if (touchesInvoices && next.serviceInvoices && taxIdKind(next.clubTaxId) !== 'cnpj') {
    throw new AppError('BAD_REQUEST', SETTINGS_MSG.serviceInvoicesNeedCnpj);
  }
  store(ctx, keys, next);
  ctx.cache = next;
  return next;
}

export function createSettingsService({ db, log }: ServiceDeps) {
  const ctx: SettingsContext = { db, log, cache: undefined };
  return {
    get: (): Settings => get(ctx),
    getPublic: (): PublicSettings => getPublic(ctx),
    /** The PIX key BR Codes may carry, or why there is none (shown on the settings screen). */
    pixKey: (): PixKeyResult => resolvePixKeySetting(get(ctx)),
    update: (patch: Partial<Settings>): Settings => update(ctx, patch),
  };
}

export type SettingsService = ReturnType<typeof createSettingsService>;
