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
 * preloading on intent); in the pre-rendered landing, which has no router, a plain link that
 * loads the page.
 */
export function SiteLink({
  to,
  ...rest
}: Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: SitePath }) {
  const router = useOptionalRouter();
  return router ? <Link to={to} {...rest} /> : <a href={to} {...rest} />;
}
