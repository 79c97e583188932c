/**
 * The request path as the router sees it, before any hook looks at it. The router decodes
 * percent-escapes in the path (`/%61pi/auth/login` reaches the `/api/auth/login` route), while the
 * app's own checks (session, Origin, tRPC names, rate limits, headers) read `request.url`: a path
 * spelled with escapes must not reach a route without them. Fastify's `rewriteUrl` runs before
 * routing, so every hook and the route see one spelling.
 *
 * Escapes of unreserved characters (letters, digits, `-._~`) mean the same as the characters
 * themselves (RFC 3986 §6.2.2.2) and are decoded; every other escape stays as it was (the router
 * keeps reserved ones such as `%2F` encoded, and the rest cannot spell `/api` or `/trpc`).
 */
const ESCAPE = /%([0-9A-Fa-f]{2})/g;
const UNRESERVED = /^[A-Za-z0-9\-._~]$/;

function decodeUnreserved(path: string): string {
  return path.replace(ESCAPE, (escape: string, hex: string) => {
    const char = String.fromCharCode(parseInt(hex, 16));
    return UNRESERVED.test(char) ? char : escape;
  });
}

/** `url` with its path (before `?` or `#`) normalised; the query is left exactly as sent. */
export function normalizedUrl(url: string): string {
  if (!url.includes('%')) return url;
  const end = url.search(/[?#]/);
  const path = end === -1 ? url : url.slice(0, end);
  const rest = end === -1 ? '' : url.slice(end);
  return decodeUnreserved(path) + rest;
}
