import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import { FIELD_LIMITS } from '../../../shared/fields/limits';
import { TextField } from '../ui/TextField';
import { fieldsOf } from '../ui/field-of';
import { CepField } from './CepField';
import { CepQuestion } from './CepQuestion';
import { StateSelectField } from './StateSelectField';
import { formAddress } from './form-address';
import { useCepAutofill } from './useCepAutofill';

/** The inputs of the block. */
export type AddressInput = 'cep' | 'number' | 'street' | 'neighborhood' | 'complement' | 'city' | 'state';

/** The classes of the two forms the block stands in: the checkouts' and the profile wizard's. */
const LOOKS = {
  checkout: {
    fieldset: 'co-section',
    cepRow: 'co-row co-row--cep',
    pairRow: 'co-row co-row--2',
    cityRow: 'co-row co-row--city',
    select: 'field__input co-select',
  },
  wizard: {
    fieldset: 'pu-group',
    cepRow: 'pu-row pu-row--cep',
    pairRow: 'pu-row',
    cityRow: 'pu-row pu-row--city',
    select: 'field__input pu-select',
  },
} as const;

/**
 * What each typed part of the address asks: its label, its size (the shared field rules) and the
 * browser's autofill token.
 */
const TYPED_PARTS = {
  number: { label: 'Número', maxLength: FIELD_LIMITS.number, autoComplete: 'address-line2' },
  street: { label: 'Endereço (rua, avenida)', maxLength: FIELD_LIMITS.street, autoComplete: 'address-line1' },
  neighborhood: { label: 'Bairro', maxLength: FIELD_LIMITS.neighborhood },
  complement: { label: 'Complemento', maxLength: FIELD_LIMITS.complement },
  city: { label: 'Cidade', maxLength: FIELD_LIMITS.city, autoComplete: 'address-level2' },
} as const;

type TypedPart = keyof typeof TYPED_PARTS;

/**
 * The address block the checkouts and the profile-update wizard share: CEP (looked up at 8 digits)
 * and number, street, neighborhood and complement, city and state, each sized by the shared field
 * rules. A CEP the person types fills the empty address parts and asks before replacing a
 * different address (`useCepAutofill`, ADR 033). The form's schema gives each field its message;
 * `neighborhoodOptional` follows it (the wizard's schema lets the neighborhood be blank).
 */
export function AddressFieldset<T extends FieldValues, C, O>({
  form,
  nameOf,
  look,
  legend,
  disabled,
  neighborhoodOptional = false,
  validateFills = false,
}: {
  form: Pick<UseFormReturn<T, C, O>, 'register' | 'control' | 'getValues' | 'setValue' | 'formState'>;
  /** Where each input sits in the form's values (each form names them its own way). */
  nameOf: (input: AddressInput) => FieldPath<T>;
  look: keyof typeof LOOKS;
  legend: string;
  disabled?: boolean;
  neighborhoodOptional?: boolean;
  /** Whether what the lookup fills is checked at once (once the form was sent and shows messages). */
  validateFills?: boolean;
}) {
  const classes = LOOKS[look];
  const field = fieldsOf(form.register, form.formState.errors);
  /** A typed part's input; one the form lets be blank says so in its label and is not required. */
  const typed = (part: TypedPart) => {
    const optional = part === 'complement' || (part === 'neighborhood' && neighborhoodOptional);
    const { label, ...input } = TYPED_PARTS[part];
    return {
      ...input,
      label: optional ? `${label} (opcional)` : label,
      'aria-required': optional ? undefined : ('true' as const),
      ...field(nameOf(part)),
    };
  };
  const paths = {
    street: nameOf('street'),
    neighborhood: nameOf('neighborhood'),
    city: nameOf('city'),
    state: nameOf('state'),
  };
  const cep = useCepAutofill(formAddress(form, paths, { shouldValidate: validateFills }));

  return (
    <fieldset className={classes.fieldset} disabled={disabled}>
      <legend>{legend}</legend>
      <div className={classes.cepRow}>
        <CepField
          control={form.control}
          name={nameOf('cep')}
          lookup={cep}
          autoComplete="postal-code"
          placeholder="00000-000"
          aria-required="true"
        />
        <TextField {...typed('number')} />
      </div>
      <CepQuestion question={cep.question} />
      <TextField {...typed('street')} />
      <div className={classes.pairRow}>
        <TextField {...typed('neighborhood')} />
        <TextField {...typed('complement')} />
      </div>
      <div className={classes.cityRow}>
        <TextField {...typed('city')} />
        <StateSelectField className={classes.select} {...field(nameOf('state'))} />
      </div>
    </fieldset>
  );
}
