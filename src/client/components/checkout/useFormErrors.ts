import { useCallback, useEffect, useRef, useState } from 'react';
import type { FieldErrors } from 'react-hook-form';
import { inSpecOrder, type FormIssue } from '../../../shared/checkout-schemas';

/**
 * The failing fields react-hook-form found (one message each, the first rule the field breaks in
 * the form's schema) in the order the spec lists them. The checkout forms are flat: a field's key
 * is its input's `name`.
 */
export function issuesOf(errors: FieldErrors): FormIssue[] {
  return inSpecOrder(
    Object.entries(errors).flatMap(([field, error]) =>
      typeof error?.message === 'string' && error.message ? [{ field, message: error.message }] : [],
    ),
  );
}

/**
 * The message list above a checkout form (spec 01 §5: every message at once). It shows the
 * schema's messages from react-hook-form's `errors` in the spec's order, or one failure that
 * belongs to no field (a server answer, a missing amount). Render it inside the element `errorsRef`
 * points to, within the form. After a refused submit the first invalid field (page order) receives
 * focus once it is marked (aria-invalid and its message in aria-describedby); a failure without
 * fields is scrolled into view instead, and its role="alert" announces it.
 */
export function useFormErrors(errors: FieldErrors, initialFailure: string | null = null) {
  const [failure, setFailure] = useState<string | null>(initialFailure);
  /** Bumped by each refused submit or failure: the effect below then moves the focus (after the commit). */
  const [revealed, setRevealed] = useState(0);
  const errorsRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (revealed === 0) return;
    const list = errorsRef.current;
    const first = list?.closest('form')?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (first) first.focus();
    else list?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  }, [revealed]);

  /** react-hook-form's `onInvalid`: the schema's messages replace any earlier failure. */
  const revealInvalid = useCallback(() => {
    setFailure(null);
    setRevealed((count) => count + 1);
  }, []);

  /** A message that belongs to no field (a server answer). */
  const showFailure = useCallback((message: string) => {
    setFailure(message);
    setRevealed((count) => count + 1);
  }, []);

  const clearFailure = useCallback(() => setFailure(null), []);

  const messages = failure ? [failure] : issuesOf(errors).map((issue) => issue.message);
  return { messages, errorsRef, revealInvalid, showFailure, clearFailure };
}
