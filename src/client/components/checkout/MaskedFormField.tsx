import { useController } from 'react-hook-form';
import { MaskedTextField, type MaskedTextFieldProps } from '../ui/MaskedTextField';

/**
 * A `MaskedTextField` bound to the surrounding react-hook-form form (FormProvider) by `name`: IMask
 * owns the input's text, so the field is a controlled one (`useController`) whose value is the
 * masked text; its message is the form schema's for that field. `onType` also hears each change the
 * person made (the CEP lookup), never a prefill or reset.
 */
export function MaskedFormField({
  name,
  ...field
}: Omit<MaskedTextFieldProps, 'name' | 'value' | 'onAccept' | 'onBlur' | 'error'> & {
  name: string;
}) {
  const {
    field: { value, onChange, onBlur },
    fieldState,
  } = useController<Record<string, string | undefined>>({ name });
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
