import type { Ref, RefCallback } from 'react';

type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

const attached = new WeakSet<Control>();

/** Hands a ref (callback or object) its element, as React does. */
export function assignRef<T>(ref: Ref<T> | undefined, element: T | null): void {
  if (typeof ref === 'function') ref(element);
  else if (ref) ref.current = element;
}

/**
 * Keeps what a person typed into the server's page before the app took it over (ADR 040: no control
 * is disabled while the page hydrates). A form library's ref may write the form's default into the
 * control when it first registers it (react-hook-form does, with `defaultValues`), wiping that
 * text, or leave its own record of the value empty while the text stays on screen. The first time
 * a control is attached, this ref puts the typed value back and reports it as typing.
 */
export function adoptTypedText<T extends Control>(ref: Ref<T> | undefined): RefCallback<T> {
  return (control) => {
    // Only the first time a control is attached: later calls (each render, a form's reset) write
    // what the form wants, and that stands.
    const first = control !== null && !attached.has(control);
    if (first) attached.add(control);
    const typed = control?.value ?? '';
    assignRef(ref, control);
    if (!control || !first || typed === '') return;
    // React took the typed text for the control's value when it adopted it, so an input event
    // alone would not reach the form: its own record is set back first (the element's setter),
    // then the text through the prototype's setter, which React does not watch.
    control.value = '';
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(control), 'value')?.set?.call(control, typed);
    queueMicrotask(() =>
      control.dispatchEvent(
        new Event(control instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }),
      ),
    );
  };
}
