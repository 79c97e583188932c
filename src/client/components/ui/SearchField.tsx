import { TextField, type TextFieldProps } from './TextField';

/** A list's "Buscar" box: what is typed goes to `onSearch` (the list's `useSearchBox`, or its state). */
export function SearchField({
  onSearch,
  ...input
}: Omit<TextFieldProps, 'label' | 'type' | 'onChange'> & { onSearch: (text: string) => void }) {
  return (
    <TextField label="Buscar" type="search" onChange={(event) => onSearch(event.target.value)} {...input} />
  );
}
