import type { ReactNode } from 'react';
import { Button } from './Button';

/**
 * A form's action row (its own class: `member-actions`, `sec-actions`…): the submit, busy while the
 * call runs, then "Cancelar" when the form can be left.
 */
export function SubmitActions({
  className,
  busy,
  busyLabel,
  onCancel,
  children,
}: {
  className: string;
  busy: boolean;
  busyLabel: string;
  onCancel?: () => void;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <Button type="submit" loading={busy} loadingLabel={busyLabel}>
        {children}
      </Button>
      {onCancel && (
        <Button type="button" variant="secondary" onClick={onCancel}>
          Cancelar
        </Button>
      )}
    </div>
  );
}
