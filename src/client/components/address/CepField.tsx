import type { FieldValues } from 'react-hook-form';
import { CEP_INPUT } from '../../lib/masks';
import { MaskedFormField, type MaskedFormFieldProps } from '../ui/MaskedFormField';
import type { useCepAutofill } from './useCepAutofill';

/** What the CEP input needs from the form's lookup (`useCepAutofill`). */
type CepLookup = Pick<ReturnType<typeof useCepAutofill>, 'onCepTyped' | 'status'>;

/**
 * The CEP input of every address form: "CEP" with its mask, whose typed changes start the form's
 * lookup and under which the lookup says how it is going (ADR 033). The `CepQuestion` stays with
 * the form, which places it where its layout wants it.
 */
export function CepField<T extends FieldValues = FieldValues, C = unknown, O = T>({
  lookup,
  ...field
}: Omit<MaskedFormFieldProps<T, C, O>, 'label' | 'mask' | 'inputMode' | 'onType' | 'hint'> & {
  lookup: CepLookup;
}) {
  return (
    <MaskedFormField
      label="CEP"
      {...field}
      {...CEP_INPUT}
      onType={lookup.onCepTyped}
      hint={lookup.status ? <span role="status">{lookup.status}</span> : undefined}
    />
  );
}
