/**
 * The public pages the server answers with their markup already in (ADR 024): rendered by the
 * app's own components (src/client/prerender/render-page.tsx, built by scripts/prerender-landing.ts)
 * and taken over by the app in the browser (src/client/main.tsx). `/` is the landing (ADR 006).
 */
export const PRERENDERED_PATHS = [
  '/sobre-nos',
  '/contato',
  '/faq',
  '/termos',
  '/privacidade',
  '/checkout',
  '/login',
  '/register',
  '/signup',
] as const;

/** Id of the `<script type="application/json">` (data, not run: the CSP allows it) with the state. */
export const PRERENDER_STATE_ID = 'prerender-state';

/** The built renderer, relative to the client build's parent (dist/): kept for the server. */
export const PAGE_RENDERER_FILE = 'prerender/render-page.js';

/** Beside the renderer: which files of the client build the pre-rendered pages name. */
export const PAGE_ASSETS_FILE = 'prerender/page-assets.json';

/** Paths in the client build (`/assets/…`). */
export interface PageAssets {
  /** The starter that loads the app after the first paint (src/client/prerender/boot.ts). */
  boot: string;
  /** The app's entry and the modules it imports. */
  entry: string;
  entryImports: string[];
  /** The largest of those, run one per task before the entry (boot.ts). */
  entryStages: string[];
  /** Per pre-rendered path: its route's own CSS and code, beyond the entry's. */
  pages: Record<string, { css: string[]; js: string[] }>;
}

/**
 * What the page was rendered from, handed to the app so its first render is the same: the
 * answers of `settings.public` and `auth.me` as the server had them, and the URL.
 */
export interface PrerenderState {
  url: string;
  settings: unknown;
  me: null;
}

/** The built renderer's interface (the server loads it with a dynamic import). */
export interface PageRenderer {
  /** The page's markup for `#root` and its tab title, or null when the app must decide (a redirect). */
  renderPage(state: PrerenderState): Promise<{ html: string; title: string } | null>;
}
