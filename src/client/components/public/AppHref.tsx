import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { useOptionalRouter } from './SiteLink';

/**
 * A link to an exact in-app URL (path and query as written, e.g. the spec's
 * `/checkout?name=Novo%20Assinante&email=&amount=149700`), navigated without a page reload.
 * Modified clicks (new tab, etc.) keep the browser's behaviour, and so does every click in the
 * pre-rendered landing, which has no router.
 */
export function AppHref({
  href,
  onClick,
  ...rest
}: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }) {
  const router = useOptionalRouter();
  function handleClick(event: MouseEvent<HTMLAnchorElement>) {
    onClick?.(event);
    if (
      !router ||
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    ) {
      return;
    }
    event.preventDefault();
    void router.navigate({ href });
  }
  return <a href={href} onClick={handleClick} {...rest} />;
}
