/**
 * IMask, loaded once, when a masked field first needs it (its first focus, or a value to show):
 * about 12 KB that the pages with a masked field (the checkout, the forms with a phone, CPF or CEP)
 * no longer download with the page (ADR 040; zod waits for the form the same way, lazyResolver).
 * The holder build knows no mask kind until one registers itself; the shared masks (masks.ts) need
 * only the pattern and the dynamic one, which keeps number and date masks out.
 */
import type { default as IMaskHolder } from 'imask/holder';

let loading: Promise<typeof IMaskHolder> | undefined;

export function loadIMask(): Promise<typeof IMaskHolder> {
  loading ??= Promise.all([
    import('imask/holder'),
    import('imask/masked/pattern'),
    import('imask/masked/dynamic'),
  ]).then(([holder]) => holder.default);
  return loading;
}
