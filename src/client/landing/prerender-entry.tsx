/**
 * Build-time render of the landing (scripts/prerender-landing.ts builds this for Node and calls
 * it): the same components the app uses, with slot tokens in place of the club's settings and the
 * year, which the server fills on every answer (src/server/http/landing.ts). The install banner is
 * included hidden; enhance.ts shows it when the browser offers installation.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { PUBLIC_SETTINGS_SLOTS, YEAR_SLOT } from '../../shared/public-settings';
import { InstallBannerView } from '../components/public/InstallBanner';
import { LandingContent } from '../components/public/LandingContent';
import { PublicFrame } from '../components/public/PublicFrame';

export function renderLandingBody(): string {
  return renderToStaticMarkup(
    <>
      <PublicFrame settings={PUBLIC_SETTINGS_SLOTS} year={YEAR_SLOT} currentPath="/">
        <LandingContent settings={PUBLIC_SETTINGS_SLOTS} />
      </PublicFrame>
      <InstallBannerView hidden />
    </>,
  );
}
