/**
 * GET / (and HEAD): the landing, pre-rendered at build time (scripts/prerender-landing.ts; ADR 006)
 * so its first load carries no framework.
 * - A visitor with a valid session cookie goes to the home of their role instead (docs/product/decisions.md §2):
 *   the static page cannot ask, so the server decides.
 * - Everyone else gets dist/client/landing.html with its slots filled: the club's public settings
 *   (HTML-escaped, price formatted) and the copyright year. The filled page is kept in memory and
 *   rebuilt when the settings change (the settings service replaces its object on every update)
 *   or the year turns.
 * - Without a pre-rendered landing (a build that skipped it) / is the app, which shows the same
 *   components itself.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Settings } from '../../shared/content/settings-defaults';
import { TIME_ZONE } from '../../shared/sao-paulo-time';
import { fillSettingsSlots, publicSettingsText, YEAR_SLOT } from '../../shared/public-settings';
import { HOME_BY_ROLE } from '../../shared/roles';
import { resolveRequestAuth, SESSION_COOKIE } from '../auth/request-auth';
import type { Services } from '../services';
import type { Clock } from '../services/deps';
import { escapeHtml, withTestModeBanner } from './html';

/** The pre-rendered landing in the client build; served only through GET /, never as a file. */
export const LANDING_FILE = 'landing.html';

const yearFormat = new Intl.DateTimeFormat('pt-BR', { timeZone: TIME_ZONE, year: 'numeric' });

/** The landing for the current settings and year, filled once per change of either. */
export function createLandingRenderer(template: string, services: Services, clock: Clock) {
  let filled: { settings: Settings; year: string; html: string } | undefined;
  return (): string => {
    const settings = services.settings.get();
    const year = yearFormat.format(clock.now());
    if (filled?.settings !== settings || filled.year !== year) {
      const text = publicSettingsText(services.settings.getPublic());
      const page = fillSettingsSlots(template, text, escapeHtml).replaceAll(YEAR_SLOT, year);
      const html = services.env.paymentProvider === 'sandbox' ? withTestModeBanner(page) : page;
      filled = { settings, year, html };
    }
    return filled.html;
  };
}

export function registerLanding(
  app: FastifyInstance,
  { services, clientDir, clock }: { services: Services; clientDir: string; clock: Clock },
): void {
  const file = path.join(clientDir, LANDING_FILE);
  const render = fs.existsSync(file)
    ? createLandingRenderer(fs.readFileSync(file, 'utf8'), services, clock)
    : null;
  const appPage = readAppPage(clientDir, services.env);

  app.get('/', (request, reply) => {
    // The answer depends on the session cookie: revalidate every time, never share.
    reply.header('cache-control', 'no-cache').header('vary', 'cookie');
    const { user } = resolveRequestAuth(services.sessions, undefined, request.cookies[SESSION_COOKIE]);
    if (user) return reply.redirect(HOME_BY_ROLE[user.role], 302);
    if (render) return reply.type('text/html; charset=utf-8').send(render());
    if (appPage) return reply.type('text/html; charset=utf-8').send(appPage);
    return reply.callNotFound();
  });
}

/**
 * The SPA's index.html as served (the banner added in test mode), read once: every page that is
 * not the landing answers it.
 */
export function readAppPage(clientDir: string, env: Services['env']): string | null {
  const file = path.join(clientDir, 'index.html');
  if (!fs.existsSync(file)) return null;
  const html = fs.readFileSync(file, 'utf8');
  return env.paymentProvider === 'sandbox' ? withTestModeBanner(html) : html;
}
