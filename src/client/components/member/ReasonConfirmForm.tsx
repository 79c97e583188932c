import { useState, type ReactNode } from 'react';
import { Button } from '../ui/Button';
import { TextAreaField } from '../ui/TextField';

/**
 * The member's second step before something that cannot be taken back lightly (cancelling, asking
 * for the data to be erased): what will happen, an optional note, confirm or go back.
 */
export function ReasonConfirmForm({
  children,
  reasonLabel,
  reasonMaxLength,
  confirmLabel,
  pendingLabel,
  pending,
  onConfirm,
  onBack,
}: {
  children: ReactNode;
  reasonLabel: string;
  reasonMaxLength: number;
  confirmLabel: string;
  pendingLabel: string;
  pending: boolean;
  onConfirm: (reason: string | undefined) => void;
  onBack: () => void;
}) {
  const [reason, setReason] = useState('');
  return (
    <form
      className="form"
      onSubmit={(event) => {
        event.preventDefault();
        onConfirm(reason.trim() || undefined);
      }}
    >
      {children}
      <TextAreaField
        label={reasonLabel}
        maxLength={reasonMaxLength}
        value={reason}
        onChange={(event) => setReason(event.target.value)}
      />
      <div className="member-actions">
        <Button type="submit" loading={pending} loadingLabel={pendingLabel}>
          {confirmLabel}
        </Button>
        <Button variant="ghost" onClick={onBack}>
          Voltar
        </Button>
      </div>
    </form>
  );
}
