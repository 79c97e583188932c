import { useFormContext } from 'react-hook-form';
import { CHECKOUT_LIMITS } from '../../../shared/checkout-rules';
import type { CheckoutFormValues } from '../../../shared/checkout-schemas';
import { CEP_INPUT } from '../../lib/masks';
import { CepQuestion } from '../address/CepQuestion';
import { StateSelectField } from '../address/StateSelectField';
import { formAddress } from '../address/form-address';
import { useCepAutofill } from '../address/useCepAutofill';
import { TextField } from '../ui/TextField';
import { MaskedFormField } from '../ui/MaskedFormField';
import { fieldsOf } from '../ui/field-of';

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

const CHECKOUT_ADDRESS_PATHS = {
  street: 'street',
  neighborhood: 'neighborhood',
  city: 'city',
  state: 'state',
} as const;

/**
 * Billing address block: CEP (with lookup at 8 digits), number, street, neighborhood, complement,
 * city, state, bound to the surrounding react-hook-form form, whose schema gives each field its
 * message. A CEP the person types fills the empty address parts, and asks before replacing a
 * different address (`useCepAutofill`, ADR 033).
 */
export function AddressFields({ disabled }: { disabled?: boolean }) {
  const {
    register,
    getValues,
    setValue,
    formState: { errors },
  } = useFormContext<AddressValues>();
  const field = fieldsOf(register, errors);
  const cep = useCepAutofill(formAddress({ getValues, setValue }, CHECKOUT_ADDRESS_PATHS));

  return (
    <fieldset className="co-section" disabled={disabled}>
      <legend>Endereço de cobrança</legend>
      <div className="co-row co-row--cep">
        <MaskedFormField
          label="CEP"
          name="cep"
          autoComplete="postal-code"
          placeholder="00000-000"
          {...CEP_INPUT}
          aria-required="true"
          hint={cep.status ? <span role="status">{cep.status}</span> : undefined}
          onType={cep.onCepTyped}
        />
        <TextField
          label="Número"
          maxLength={CHECKOUT_LIMITS.number}
          autoComplete="address-line2"
          aria-required="true"
          {...field('number')}
        />
      </div>
      <CepQuestion question={cep.question} />
      <TextField
        label="Endereço (rua, avenida)"
        maxLength={CHECKOUT_LIMITS.street}
        autoComplete="address-line1"
        aria-required="true"
        {...field('street')}
      />
      <div className="co-row co-row--2">
        <TextField
          label="Bairro"
          maxLength={CHECKOUT_LIMITS.neighborhood}
          aria-required="true"
          {...field('neighborhood')}
        />
        <TextField
          label="Complemento (opcional)"
          maxLength={CHECKOUT_LIMITS.complement}
          {...field('complement')}
        />
      </div>
      <div className="co-row co-row--city">
        <TextField
          label="Cidade"
          maxLength={CHECKOUT_LIMITS.city}
          autoComplete="address-level2"
          aria-required="true"
          {...field('city')}
        />
        <StateSelectField className="field__input co-select" {...field('state')} />
      </div>
    </fieldset>
  );
}
