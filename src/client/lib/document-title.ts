import { useEffect } from 'react';

const SITE_NAME = 'Confraria Vinhos & Amigos';

/** The tab title of a page: "Página · Confraria Vinhos & Amigos". */
export function documentTitle(title?: string): string {
  return title ? `${title} · ${SITE_NAME}` : SITE_NAME;
}

/**
 * The title the pre-render (src/client/prerender/render-page.tsx) puts in the page's <title>:
 * effects do not run on the server, so the hook records it while rendering there. The outermost
 * caller wins, as in the browser, where the outer component's effect runs last.
 */
let renderedTitle: string | undefined;
export function takeRenderedTitle(): string | undefined {
  const title = renderedTitle;
  renderedTitle = undefined;
  return title;
}

/** Sets the tab title for the current page: "Página · Confraria Vinhos & Amigos". */
export function useDocumentTitle(title?: string) {
  if (typeof document === 'undefined') renderedTitle ??= documentTitle(title);
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
}
