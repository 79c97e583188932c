/**
 * The whole document of a page the server renders (ADR 040), in React: the site's head tags
 * (document-head.ts, which the app's index.html gets too), the page's CSS, the starter that loads
 * the app after the first paint (boot.ts), the app in `#root` — the part the browser hydrates — and the
 * router's hydration data (`<Scripts />`: the router's and the query cache's dehydrated state).
 * The page's `<title>` comes from the page itself (React 19 puts it in the head). The static pages
 * (STATIC_PATHS: the landing, the content pages) are not hydrated: their document loads their own
 * small script instead of the app, and no router state.
 */
import { RouterContextProvider, Scripts, type AnyRouter } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { STATIC_PATHS, TEST_MODE_TEXT, type PageAssets } from '../../shared/prerender';
import { HEAD_TAGS } from '../document-head';

export function Document({
  router,
  assets,
  route,
  testMode,
  children,
}: {
  router: AnyRouter;
  assets: PageAssets;
  route: string;
  testMode: boolean;
  children: ReactNode;
}) {
  const hydrated = !STATIC_PATHS.has(route);
  const page = assets.pages[route] ?? { css: [], js: [] };
  const css = [...new Set([...(hydrated ? assets.entryCss : assets.staticPage.css), ...page.css])];
  return (
    <html lang="pt-BR">
      <head>
        {HEAD_TAGS.map(({ tag: Tag, attrs: { charset, ...attrs } }) => (
          // React spells `charset` as `charSet`.
          <Tag key={JSON.stringify(attrs)} {...attrs} {...(charset ? { charSet: charset } : {})} />
        ))}
        {css.map((href) => (
          <link key={href} rel="stylesheet" crossOrigin="" href={href} />
        ))}
        {!hydrated ? (
          <script type="module" crossOrigin="" src={assets.staticPage.js} />
        ) : (
          <script
            type="module"
            crossOrigin=""
            src={assets.boot}
            id="app-boot"
            data-entry={assets.entry}
            data-preload={[...assets.entryImports, ...page.js].join(' ')}
            data-stages={assets.entryStages.join(' ')}
          />
        )}
      </head>
      <body>
        {testMode && (
          <div className="test-mode-banner" role="note">
            {TEST_MODE_TEXT}
          </div>
        )}
        <div id="root">{children}</div>
        {hydrated && (
          <RouterContextProvider router={router}>
            <Scripts />
          </RouterContextProvider>
        )}
      </body>
    </html>
  );
}
