import { useBlocker } from '@tanstack/react-router';
import { DiscardChangesDialog } from './Dialog';

/**
 * While `dirty`, leaving the page loses nothing silently (ADR 033): a navigation inside the app
 * (a link, the back button) waits on "Descartar as alterações?" through the router's blocker, and
 * reloading or closing the tab gets the browser's own leave-page question (beforeunload).
 *
 * The page rewriting its own address is not leaving it: a replace on the same path (a list's search
 * settling after a record was opened from it) keeps the page and its form mounted, so it passes
 * without a question that would hold the search back and stand in front of the form.
 */
export function UnsavedChangesGuard({ dirty }: { dirty: boolean }) {
  const blocker = useBlocker({
    shouldBlockFn: ({ current, next, action }) =>
      dirty && !(action === 'REPLACE' && next.pathname === current.pathname),
    enableBeforeUnload: () => dirty,
    withResolver: true,
  });
  if (blocker.status !== 'blocked') return null;
  return <DiscardChangesDialog onDiscard={blocker.proceed} onKeep={blocker.reset} />;
}
