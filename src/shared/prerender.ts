/**
 * The public pages the server renders for anonymous visitors (ADR 040): rendered by the app's own
 * route tree through TanStack Router's server entry points (src/client/prerender/render-page.tsx,
 * built by scripts/build-page-renderer.ts) and hydrated by the app in the browser (src/client/main.tsx),
 * except the landing and the content pages, which stay pages without the app (STATIC_PATHS).
 */
export const PRERENDERED_PATHS = [
  '/',
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

/** The landing (a signed-in visitor is sent to their area instead). */
export const LANDING_PATH = '/';

/** Marks a page rendered for its URL: the service worker does not keep it as the app's document. */
export const PRERENDERED_HEADER = 'x-prerendered';

/**
 * The pages rendered like the others but not hydrated: their document loads the small script of
 * the static pages (src/client/static-page/enhance.ts: phone menu, install banner, the landing's
 * carousel, the FAQ's categories and search) instead of the app, so their first load stays light
 * (ADR 006's budget for the landing, ADR 040's 100 KB for the content pages).
 */
export const STATIC_PATHS: ReadonlySet<string> = new Set<(typeof PRERENDERED_PATHS)[number]>([
  LANDING_PATH,
  '/sobre-nos',
  '/faq',
  '/termos',
  '/privacidade',
]);

/** The built renderer, relative to the client build's parent (dist/): kept for the server. */
export const PAGE_RENDERER_FILE = 'prerender/render-page.js';

/** Beside the renderer: which files of the client build the rendered pages name. */
export const PAGE_ASSETS_FILE = 'prerender/page-assets.json';

/** Paths in the client build (`/assets/…`). */
export interface PageAssets {
  /** The starter that loads the app after the first paint (src/client/prerender/boot.ts). */
  boot: string;
  /** The app's entry, its CSS and the modules it imports. */
  entry: string;
  entryCss: string[];
  entryImports: string[];
  /** The largest of those, run one per task before the entry (boot.ts). */
  entryStages: string[];
  /** The static pages' own script and CSS, in place of the app's (STATIC_PATHS). */
  staticPage: { js: string; css: string[] };
  /** Per rendered path: its route's own CSS and code, beyond the entry's. */
  pages: Record<string, { css: string[]; js: string[] }>;
}

/** What the server renders a page from. */
export interface PageRequest {
  /** Path and query string, as requested. */
  url: string;
  /** The route of PRERENDERED_PATHS it is (its assets). */
  route: string;
  /** The `settings.public` answer, as the browser would get it. */
  settings: unknown;
  /** The sandbox payment provider is active: the page shows the test-mode banner. */
  testMode: boolean;
  assets: PageAssets;
}

/** The built renderer's interface (the server loads it with a dynamic import). */
export interface PageRenderer {
  /**
   * The whole document, or null when the app must decide (the router answered a redirect, a
   * not-found or an error).
   */
  renderPage(request: PageRequest): Promise<string | null>;
}

/** The note shown at the top of every page while the sandbox payment provider is active. */
export const TEST_MODE_TEXT = 'Modo de teste: pagamentos simulados, nenhuma cobrança real.';
