import { useFormContext } from 'react-hook-form';
import type { CheckoutFormValues } from '../../../shared/checkout-schemas';
import { AddressFieldset } from '../address/AddressFieldset';

/** The billing address's fields, as both checkout forms' schemas name them. */
export type AddressValues = Pick<
  CheckoutFormValues,
  'cep' | 'street' | 'number' | 'complement' | 'neighborhood' | 'city' | 'state'
>;

export const EMPTY_ADDRESS: AddressValues = {
  cep: '',
  street: '',
  number: '',
  complement: '',
  neighborhood: '',
  city: '',
  state: '',
};

/**
 * Billing address block of both checkouts, bound to the surrounding react-hook-form form
 * (FormProvider), whose schema names each input as the block does and gives each its message.
 */
export function AddressFields({ disabled }: { disabled?: boolean }) {
  return (
    <AddressFieldset
      form={useFormContext<AddressValues>()}
      nameOf={(input) => input}
      look="checkout"
      legend="Endereço de cobrança"
      disabled={disabled}
    />
  );
}
