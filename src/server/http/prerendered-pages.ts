/**
 * The public pages (/, /sobre-nos, /faq, /checkout, /login…: PRERENDERED_PATHS) answered with their
 * content already in the HTML (ADR 040, after ADR 024 and ADR 006), so they paint before any
 * script arrives; the app then hydrates them and goes on as the SPA it is — except the static pages
 * (the landing and the content pages: STATIC_PATHS), which load only their own small script.
 *
 * - The document comes from the build's page renderer (dist/prerender/render-page.js, from
 *   src/client/prerender/render-page.tsx: TanStack Router's request handler and React), with the
 *   club's current settings, and is kept in memory per page until the settings change (the
 *   settings service replaces its object on every update); a URL with a query string is rendered
 *   for its request, within a budget (QUERY_RENDERS_PER_SECOND).
 * - The router's hydration data are inline scripts: each page's answer has the pages' CSP with
 *   those scripts' hashes (found once per kept page), and no other inline script is allowed
 *   (ADR 010: hashes rather than a nonce, so a page can be kept and compressed once).
 * - Only anonymous visitors get it: a signed-in person gets the plain app page, whose guards and
 *   header know the session, or at / a redirect to the home of their role (docs/product/decisions.md
 *   §2) — the cookie decides: `Vary: Cookie`, revalidated every time.
 * - Without a renderer (a build that skipped it) or when a page cannot be rendered, the plain app
 *   page answers, as for every other path.
 */
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  LANDING_PATH,
  PAGE_ASSETS_FILE,
  PAGE_RENDERER_FILE,
  PRERENDERED_HEADER,
  PRERENDERED_PATHS,
  type PageAssets,
  type PageRenderer,
} from '../../shared/prerender';
import { loadOnce } from '../../shared/load-once';
import { HOME_BY_ROLE } from '../../shared/roles';
import { saoPauloWallClock } from '../../shared/sao-paulo-time';
import { resolveRequestAuth, SESSION_COOKIE } from '../identity/request-auth';
import { publicSettings } from '../settings/operations/settings';
import type { Services } from '../services';
import type { Settings } from '../../shared/content/settings-defaults';
import { readAppPage } from './app-page';
import { applySecurityHeaders, pageHeadersAllowing, type SecurityHeaders } from './security-headers';

/** The build's page renderer and the pages' assets, beside the client build (dist/prerender). */
export interface Prerender {
  /** The renderer, imported with the first page to render and then held. */
  renderer: () => Promise<PageRenderer>;
  assets: PageAssets;
}

/**
 * The build's renderer, if there is one. It is imported with the first page a visitor asks for,
 * not with the server: with React DOM's server build it is ~22 MB of memory that a server whose
 * pages nobody reads never needs (docs/performance.md, "Memory of the server"). A failed import is
 * not remembered: that page answers the app's page and the next one tries again.
 */
export function findPrerender(clientDir: string): Prerender | null {
  const rendererFile = path.join(path.dirname(clientDir), PAGE_RENDERER_FILE);
  const assetsFile = path.join(path.dirname(clientDir), PAGE_ASSETS_FILE);
  if (!fs.existsSync(rendererFile) || !fs.existsSync(assetsFile)) return null;
  return {
    renderer: loadOnce(() => import(pathToFileURL(rendererFile).href) as Promise<PageRenderer>),
    assets: JSON.parse(fs.readFileSync(assetsFile, 'utf8')) as PageAssets,
  };
}

/** A served page, its compressed copies (pages are small and kept: compressed once), its CSP. */
interface Answer {
  /** The security headers whose CSP allows the page's own inline scripts; none for the app page. */
  headers: SecurityHeaders | null;
  html: string;
  br: Buffer;
  gzip: Buffer;
}

/** Compressed hard once for a page that is kept, quickly for one that is not (each costs CPU). */
function answer(html: string, headers: SecurityHeaders | null, kept = true): Answer {
  const data = Buffer.from(html);
  return {
    headers,
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

/**
 * The SHA-256 (base64) of each inline script of a rendered document, for its CSP. Only read:
 * React writes `<script>` elements, and the router's serializer escapes `</script` inside them.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes = '', body = ''] of html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/g)) {
    if (/\ssrc=/.test(attributes)) continue;
    hashes.add(createHash('sha256').update(body).digest('base64'));
  }
  return [...hashes];
}

function send(request: FastifyRequest, reply: FastifyReply, page: Answer) {
  reply.type('text/html; charset=utf-8').header('vary', 'cookie, accept-encoding');
  if (page.headers) {
    applySecurityHeaders(page.headers, reply);
    reply.header(PRERENDERED_HEADER, '1');
  }
  const accepted = request.headers['accept-encoding'] ?? '';
  if (/\bbr\b/.test(accepted)) return reply.header('content-encoding', 'br').send(page.br);
  if (/\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(page.gzip);
  return reply.send(page.html);
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
  const plain = answer(appPage, null);
  const testMode = services.env.paymentProvider === 'sandbox';
  // Kept until the settings object changes or São Paulo's day turns: the footer prints the year,
  // the terms and privacy pages the day's date, and the static pages are not redrawn in the browser.
  let kept: { settings: Settings; day: string; pages: Map<string, Promise<Answer>> } | undefined;

  let queryRenders = { second: 0, count: 0 };
  const mayRenderQuery = () => {
    const second = Math.floor(Date.now() / 1000);
    if (queryRenders.second !== second) queryRenders = { second, count: 0 };
    queryRenders.count += 1;
    return queryRenders.count <= QUERY_RENDERS_PER_SECOND;
  };

  const render = async (route: string, url: string, keep: boolean): Promise<Answer> => {
    // The `settings.public` answer, as the browser would get it.
    const settings = publicSettings(services);
    try {
      const html = await (await renderer()).renderPage({ url, route, settings, testMode, assets });
      if (!html) return plain;
      return answer(html, pageHeadersAllowing(services.env, inlineScriptHashes(html)), keep);
    } catch (error) {
      app.log.error({ err: error, url }, 'server render failed: answering the app page');
      return plain;
    }
  };

  for (const route of PRERENDERED_PATHS) {
    app.get(route, async (request, reply) => {
      reply.header('cache-control', 'no-cache');
      const { user } = resolveRequestAuth(services.sessions, undefined, request.cookies[SESSION_COOKIE]);
      if (user && route === LANDING_PATH) {
        return reply.header('vary', 'cookie').redirect(HOME_BY_ROLE[user.role], 302);
      }
      if (user) return send(request, reply, plain);
      if (request.url !== route) {
        return send(request, reply, mayRenderQuery() ? await render(route, request.url, false) : plain);
      }
      const current = services.settings.get();
      const { year, month, day: date } = saoPauloWallClock(Date.now());
      const day = `${year}-${month}-${date}`;
      if (kept?.settings !== current || kept.day !== day) kept = { settings: current, day, pages: new Map() };
      let page = kept.pages.get(route);
      if (!page) {
        page = render(route, route, true);
        kept.pages.set(route, page);
      }
      return send(request, reply, await page);
    });
  }
}
