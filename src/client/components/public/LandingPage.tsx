/**
 * The landing inside the app. Visitors normally get the pre-rendered landing from the server
 * (src/server/http/landing.ts); the app shows this only when its own document was opened at /
 * (development server, or a build without the pre-render), with the same markup and behaviour.
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
