/**
 * A write SQLite refused because there is no room: the disk of the data folder is full (ENOSPC,
 * reported by SQLite as SQLITE_FULL), or the database reached its page limit. Drizzle wraps the
 * driver's error, so the whole `cause` chain is looked at.
 */
const OUT_OF_SPACE_CODES = new Set(['SQLITE_FULL']);

export function isOutOfSpace(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && OUT_OF_SPACE_CODES.has(code)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
