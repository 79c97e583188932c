/**
 * The box of the renewal checkout (ADR 052, "Choosing it at the renewal checkout"): off by
 * default, shown only when the server offers it (club on, not already on, a renewal), labelled by
 * the very sentence the server checks and records once the renewal is paid by card.
 */
import { useId } from 'react';
import { trpc } from '../../lib/trpc';

export function RenewalConsentBox({
  checked,
  disabled,
  onChange,
}: {
  checked: boolean;
  disabled: boolean;
  /** The sentence shown when ticked, null when unticked. */
  onChange: (sentence: string | null) => void;
}) {
  const id = useId();
  const mine = trpc.automaticRenewal.mine.useQuery();
  const sentence = mine.data?.checkoutConsentText;
  if (!sentence) return null;
  return (
    <label className="checkbox automatic-renewal__switch" htmlFor={id}>
      <input
        id={id}
        type="checkbox"
        checked={checked}
        disabled={disabled}
        data-testid="renewal-automatic-box"
        onChange={(event) => onChange(event.target.checked ? sentence : null)}
      />
      <span>{sentence}</span>
    </label>
  );
}
