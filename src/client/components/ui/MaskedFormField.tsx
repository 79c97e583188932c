import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { MaskedTextField, type MaskedTextFieldProps } from './MaskedTextField';

export type MaskedFormFieldProps<T extends FieldValues, C, O> = Omit<
  MaskedTextFieldProps,
  'name' | 'value' | 'onAccept' | 'onBlur' | 'error'
> & {
  control: Control<T, C, O>;
  name: FieldPath<T>;
};

/**
 * A `MaskedTextField` bound to a react-hook-form field: the mask's text is the field's value, and
 * the field's own error is shown under it. Every form with a phone, CPF or CEP uses it.
 */
export function MaskedFormField<T extends FieldValues, C, O>({
  control,
  name,
  ...field
}: MaskedFormFieldProps<T, C, O>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field: bound, fieldState }) => (
        <MaskedTextField
          {...field}
          name={bound.name}
          value={bound.value ?? ''}
          onAccept={bound.onChange}
          onBlur={bound.onBlur}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}
