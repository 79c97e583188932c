import { useId } from 'react';
import { useFormContext } from 'react-hook-form';
import { BRAZIL_STATES } from '../../../shared/brazil';
import { CHECKOUT_LIMITS } from '../../../shared/checkout-rules';
import type { CepAddress } from '../../../shared/checkout-schemas';
import { CEP_MASK } from '../../lib/masks';
import { TextField } from '../ui/TextField';
import { MaskedFormField } from './MaskedFormField';
import { useCepLookup } from './useCepLookup';

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

/**
 * Keeps what the person typed where the lookup has nothing (spec 01 §5: "fills street,
 * neighborhood, city and state where found and keeps existing values otherwise").
 */
export function mergeCepAddress<T extends AddressValues>(current: T, found: CepAddress): T {
  const pick = (value: string, existing: string) => (value.trim() ? value.trim() : existing);
  const state = (BRAZIL_STATES as readonly string[]).includes(found.state.toUpperCase())
    ? found.state.toUpperCase()
    : current.state;
  return {
    ...current,
    street: pick(found.street, current.street),
    neighborhood: pick(found.neighborhood, current.neighborhood),
    city: pick(found.city, current.city),
    state,
  };
}

/**
 * Billing address block: CEP (with lookup at 8 digits), number, street, neighborhood, complement,
 * city, state, bound to the surrounding react-hook-form form, whose schema gives each field its
 * message. The address found for the CEP fills the form (`mergeCepAddress`).
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
  const { lookup, loading } = useCepLookup((found) => {
    const merged = mergeCepAddress(getValues(), found);
    for (const key of ['street', 'neighborhood', 'city', 'state'] as const) setValue(key, merged[key]);
  });
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
          hint={loading ? 'Buscando endereço...' : undefined}
          onValue={lookup}
        />
        <TextField
          label="Número"
          maxLength={CHECKOUT_LIMITS.number}
          autoComplete="address-line2"
          aria-required="true"
          error={errors.number?.message}
          {...register('number')}
        />
      </div>
      <TextField
        label="Endereço (rua, avenida)"
        maxLength={CHECKOUT_LIMITS.street}
        autoComplete="address-line1"
        aria-required="true"
        error={errors.street?.message}
        {...register('street')}
      />
      <div className="co-row co-row--2">
        <TextField
          label="Bairro"
          maxLength={CHECKOUT_LIMITS.neighborhood}
          aria-required="true"
          error={errors.neighborhood?.message}
          {...register('neighborhood')}
        />
        <TextField
          label="Complemento (opcional)"
          maxLength={CHECKOUT_LIMITS.complement}
          error={errors.complement?.message}
          {...register('complement')}
        />
      </div>
      <div className="co-row co-row--city">
        <TextField
          label="Cidade"
          maxLength={CHECKOUT_LIMITS.city}
          autoComplete="address-level2"
          aria-required="true"
          error={errors.city?.message}
          {...register('city')}
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
