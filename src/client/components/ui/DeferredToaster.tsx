/**
 * The toasts' host, mounted only once the visitor is on a page that can toast (the signed-in
 * areas and the account screens: no page the server renders for visitors imports sonner), then
 * kept for the rest of the visit, so a toast shown before a navigation stays on screen. The pages
 * the server renders (PRERENDERED_PATHS) do not download sonner (~9 KB) with the app (ADR 040), and
 * on them neither the server nor the browser's first render draws it: hydration is unaffected.
 */
import { useRouterState } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import { PRERENDERED_PATHS } from '../../../shared/prerender';

const AppToaster = lazy(() => import('./AppToaster'));
const SERVED_PATHS: ReadonlySet<string> = new Set(PRERENDERED_PATHS);

/**
 * Where the toasts open: at the top right, except in the member area, whose header holds "Sair" in
 * that corner (a toast there would cover it for its seconds): at the bottom right. A toast already
 * on screen follows when a navigation enters or leaves the area (ADR 056).
 */
const toastCorner = (pathname: string) =>
  pathname === '/user' || pathname.startsWith('/user/') ? 'bottom-right' : 'top-right';

export function DeferredToaster() {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const wanted = !SERVED_PATHS.has(pathname);
  // Once wanted, kept (state adjusted while rendering, as React documents for derived state).
  const [mounted, setMounted] = useState(false);
  if (wanted && !mounted) setMounted(true);
  return mounted ? (
    <Suspense fallback={null}>
      <AppToaster position={toastCorner(pathname)} />
    </Suspense>
  ) : null;
}
