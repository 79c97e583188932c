const SITE_NAME = 'Confraria Vinhos & Amigos';

/** The tab title of a page: "Página · Confraria Vinhos & Amigos". */
export function documentTitle(title?: string): string {
  return title ? `${title} · ${SITE_NAME}` : SITE_NAME;
}

/**
 * The page's tab title, as React 19 renders it: a `<title>` anywhere in the tree goes to the
 * document's <head>, both when the server renders the page (ADR 040) and in the browser, where it
 * goes before index.html's own title (so it is the one the tab shows) and leaves with the page.
 */
export function DocumentTitle({ title }: { title?: string }) {
  return <title>{documentTitle(title)}</title>;
}
