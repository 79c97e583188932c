import { useCallback, useEffect, useRef } from 'react';
// The hook alone: the package root also loads every IMask mask kind, the class mixin and prop-types.
import useIMask from 'react-imask/hook';
import type { FieldMask } from '../../lib/masks';
import { TextField, type TextFieldProps } from './TextField';

export interface MaskedTextFieldProps extends Omit<
  TextFieldProps,
  'value' | 'defaultValue' | 'onChange' | 'ref' | 'maxLength'
> {
  /** One of the shared definitions in lib/masks.ts (a stable object: IMask compares it by identity). */
  mask: FieldMask;
  /** The masked text, as the person sees it. */
  value: string;
  /** Receives the masked text after each change IMask accepts (typing, pasting, deleting). */
  onAccept: (value: string) => void;
  /**
   * Receives the masked text only after a change the person made (typing, pasting, deleting), not
   * when a new `value` from the parent is written in: what may act on a change (the CEP lookup)
   * listens here, so opening, prefilling or resetting a form never triggers it (ADR 033).
   */
  onType?: (value: string) => void;
}

/**
 * A `TextField` whose text IMask shapes while the person types. IMask owns the input's text, so
 * the field is controlled through the mask: a new `value` from the parent (a reset, a prefill) is
 * written into the mask, and every accepted change comes back through `onAccept`. The mask itself
 * bounds the length, so there is no `maxLength` (it would cut a pasted "+55 …" before IMask sees it).
 */
export function MaskedTextField({ mask, value, onAccept, onType, ...field }: MaskedTextFieldProps) {
  // Stable listeners: react-imask re-applies the options whenever its `onAccept` changes.
  const listeners = useRef({ onAccept, onType });
  useEffect(() => {
    listeners.current = { onAccept, onType };
  });
  // True while the parent's value is being written into the mask (not the person's doing).
  const writing = useRef(false);
  const handleAccept = useCallback((accepted: string) => {
    listeners.current.onAccept(accepted);
    if (!writing.current) listeners.current.onType?.(accepted);
  }, []);
  const { ref, maskRef } = useIMask<HTMLInputElement>(mask, { onAccept: handleAccept });

  useEffect(() => {
    const masked = maskRef.current;
    // Setting the mask's value fires `accept` (synchronously) only when the text really changes.
    if (!masked || masked.value === value) return;
    writing.current = true;
    try {
      masked.value = value;
    } finally {
      writing.current = false;
    }
  }, [value, maskRef]);

  return <TextField {...field} ref={ref} />;
}
