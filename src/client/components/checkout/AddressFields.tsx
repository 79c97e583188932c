import { useId } from 'react';
import { useFormContext } from 'react-hook-form';
import { BRAZIL_STATES } from '../../../shared/brazil';
import { CHECKOUT_LIMITS } from '../../../shared/checkout-rules';
import { MSG } from '../../../shared/messages';
import { CEP_MASK } from '../../lib/masks';
import { CepQuestion } from '../address/CepQuestion';
import { formAddress } from '../address/form-address';
import { useCepAutofill } from '../address/useCepAutofill';
import { TextField } from '../ui/TextField';
import { MaskedFormField } from '../ui/MaskedFormField';
import { fieldOf } from '../ui/field-of';

export interface AddressValues {
  cep: string;
  street: string;
  number: string;
  complement: string;
  neighborhood: string;
  city: string;
  state: string;
}

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
  const stateId = useId();
  const stateErrorId = `${stateId}-error`;
  const {
    register,
    getValues,
    setValue,
    formState: { errors },
  } = useFormContext<AddressValues>();
  const cep = useCepAutofill(formAddress({ getValues, setValue }, CHECKOUT_ADDRESS_PATHS));
  const stateError = errors.state?.message;

  return (
    <fieldset className="co-section" disabled={disabled}>
      <legend>Endereço de cobrança</legend>
      <div className="co-row co-row--cep">
        <MaskedFormField
          label="CEP"
          name="cep"
          inputMode="numeric"
          autoComplete="postal-code"
          placeholder="00000-000"
          mask={CEP_MASK}
          aria-required="true"
          hint={cep.loading ? MSG.cepSearching : undefined}
          onType={cep.onCepTyped}
        />
        <TextField
          label="Número"
          maxLength={CHECKOUT_LIMITS.number}
          autoComplete="address-line2"
          aria-required="true"
          {...fieldOf(register, errors, 'number')}
        />
      </div>
      <CepQuestion question={cep.question} />
      <TextField
        label="Endereço (rua, avenida)"
        maxLength={CHECKOUT_LIMITS.street}
        autoComplete="address-line1"
        aria-required="true"
        {...fieldOf(register, errors, 'street')}
      />
      <div className="co-row co-row--2">
        <TextField
          label="Bairro"
          maxLength={CHECKOUT_LIMITS.neighborhood}
          aria-required="true"
          {...fieldOf(register, errors, 'neighborhood')}
        />
        <TextField
          label="Complemento (opcional)"
          maxLength={CHECKOUT_LIMITS.complement}
          {...fieldOf(register, errors, 'complement')}
        />
      </div>
      <div className="co-row co-row--city">
        <TextField
          label="Cidade"
          maxLength={CHECKOUT_LIMITS.city}
          autoComplete="address-level2"
          aria-required="true"
          {...fieldOf(register, errors, 'city')}
        />
        <div className="field">
          <label className="field__label" htmlFor={stateId}>
            Estado
          </label>
          <select
            id={stateId}
            className="field__input co-select"
            autoComplete="address-level1"
            aria-required="true"
            aria-invalid={stateError ? true : undefined}
            aria-describedby={stateError ? stateErrorId : undefined}
            {...register('state')}
          >
            <option value="">Selecione</option>
            {BRAZIL_STATES.map((uf) => (
              <option key={uf} value={uf}>
                {uf}
              </option>
            ))}
          </select>
          {stateError && (
            <p id={stateErrorId} className="field__error">
              {stateError}
            </p>
          )}
        </div>
      </div>
    </fieldset>
  );
}
