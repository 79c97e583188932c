import { CHECKOUT_LIMITS } from '../../../shared/checkout-schemas';
import { CPF_MASK, PHONE_MASK } from '../../lib/masks';
import { MaskedTextField } from '../ui/MaskedTextField';
import { TextField } from '../ui/TextField';
import type { FieldErrors } from './useFormErrors';

export interface CustomerValues {
  name: string;
  email: string;
  phone: string;
  cpf: string;
}

/**
 * "Seus dados" of both checkouts: name, e-mail, phone/WhatsApp and CPF. `cpfName` is the CPF
 * input's name (the /checkout form calls it `document`, as its payload does); `askName` and
 * `askEmail` leave out what the old checkout already knows from its query.
 */
export function CustomerFields({
  values,
  onChange,
  cpfName = 'cpf',
  askName = true,
  askEmail = true,
  disabled,
  errors = {},
}: {
  values: CustomerValues;
  onChange: (patch: Partial<CustomerValues>) => void;
  cpfName?: 'cpf' | 'document';
  askName?: boolean;
  askEmail?: boolean;
  disabled?: boolean;
  errors?: FieldErrors;
}) {
  return (
    <fieldset className="co-section" disabled={disabled}>
      <legend>Seus dados</legend>
      {askName && (
        <TextField
          label="Nome completo"
          name="name"
          maxLength={CHECKOUT_LIMITS.name}
          autoComplete="name"
          aria-required="true"
          value={values.name}
          error={errors.name}
          onChange={(event) => onChange({ name: event.target.value })}
        />
      )}
      {askEmail && (
        <TextField
          label="Email"
          name="email"
          maxLength={CHECKOUT_LIMITS.email}
          type="email"
          inputMode="email"
          autoComplete="email"
          aria-required="true"
          value={values.email}
          error={errors.email}
          onChange={(event) => onChange({ email: event.target.value })}
        />
      )}
      <div className="co-row co-row--2">
        <MaskedTextField
          label="Telefone / WhatsApp"
          name="phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          placeholder="(11) 99999-9999"
          mask={PHONE_MASK}
          aria-required="true"
          value={values.phone}
          error={errors.phone}
          onAccept={(phone) => onChange({ phone })}
        />
        <MaskedTextField
          label="CPF"
          name={cpfName}
          inputMode="numeric"
          placeholder="000.000.000-00"
          mask={CPF_MASK}
          aria-required="true"
          value={values.cpf}
          error={errors[cpfName]}
          onAccept={(cpf) => onChange({ cpf })}
        />
      </div>
    </fieldset>
  );
}
