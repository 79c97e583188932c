import { Link, useRouter } from '@tanstack/react-router';
import type { AnchorHTMLAttributes } from 'react';

/** The router, or undefined where there is none: the landing is pre-rendered without one. */
export function useOptionalRouter(): ReturnType<typeof useRouter> | undefined {
  return useRouter({ warn: false }) as ReturnType<typeof useRouter> | undefined;
}

/** The public pages the site's frame links to. */
export type SitePath = '/' | '/sobre-nos' | '/faq' | '/contato' | '/login' | '/termos' | '/privacidade';

/**
 * A link of the public pages. Inside the app it is the router's Link (client-side navigation,
 * preloading on intent), except to / — the pre-rendered landing is a document of its own, so it
 * is loaded as one (ADR 006). In the pre-rendered landing, which has no router, a plain link.
 */
export function SiteLink({
  to,
  ...rest
}: Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: SitePath }) {
  const router = useOptionalRouter();
  if (!router) return <a href={to} {...rest} />;
  return <Link to={to} reloadDocument={to === '/'} {...rest} />;
}
