/**
 * The landing. The server renders it from this component for visitors, without the app
 * (src/server/http/prerendered-pages.ts, ADR 006 and ADR 040); the app shows it only when its own
 * document was opened at / (development server, or a build without the page renderer), with the
 * same markup and behaviour.
 */
import { useEffect } from 'react';
import { enhanceCarousel } from '../../landing/carousel';
import { LandingContent } from './LandingContent';
import { PublicLayout } from './PublicLayout';
import { usePublicSettingsText } from './settings';

export function LandingPage() {
  const settings = usePublicSettingsText();

  useEffect(() => {
    const hero = document.querySelector<HTMLElement>('.hero');
    return hero ? enhanceCarousel(hero) : undefined;
  }, []);

  return (
    <PublicLayout>
      <LandingContent settings={settings} />
    </PublicLayout>
  );
}
