import type { ComponentProps } from 'react';
import { BRAZIL_STATES } from '../../../shared/brazil';
import { Options } from '../ui/Options';
import { SelectField } from '../ui/TextField';

/** An address's required "Estado" select: "Selecione", then the 27 UFs. */
export function StateSelectField(select: Omit<ComponentProps<typeof SelectField>, 'label' | 'children'>) {
  return (
    <SelectField label="Estado" autoComplete="address-level1" aria-required="true" {...select}>
      <option value="">Selecione</option>
      <Options values={BRAZIL_STATES} />
    </SelectField>
  );
}
