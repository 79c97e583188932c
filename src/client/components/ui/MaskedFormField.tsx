import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { MaskedTextField, type MaskedTextFieldProps } from './MaskedTextField';

export type MaskedFormFieldProps<T extends FieldValues, C, O> = Omit<
  MaskedTextFieldProps,
  'name' | 'value' | 'onAccept' | 'onBlur' | 'error'
> & {
  /** The form's `control`; without it, the surrounding form (FormProvider). */
  control?: Control<T, C, O>;
  name: FieldPath<T>;
};

/**
 * A `MaskedTextField` bound to a react-hook-form field by `name`: IMask owns the input's text, so
 * the field is a controlled one (`useController`) whose value is the masked text; its message is
 * the form schema's for that field. `onType` also hears each change the person made (the CEP
 * lookup), never a prefill or reset. Every form with a phone, CPF or CEP uses it.
 */
export function MaskedFormField<T extends FieldValues = FieldValues, C = unknown, O = T>({
  control,
  name,
  ...field
}: MaskedFormFieldProps<T, C, O>) {
  const {
    field: { value, onChange, onBlur },
    fieldState,
  } = useController({ control, name });
  return (
    <MaskedTextField
      {...field}
      name={name}
      value={typeof value === 'string' ? value : ''}
      onAccept={onChange}
      onBlur={onBlur}
      error={fieldState.error?.message}
    />
  );
}
