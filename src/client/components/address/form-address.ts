import type { FieldPath, FieldValues, PathValue, SetValueConfig, UseFormReturn } from 'react-hook-form';
import { ADDRESS_PART_KEYS, type AddressParts } from './cep-fill';

/** Where each address part the CEP answers for sits in a form's values. */
export type AddressPaths<T extends FieldValues> = Record<keyof AddressParts, FieldPath<T>>;

/**
 * The `read` and `write` that `useCepAutofill` needs, for a react-hook-form form whose address
 * parts sit at `paths` (each form names them its own way). What the lookup writes marks the form
 * as changed.
 */
export function formAddress<T extends FieldValues>(
  form: Pick<UseFormReturn<T, unknown, unknown>, 'getValues' | 'setValue'>,
  paths: AddressPaths<T>,
  options: SetValueConfig = {},
) {
  return {
    read: (): AddressParts => {
      const part = (key: keyof AddressParts) =>
        (form.getValues(paths[key]) as string | null | undefined) ?? '';
      return {
        street: part('street'),
        neighborhood: part('neighborhood'),
        city: part('city'),
        state: part('state'),
      };
    },
    write: (parts: AddressParts) => {
      for (const key of ADDRESS_PART_KEYS) {
        form.setValue(paths[key], parts[key] as PathValue<T, FieldPath<T>>, {
          shouldDirty: true,
          ...options,
        });
      }
    },
  };
}

/** The paths of the forms that keep the subscriber's stored fields (member profile, admin form). */
export const RECORD_ADDRESS_PATHS = {
  street: 'address',
  neighborhood: 'neighborhood',
  city: 'city',
  state: 'state',
} as const;
