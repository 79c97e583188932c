import { useCallback, useRef, useState } from 'react';
import type { FormIssue } from '../../../shared/checkout-schemas';

/** The message of each failing field, by the input's `name`. */
export type FieldErrors = Readonly<Record<string, string | undefined>>;

const NO_FIELD_ERRORS: FieldErrors = {};

/**
 * The error state of a checkout form: the list shown above the fields (spec 01 §5: every message
 * at once) and, for validation issues, the message of each field, which the field shows beside
 * itself (aria-invalid + aria-describedby). Render the list inside the element `errorsRef` points
 * to, within the form: the first invalid field of the form (page order, found by its `name`)
 * receives focus; a list without fields (a server error) is scrolled into view instead, and its
 * role="alert" announces it.
 */
export function useFormErrors(initial: readonly string[] = []) {
  const [errors, setErrors] = useState<readonly string[]>(initial);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>(NO_FIELD_ERRORS);
  const errorsRef = useRef<HTMLDivElement>(null);

  const reveal = useCallback((fields: readonly string[]) => {
    // After React has painted the marks: the field's description must already name its error.
    requestAnimationFrame(() => {
      const list = errorsRef.current;
      const form = list?.closest('form');
      const first = form
        ? Array.from(form.elements).find(
            (element): element is HTMLInputElement | HTMLSelectElement =>
              (element instanceof HTMLInputElement || element instanceof HTMLSelectElement) &&
              fields.includes(element.name),
          )
        : undefined;
      if (first) first.focus();
      else list?.scrollIntoView({ block: 'center', behavior: 'smooth' });
    });
  }, []);

  /** Messages that belong to no field (a server answer). */
  const showErrors = useCallback(
    (list: readonly string[]) => {
      setErrors(list);
      setFieldErrors(NO_FIELD_ERRORS);
      reveal([]);
    },
    [reveal],
  );

  /** A validator's issues: listed in its order, each field marked with its first message. */
  const showIssues = useCallback(
    (issues: readonly FormIssue[]) => {
      const byField: Record<string, string> = {};
      for (const issue of issues) byField[issue.field] ??= issue.message;
      setErrors(issues.map((issue) => issue.message));
      setFieldErrors(byField);
      reveal(Object.keys(byField));
    },
    [reveal],
  );

  const clearErrors = useCallback(() => {
    setErrors([]);
    setFieldErrors(NO_FIELD_ERRORS);
  }, []);

  return { errors, fieldErrors, errorsRef, showErrors, showIssues, clearErrors };
}
