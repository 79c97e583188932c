import type { Ref, RefCallback } from 'react';

type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/**
 * Keeps what a person typed into the server's page before the app took it over (ADR 040: no control
 * is disabled while the page hydrates). A form library's ref may write the form's default into the
 * control when it first registers it (react-hook-form does, with `defaultValues`), wiping that
 * text. This ref puts the typed value back and reports it as an input event, so the form reads it
 * as typing. It does nothing when the ref leaves the value alone, as on every later render.
 */
export function adoptTypedText<T extends Control>(ref: Ref<T> | undefined): RefCallback<T> {
  return (control) => {
    const typed = control?.value ?? '';
    if (typeof ref === 'function') ref(control);
    else if (ref) ref.current = control;
    if (!control || typed === '' || control.value === typed) return;
    // The prototype's setter: React tracks the value set through the element's own, and would not
    // take the event below for a change.
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(control), 'value')?.set?.call(control, typed);
    queueMicrotask(() =>
      control.dispatchEvent(
        new Event(control instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }),
      ),
    );
  };
}
