import { useBlocker } from '@tanstack/react-router';
import { DiscardChangesDialog } from './Dialog';

/**
 * While `dirty`, leaving the page loses nothing silently (ADR 033): a navigation inside the app
 * (a link, the back button) waits on "Descartar as alterações?" through the router's blocker, and
 * reloading or closing the tab gets the browser's own leave-page question (beforeunload).
 */
export function UnsavedChangesGuard({ dirty }: { dirty: boolean }) {
  const blocker = useBlocker({
    shouldBlockFn: () => dirty,
    enableBeforeUnload: () => dirty,
    withResolver: true,
  });
  if (blocker.status !== 'blocked') return null;
  return <DiscardChangesDialog onDiscard={blocker.proceed} onKeep={blocker.reset} />;
}
