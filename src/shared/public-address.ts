/**
 * Whether the club's address (PUBLIC_URL) is reachable by the world, as opposed to a developer's
 * machine: localhost, the loopback addresses and `.local` / `.localhost` names are not public.
 * Used to warn an admin without two-factor sign-in only where it matters.
 */
export function isPublicAddress(url: string): boolean {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase().replace(/^\[|\]$/g, '');
  } catch {
    return false;
  }
  if (host === 'localhost' || host === '::1' || host === '0.0.0.0') return false;
  if (/^127(\.\d{1,3}){3}$/.test(host)) return false;
  return !host.endsWith('.local') && !host.endsWith('.localhost');
}
