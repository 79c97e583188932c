/**
 * The public pages of the app (/sobre-nos, /faq, /checkout, /login…: PRERENDERED_PATHS) answered
 * with their content already in the HTML (ADR 024), so they paint before the app's bundle arrives;
 * the app then adopts the markup (hydration) and goes on as the SPA it is.
 *
 * - The markup comes from the app's own components, rendered by the build's page renderer
 *   (dist/prerender/render-page.js, from src/client/prerender/render-page.tsx) with the club's
 *   current settings, and is kept in memory per page until the settings change (the settings service
 *   replaces its object on every update); a URL with a query string is rendered for its request,
 *   within a budget (QUERY_RENDERS_PER_SECOND).
 * - The page carries the state it was rendered from (the `settings.public` answer, "nobody signed
 *   in") as a JSON data block — not a script the CSP would have to allow — so the browser's first
 *   render is the same.
 * - Only anonymous visitors get it: a signed-in person gets the plain app page, whose guards and
 *   header know the session (the cookie decides: `Vary: Cookie`, revalidated every time).
 * - Without a renderer (a build that skipped it) or when a page cannot be rendered, the plain app
 *   page answers, as for every other path.
 */
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  PAGE_ASSETS_FILE,
  PAGE_RENDERER_FILE,
  PRERENDER_STATE_ID,
  PRERENDERED_PATHS,
  type PageAssets,
  type PageRenderer,
  type PrerenderState,
} from '../../shared/prerender';
import { resolveRequestAuth, SESSION_COOKIE } from '../auth/request-auth';
import { settingsOperations } from '../operations/settings';
import type { OperationContext } from '../operations/define';
import type { Services } from '../services';
import type { Settings } from '../../shared/content/settings-defaults';
import { escapeHtml } from './html';
import { readAppPage } from './landing';

/** The build's page renderer and the pages' assets, beside the client build (dist/prerender). */
export interface Prerender {
  renderer: PageRenderer;
  assets: PageAssets;
}

export async function loadPrerender(clientDir: string): Promise<Prerender | null> {
  const rendererFile = path.join(path.dirname(clientDir), PAGE_RENDERER_FILE);
  const assetsFile = path.join(path.dirname(clientDir), PAGE_ASSETS_FILE);
  if (!fs.existsSync(rendererFile) || !fs.existsSync(assetsFile)) return null;
  return {
    renderer: (await import(pathToFileURL(rendererFile).href)) as PageRenderer,
    assets: JSON.parse(fs.readFileSync(assetsFile, 'utf8')) as PageAssets,
  };
}

/** A served page and its compressed copies (pages are small and kept: compressed once). */
interface Answer {
  prerendered: boolean;
  html: string;
  br: Buffer;
  gzip: Buffer;
}

/** Compressed hard once for a page that is kept, quickly for one that is not (each costs CPU). */
function answer(html: string, prerendered: boolean, kept = true): Answer {
  const data = Buffer.from(html);
  return {
    prerendered,
    html,
    br: brotliCompressSync(data, {
      params: {
        [zlibConstants.BROTLI_PARAM_QUALITY]: kept ? 9 : 4,
        [zlibConstants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    }),
    gzip: gzipSync(data, { level: kept ? 9 : 4 }),
  };
}

/** Marks a page rendered for its URL: the service worker does not keep it as the app's shell. */
export const PRERENDERED_HEADER = 'x-prerendered';

function send(request: FastifyRequest, reply: FastifyReply, page: Answer) {
  reply.type('text/html; charset=utf-8').header('vary', 'cookie, accept-encoding');
  if (page.prerendered) reply.header(PRERENDERED_HEADER, '1');
  const accepted = request.headers['accept-encoding'] ?? '';
  if (/\bbr\b/.test(accepted)) return reply.header('content-encoding', 'br').send(page.br);
  if (/\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(page.gzip);
  return reply.send(page.html);
}

/** JSON inside <script type="application/json">: nothing in it may close the element. */
const jsonForHtml = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/**
 * The app page with a rendered page in its root:
 * - the title replaces the app's;
 * - the route's CSS is linked in the <head>, so the markup is styled at its first paint;
 * - the app's <script> and module preloads give way to the starter (boot.ts), which fetches the
 *   same modules, and the route's, once the page has painted;
 * - React's resource hints (the leading <link>s of its markup) go to the <head>;
 * - the state the page was rendered from follows the root.
 */
export function fillAppPage(
  appPage: string,
  rendered: { html: string; title: string },
  state: PrerenderState,
  assets: PageAssets,
  route: string,
): string {
  const page = assets.pages[route] ?? { css: [], js: [] };
  const hints = /^(?:<link [^>]*>)*/.exec(rendered.html)?.[0] ?? '';
  const preload = [...assets.entryImports, ...page.js].join(' ');
  const head = [
    ...page.css.map((href) => `<link rel="stylesheet" crossorigin href="${escapeHtml(href)}">`),
    `<script type="module" crossorigin src="${escapeHtml(assets.boot)}" id="app-boot"` +
      ` data-entry="${escapeHtml(assets.entry)}" data-preload="${escapeHtml(preload)}"` +
      ` data-stages="${escapeHtml(assets.entryStages.join(' '))}"></script>`,
    hints,
  ].join('');
  const data = `<script type="application/json" id="${PRERENDER_STATE_ID}">${jsonForHtml(state)}</script>`;
  // Replacements as functions: the inserted text may hold `$&`, `$'`… (the settings are free text).
  return appPage
    .replace(/<script type="module"[^>]*><\/script>\s*/g, '')
    .replace(/<link rel="modulepreload"[^>]*>\s*/g, '')
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(rendered.title)}</title>`)
    .replace('</head>', () => `${head}</head>`)
    .replace(
      '<div id="root"></div>',
      () => `<div id="root">${rendered.html.slice(hints.length)}</div>${data}`,
    );
}

/**
 * A URL with a query string (the checkout's prefill, a referral code) is rendered for its request
 * and not kept: anyone can make up query strings, and a store of them would grow or be churned by
 * whoever sends the most. Each costs a render and a compression, so at most this many a second are
 * made; beyond, the plain app page answers — it works the same and only paints later.
 */
export const QUERY_RENDERS_PER_SECOND = 20;

export function registerPrerenderedPages(
  app: FastifyInstance,
  { services, clientDir, prerender }: { services: Services; clientDir: string; prerender: Prerender | null },
): void {
  const appPage = readAppPage(clientDir, services.env);
  if (!appPage || !prerender) return;
  const { renderer, assets } = prerender;
  const plain = answer(appPage, false);
  let kept: { settings: Settings; pages: Map<string, Promise<Answer>> } | undefined;

  let queryRenders = { second: 0, count: 0 };
  const mayRenderQuery = () => {
    const second = Math.floor(Date.now() / 1000);
    if (queryRenders.second !== second) queryRenders = { second, count: 0 };
    queryRenders.count += 1;
    return queryRenders.count <= QUERY_RENDERS_PER_SECOND;
  };

  const render = async (route: string, url: string, keep: boolean): Promise<Answer> => {
    // The `settings.public` answer, as the browser would get it (the operation's own definition).
    const settings = settingsOperations.public.run({ services } as OperationContext<'public'>, undefined);
    const state: PrerenderState = { url, settings, me: null };
    try {
      const rendered = await renderer.renderPage(state);
      return rendered ? answer(fillAppPage(appPage, rendered, state, assets, route), true, keep) : plain;
    } catch (error) {
      app.log.error({ err: error, url }, 'pre-render failed: answering the app page');
      return plain;
    }
  };

  for (const route of PRERENDERED_PATHS) {
    app.get(route, async (request, reply) => {
      reply.header('cache-control', 'no-cache');
      const { user } = resolveRequestAuth(services.sessions, undefined, request.cookies[SESSION_COOKIE]);
      if (user) return send(request, reply, plain);
      if (request.url !== route) {
        return send(request, reply, mayRenderQuery() ? await render(route, request.url, false) : plain);
      }
      const current = services.settings.get();
      if (kept?.settings !== current) kept = { settings: current, pages: new Map() };
      let page = kept.pages.get(route);
      if (!page) {
        page = render(route, route, true);
        kept.pages.set(route, page);
      }
      return send(request, reply, await page);
    });
  }
}
