import type { ReactNode } from 'react';

export const EMPTY_STATE_TEXT = 'Nada por aqui ainda.';

/** Neutral placeholder for a list or section with nothing to show. */
export function EmptyState({ children = EMPTY_STATE_TEXT }: { children?: ReactNode }) {
  return (
    <div className="empty-state">
      <p>{children}</p>
    </div>
  );
}
