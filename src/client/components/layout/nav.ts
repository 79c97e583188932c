/** The section whose path is the current one or a parent of it (e.g. a subscriber's detail page). */
export function currentSection<T extends { to: string }>(
  items: readonly T[],
  pathname: string,
): T | undefined {
  return items.find((item) => pathname === item.to || pathname.startsWith(`${item.to}/`));
}
