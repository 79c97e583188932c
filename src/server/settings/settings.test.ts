/** Settings links are web addresses only: a `javascript:` link would run in a visitor's browser. */
import { describe, expect, it } from 'vitest';
import { settings as settingsTable } from '../db/schema';
import { useTestApp, type TestApp } from '../../../tests/app';
import { createSettingsService } from './settings';

let t: TestApp;
useTestApp((app) => (t = app));

describe('settings links', () => {
  it.each([
    ['instagramUrl', 'javascript:alert(document.cookie)'],
    ['youtubeUrl', 'data:text/html,<script>alert(1)</script>'],
    ['vivinoUrl', 'ftp://vinhos.example/lista'],
    ['vipGroupLink', 'JavaScript://chat.whatsapp.com/%0aalert(1)'],
  ])('refuses %s = %s with a Portuguese message, changing nothing', (key, value) => {
    const before = t.services.settings.get();
    expect(() => t.services.settings.update({ [key]: value })).toThrow(
      'Link inválido: use um endereço que comece com https:// (ou http://)',
    );
    expect(t.services.settings.get()).toEqual(before);
  });

  it('accepts https and http links', () => {
    const next = t.services.settings.update({
      instagramUrl: 'https://www.instagram.com/outra',
      vipGroupLink: 'http://chat.whatsapp.com/abc',
    });
    expect(next).toMatchObject({
      instagramUrl: 'https://www.instagram.com/outra',
      vipGroupLink: 'http://chat.whatsapp.com/abc',
    });
  });

  it('a javascript: link already stored falls back to the default instead of reaching the site', () => {
    t.services.db
      .insert(settingsTable)
      .values({ key: 'instagramUrl', value: JSON.stringify('javascript:alert(1)') })
      .run();
    // A process starting on a database written before the rule existed.
    const settings = createSettingsService(t.services);
    expect(settings.get().instagramUrl).toBe('https://www.instagram.com/confrariavinhos');
  });
});
