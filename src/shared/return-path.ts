/**
 * Where a sign-in returns to (the page that asked for it): the `redirect` of /login. The value
 * comes from the address bar, so anyone can craft it: only a path of this site inside the areas a
 * sign-in opens (/admin, /user) is followed, never another origin ("//evil.example",
 * "/\\evil.example", "https://…"), a scheme ("javascript:") or a control character; anything else
 * is null and the person goes to their home as before.
 */

/** The areas behind a sign-in: the only places a sign-in returns to. */
const RETURN_AREAS = ['/admin', '/user'] as const;

/** Longer than any link the app makes (a list's filters included). */
const MAX_RETURN_PATH = 1000;

// Any origin will do: the check is that resolving the text against it keeps it.
const PROBE_ORIGIN = 'https://confraria.invalid';

export function safeReturnPath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_RETURN_PATH) return null;
  // A path, not a protocol-relative address; browsers read "\" as "/" and drop tabs and newlines.
  // eslint-disable-next-line no-control-regex
  if (!value.startsWith('/') || /[\\\u0000-\u001f\u007f\s]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, PROBE_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== PROBE_ORIGIN) return null;
  const inArea = RETURN_AREAS.some((area) => url.pathname === area || url.pathname.startsWith(`${area}/`));
  return inArea ? `${url.pathname}${url.search}${url.hash}` : null;
}
