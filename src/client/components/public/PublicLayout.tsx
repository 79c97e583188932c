/** The public frame inside the app: the settings from the route loaders, the tab title, the path. */
import { useLocation } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { saoPauloWallClock } from '../../../shared/sao-paulo-time';
import { DocumentTitle } from '../../lib/document-title';
import { useServedPageAdopted } from '../../lib/served-page';
import { PublicFrame } from './PublicFrame';
import { usePublicSettingsText } from './settings';
import './public.css';

export function PublicLayout({ title, children }: { title?: string; children: ReactNode }) {
  const settings = usePublicSettingsText();
  const currentPath = useLocation({ select: (location) => location.pathname });
  useServedPageAdopted();
  return (
    // São Paulo's year, on the server and in the browser alike (the rendered page must hydrate).
    <PublicFrame
      settings={settings}
      year={String(saoPauloWallClock(new Date()).year)}
      currentPath={currentPath}
    >
      <DocumentTitle title={title} />
      {children}
    </PublicFrame>
  );
}
