/**
 * The pre-rendered landing: the app's components with slot tokens where the settings go, which the
 * server can fill completely (src/server/http/landing.ts).
 */
import { describe, expect, it } from 'vitest';
import { SETTINGS_DEFAULTS } from '../../shared/content/settings-defaults';
import { formatMoney } from '../../shared/format';
import { fillSettingsSlots, publicSettingsText, YEAR_SLOT } from '../../shared/public-settings';
import { renderLandingBody } from './prerender-entry';

describe('renderLandingBody', () => {
  const body = renderLandingBody();
  const filled = fillSettingsSlots(body, publicSettingsText(SETTINGS_DEFAULTS), (value) => value);

  it('leaves slots for the settings and the year only', () => {
    expect(body).toContain('{{settings.clubName}}');
    expect(body).toContain(YEAR_SLOT);
    expect(filled.replaceAll(YEAR_SLOT, '2026')).not.toMatch(/\{\{/);
  });

  it('has the landing, its links and the hidden install banner', () => {
    expect(filled).toContain('Uma confraria para quem ama vinho');
    expect(filled).toContain(formatMoney(SETTINGS_DEFAULTS.priceAnnual));
    expect(filled).toContain('href="/checkout?name=Novo%20Assinante&email=&amount=149700"');
    expect(filled).toContain('href="/formulario-atualizacao"');
    expect(filled).toContain('href="/login"');
    expect(filled).toMatch(/<a[^>]*aria-current="page"[^>]*>Início<\/a>/);
    expect(filled).toMatch(/<aside class="install-banner"[^>]*hidden/);
    // Only the first hero image comes with the page; the others wait in data attributes.
    expect(filled.match(/<img [^>]*src="\/images\/members\//g)).toHaveLength(1);
    expect(filled.match(/data-src="\/images\/members\//g)).toHaveLength(5);
  });
});
