import type { ComponentProps } from 'react';
import { Options } from './Options';
import { SelectField } from './TextField';

const ALL = 'all';

/**
 * A list's filter select: "Todos" (no filter: `undefined`, absent from the address, ADR 034), then
 * each value by its label.
 */
export function FilterSelectField<T extends string>({
  value,
  values,
  labels,
  onFilter,
  allLabel = 'Todos',
  ...select
}: Omit<ComponentProps<typeof SelectField>, 'value' | 'onChange' | 'children'> & {
  value: T | undefined;
  values: readonly T[];
  labels: Readonly<Record<T, string>>;
  onFilter: (value: T | undefined) => void;
  allLabel?: string;
}) {
  return (
    <SelectField
      value={value ?? ALL}
      onChange={(event) => onFilter(event.target.value === ALL ? undefined : (event.target.value as T))}
      {...select}
    >
      <option value={ALL}>{allLabel}</option>
      <Options values={values} labels={labels} />
    </SelectField>
  );
}
