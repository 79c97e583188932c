import { useCallback, useEffect, useRef, useState } from 'react';
import type { FieldErrors } from 'react-hook-form';
import { inSpecOrder, type FormIssue } from '../../../shared/checkout-rules';

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
 * The message list above a checkout form (docs/product/public-site-and-checkout.md §5: every message at once). It shows the
 * schema's messages from react-hook-form's `errors` in the spec's order, or one failure that
 * belongs to no field (a server answer, a missing amount). Render it inside the element `errorsRef`
 * points to, within the form. After a refused submit the first invalid field (page order) receives
 * focus once it is marked (aria-invalid and its message in aria-describedby); a failure without
 * fields is scrolled into view instead, and its role="alert" announces it.
 */
export function useFormErrors(
  { errors, submitCount }: { errors: FieldErrors; submitCount: number },
  initialFailure: string | null = null,
) {
  const [failure, setFailure] = useState<string | null>(initialFailure);
  /** Bumped by each failure shown: the effect below then brings the list into view. */
  const [failures, setFailures] = useState(0);
  const errorsRef = useRef<HTMLDivElement>(null);
  const invalid = Object.keys(errors).length > 0;

  // react-hook-form counts the submit in the same update that brings the errors: by this effect
  // the fields are marked. Only a new submit moves the focus (fixing a field must not pull it).
  useEffect(() => {
    if (submitCount === 0 || !invalid) return;
    errorsRef.current?.closest('form')?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [submitCount]);

  useEffect(() => {
    if (failures > 0) errorsRef.current?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  }, [failures]);

  /**
   * Drops the failure at a new submit: a valid one is on its way; a refused one (react-hook-form's
   * `onInvalid`) lists the schema's messages instead.
   */
  const clearFailure = useCallback(() => setFailure(null), []);

  /** A message that belongs to no field (a server answer). */
  const showFailure = useCallback((message: string) => {
    setFailure(message);
    setFailures((count) => count + 1);
  }, []);

  const messages = failure ? [failure] : issuesOf(errors).map((issue) => issue.message);
  return { messages, errorsRef, showFailure, clearFailure };
}
