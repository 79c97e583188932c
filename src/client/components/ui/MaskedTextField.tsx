import { useEffect, useRef, useState, type FocusEvent } from 'react';
import { flushSync } from 'react-dom';
import type { InputMask } from 'imask';
import { loadIMask } from '../../lib/load-imask';
import type { FieldMask } from '../../lib/masks';
import { TextField, type TextFieldProps } from './TextField';

export interface MaskedTextFieldProps extends Omit<
  TextFieldProps,
  'value' | 'defaultValue' | 'onChange' | 'ref' | 'maxLength'
> {
  /** One of the shared definitions in lib/masks.ts (a stable object). */
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
 *
 * IMask loads with the field's first focus (or a value to show), not with the page (load-imask.ts).
 * Keys typed while it arrives go into the input as they are; the mask then shapes that text as a
 * whole, as it does a paste, and reports it as typed — so the text is masked from the first key.
 */
export function MaskedTextField({
  mask,
  value,
  onAccept,
  onType,
  onFocus,
  onInput,
  ...field
}: MaskedTextFieldProps) {
  // The latest listeners and value, for the mask's events and its late arrival.
  const latest = useRef({ onAccept, onType, value });
  useEffect(() => {
    latest.current = { onAccept, onType, value };
  });
  const inputRef = useRef<HTMLInputElement>(null);
  const maskRef = useRef<InputMask | null>(null);
  // True while the parent's value is being written into the mask (not the person's doing).
  const writing = useRef(false);
  // The person typed into the input before the mask was there.
  const typedUnmasked = useRef(false);
  // False until the value's effect first ran: the field's text was then the served page's (ADR 040).
  const adopted = useRef(false);
  const [focused, setFocused] = useState(false);
  // The mask is wanted once the field has had the focus, or has a text to show.
  const wanted = focused || value !== '';

  useEffect(() => {
    if (!wanted) return;
    let cancelled = false;
    let created: InputMask | undefined;
    void loadIMask().then((IMask) => {
      const input = inputRef.current;
      if (cancelled || !input) return;
      // Shapes the text already in the input: the parent's, or what was typed meanwhile.
      const attached = IMask(input, mask);
      created = attached;
      maskRef.current = attached;
      attached.on('accept', () => {
        latest.current.onAccept(attached.value);
        if (!writing.current) latest.current.onType?.(attached.value);
      });
      if (attached.value !== latest.current.value) {
        // Rendered at once, as a key's change is: a render of this text after the next key's
        // would write the older text back into the mask (the effect below) and lose that key.
        flushSync(() => latest.current.onAccept(attached.value));
        if (typedUnmasked.current) latest.current.onType?.(attached.value);
      }
      typedUnmasked.current = false;
    });
    return () => {
      cancelled = true;
      created?.destroy();
      maskRef.current = null;
    };
  }, [wanted, mask]);

  useEffect(() => {
    const masked = maskRef.current;
    const firstRun = !adopted.current;
    adopted.current = true;
    if (!masked) {
      const input = inputRef.current;
      if (!input || input.value === value) return;
      if (firstRun && value === '') {
        // Text typed into the page the server sent, before the app adopted it: the person's, kept.
        // The mask comes for it, shapes it and reports it as typed (the effect above).
        typedUnmasked.current = true;
        setFocused(true);
      } else {
        // Before the mask: the text goes into the input (a text to show also brings the mask).
        input.value = value;
      }
      return;
    }
    // Setting the mask's value fires `accept` (synchronously) only when the text really changes.
    if (masked.value === value) return;
    writing.current = true;
    try {
      masked.value = value;
    } finally {
      writing.current = false;
    }
  }, [value]);

  return (
    <TextField
      {...field}
      ref={inputRef}
      onFocus={(event: FocusEvent<HTMLInputElement>) => {
        setFocused(true);
        onFocus?.(event);
      }}
      onInput={(event) => {
        if (!maskRef.current) typedUnmasked.current = true;
        onInput?.(event);
      }}
    />
  );
}
