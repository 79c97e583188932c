import {
  get,
  type FieldErrors,
  type FieldPath,
  type FieldValues,
  type UseFormRegister,
} from 'react-hook-form';

/**
 * What a `TextField` (or `SelectField`, `TextAreaField`) needs from a react-hook-form form for one
 * field: its registration and its message, so each field names itself once.
 */
export function fieldOf<T extends FieldValues>(
  register: UseFormRegister<T>,
  errors: FieldErrors<T>,
  name: FieldPath<T>,
) {
  const error = get<FieldErrors<T>, { message?: string } | undefined>(errors, name);
  return { ...register(name), error: error?.message };
}

/**
 * `fieldOf` bound to one form, for a form of several fields: `const field = fieldsOf(register,
 * errors)` once, then `{...field('email')}` at each field.
 */
export const fieldsOf =
  <T extends FieldValues>(register: UseFormRegister<T>, errors: FieldErrors<T>) =>
  (name: FieldPath<T>) =>
    fieldOf(register, errors, name);
