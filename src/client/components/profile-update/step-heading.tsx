import { useEffect, useRef, type FormEvent, type ReactNode, type RefObject } from 'react';
import { Alert } from '../ui/Alert';
import { Button } from '../ui/Button';

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
function useFocusFirstInvalid(
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

/**
 * One step of the wizard: its form (labelled by its heading), the heading, the lead paragraph and
 * the step's failure, then the step's own fields. After a refused submit the first invalid field
 * takes the focus.
 */
export function StepForm({
  id,
  title,
  focus,
  lead,
  failure,
  submitCount,
  hasErrors,
  onSubmit,
  children,
}: {
  id: string;
  title: string;
  focus: boolean;
  lead: ReactNode;
  failure: string | null;
  submitCount: number;
  hasErrors: boolean;
  onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
  children: ReactNode;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstInvalid(formRef, submitCount, hasErrors);
  const titleId = `${id}-title`;
  return (
    <form
      ref={formRef}
      className="form"
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      aria-labelledby={titleId}
    >
      <StepHeading id={titleId} focus={focus}>
        {title}
      </StepHeading>
      <p className="pu-lead">{lead}</p>
      {failure && <Alert>{failure}</Alert>}
      {children}
    </form>
  );
}

/** A step's way back to the previous one. */
export function StepBack({ onBack }: { onBack: () => void }) {
  return (
    <Button variant="ghost" onClick={onBack}>
      Voltar
    </Button>
  );
}
