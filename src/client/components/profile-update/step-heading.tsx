import { useEffect, useRef, type ReactNode, type RefObject } from 'react';

/**
 * A step's heading. When the wizard arrives at a step (not on the page's first paint) the heading
 * takes the focus, so a screen reader announces the new step and a phone scrolls to it.
 */
export function StepHeading({ id, focus, children }: { id: string; focus: boolean; children: ReactNode }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focus) ref.current?.focus();
  }, [focus]);
  return (
    <h2 id={id} ref={ref} tabIndex={-1} className="pu-step-title">
      {children}
    </h2>
  );
}

/**
 * After a submit the schema refused, the first field marked invalid (in reading order) takes the
 * focus. Runs once the messages are on screen (the submit count changes after the errors are set),
 * and finds masked fields too, whose inputs react-hook-form holds no ref to.
 */
export function useFocusFirstInvalid(
  form: RefObject<HTMLFormElement | null>,
  submitCount: number,
  hasErrors: boolean,
) {
  useEffect(() => {
    if (submitCount === 0 || !hasErrors) return;
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
    // Only a new submit moves the focus; fixing one field must not pull it elsewhere.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [submitCount]);
}
