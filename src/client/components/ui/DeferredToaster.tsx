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

export function DeferredToaster() {
  const wanted = useRouterState({ select: (state) => !SERVED_PATHS.has(state.location.pathname) });
  // Once wanted, kept (state adjusted while rendering, as React documents for derived state).
  const [mounted, setMounted] = useState(false);
  if (wanted && !mounted) setMounted(true);
  return mounted ? (
    <Suspense fallback={null}>
      <AppToaster />
    </Suspense>
  ) : null;
}
