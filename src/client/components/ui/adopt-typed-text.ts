import type { Ref, RefCallback } from 'react';

type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

const attached = new WeakSet<Control>();

/**
 * The served page's controls, taken when this module first runs: the app's code loads before React
 * adopts the page, so these are the only controls a person could have typed into before the app
 * ran. A control React creates later (a client-side page, a dialog) is never one of them.
 */
const served: WeakSet<Element> =
  typeof document === 'undefined'
    ? new WeakSet()
    : new WeakSet(document.querySelectorAll('input, textarea, select'));

/** Whether the control's value differs from the one its served HTML gave it. */
function changedOnScreen(control: Control): boolean {
  if (control instanceof HTMLSelectElement) {
    // Without a `selected` option, the served default is the first one.
    const servedIndex = [...control.options].findIndex((option) => option.defaultSelected);
    return control.selectedIndex !== Math.max(0, servedIndex);
  }
  return control.value !== control.defaultValue;
}

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
 * a served control that a person changed is attached, this ref puts the typed value back and
 * reports it as typing. Any other control is left alone: reporting a client-rendered filter's own
 * value as a change would navigate (a list back to page 1, a default written into the address).
 */
export function adoptTypedText<T extends Control>(ref: Ref<T> | undefined): RefCallback<T> {
  return (control) => {
    // Only the first time a control is attached: later calls (each render, a form's reset) write
    // what the form wants, and that stands.
    const first = control !== null && !attached.has(control);
    if (first) attached.add(control);
    const adopt = first && served.has(control) && changedOnScreen(control);
    const typed = control?.value ?? '';
    assignRef(ref, control);
    if (!control || !adopt) return;
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
