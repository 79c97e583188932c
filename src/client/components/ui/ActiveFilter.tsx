import type { ReactNode } from 'react';

/**
 * A filter the list's own controls do not show (a dashboard shortcut's window, ADR 034): says what
 * the list holds and offers to drop it.
 */
export function ActiveFilter({
  children,
  clearLabel,
  onClear,
}: {
  children: ReactNode;
  clearLabel: string;
  onClear: () => void;
}) {
  return (
    <div className="active-filter" role="status">
      <span>{children}</span>
      <button type="button" className="link-button" onClick={onClear}>
        {clearLabel}
      </button>
    </div>
  );
}
