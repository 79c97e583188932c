import { useId } from 'react';
import { BRAZIL_STATES } from '../../../shared/brazil';
import { CHECKOUT_LIMITS, type CepAddress } from '../../../shared/checkout-schemas';
import { CEP_MASK } from '../../lib/masks';
import { MaskedTextField } from '../ui/MaskedTextField';
import { TextField } from '../ui/TextField';
import { useCepLookup } from './useCepLookup';
import type { FieldErrors } from './useFormErrors';

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

/** Billing address block: CEP (with lookup at 8 digits), number, street, neighborhood, complement, city, state. */
export function AddressFields({
  values,
  onChange,
  onAddressFound,
  disabled,
  errors = {},
}: {
  values: AddressValues;
  onChange: (patch: Partial<AddressValues>) => void;
  /** Receives the lookup result; the parent merges it with `mergeCepAddress` into its latest state. */
  onAddressFound: (address: CepAddress) => void;
  disabled?: boolean;
  /** Validation messages by field name, shown beside each field. */
  errors?: FieldErrors;
}) {
  const stateId = useId();
  const stateErrorId = `${stateId}-error`;
  const { lookup, loading } = useCepLookup(onAddressFound);

  return (
    <fieldset className="co-section" disabled={disabled}>
      <legend>Endereço de cobrança</legend>
      <div className="co-row co-row--cep">
        <MaskedTextField
          label="CEP"
          name="cep"
          inputMode="numeric"
          autoComplete="postal-code"
          placeholder="00000-000"
          mask={CEP_MASK}
          aria-required="true"
          value={values.cep}
          error={errors.cep}
          hint={loading ? 'Buscando endereço...' : undefined}
          onAccept={(cep) => {
            onChange({ cep });
            lookup(cep);
          }}
        />
        <TextField
          label="Número"
          name="number"
          maxLength={CHECKOUT_LIMITS.number}
          autoComplete="address-line2"
          aria-required="true"
          value={values.number}
          error={errors.number}
          onChange={(event) => onChange({ number: event.target.value })}
        />
      </div>
      <TextField
        label="Endereço (rua, avenida)"
        name="street"
        maxLength={CHECKOUT_LIMITS.street}
        autoComplete="address-line1"
        aria-required="true"
        value={values.street}
        error={errors.street}
        onChange={(event) => onChange({ street: event.target.value })}
      />
      <div className="co-row co-row--2">
        <TextField
          label="Bairro"
          name="neighborhood"
          maxLength={CHECKOUT_LIMITS.neighborhood}
          aria-required="true"
          value={values.neighborhood}
          error={errors.neighborhood}
          onChange={(event) => onChange({ neighborhood: event.target.value })}
        />
        <TextField
          label="Complemento (opcional)"
          name="complement"
          maxLength={CHECKOUT_LIMITS.complement}
          value={values.complement}
          onChange={(event) => onChange({ complement: event.target.value })}
        />
      </div>
      <div className="co-row co-row--city">
        <TextField
          label="Cidade"
          name="city"
          maxLength={CHECKOUT_LIMITS.city}
          autoComplete="address-level2"
          aria-required="true"
          value={values.city}
          error={errors.city}
          onChange={(event) => onChange({ city: event.target.value })}
        />
        <div className="field">
          <label className="field__label" htmlFor={stateId}>
            Estado
          </label>
          <select
            id={stateId}
            name="state"
            className="field__input co-select"
            autoComplete="address-level1"
            aria-required="true"
            aria-invalid={errors.state ? true : undefined}
            aria-describedby={errors.state ? stateErrorId : undefined}
            value={values.state}
            onChange={(event) => onChange({ state: event.target.value })}
          >
            <option value="">Selecione</option>
            {BRAZIL_STATES.map((uf) => (
              <option key={uf} value={uf}>
                {uf}
              </option>
            ))}
          </select>
          {errors.state && (
            <p id={stateErrorId} className="field__error">
              {errors.state}
            </p>
          )}
        </div>
      </div>
    </fieldset>
  );
}
