import { useFormContext } from 'react-hook-form';
import { CHECKOUT_LIMITS } from '../../../shared/checkout-rules';
import { CPF_INPUT, PHONE_INPUT } from '../../lib/masks';
import { TextField } from '../ui/TextField';
import { MaskedFormField } from '../ui/MaskedFormField';
import { fieldsOf } from '../ui/field-of';

/** The customer's fields as both checkout forms name them (the CPF's name is `cpfName`). */
interface CustomerValues {
  name: string;
  email: string;
  phone: string;
}

/**
 * "Seus dados" of both checkouts: name, e-mail, phone/WhatsApp and CPF, bound to the surrounding
 * react-hook-form form (FormProvider), whose schema gives each field its message. `cpfName` is the
 * CPF input's name (the /checkout form calls it `document`, as its payload does); `askName` and
 * `askEmail` leave out what the old checkout already knows from its query.
 */
export function CustomerFields({
  cpfName = 'cpf',
  askName = true,
  askEmail = true,
  disabled,
}: {
  cpfName?: 'cpf' | 'document';
  askName?: boolean;
  askEmail?: boolean;
  disabled?: boolean;
}) {
  const {
    register,
    formState: { errors },
  } = useFormContext<CustomerValues>();
  const field = fieldsOf(register, errors);
  return (
    <fieldset className="co-section" disabled={disabled}>
      <legend>Seus dados</legend>
      {askName && (
        <TextField
          label="Nome completo"
          maxLength={CHECKOUT_LIMITS.name}
          autoComplete="name"
          aria-required="true"
          {...field('name')}
        />
      )}
      {askEmail && (
        <TextField
          label="Email"
          maxLength={CHECKOUT_LIMITS.email}
          type="email"
          inputMode="email"
          autoComplete="email"
          aria-required="true"
          {...field('email')}
        />
      )}
      <div className="co-row co-row--2">
        <MaskedFormField
          label="Telefone / WhatsApp"
          name="phone"
          autoComplete="tel-national"
          placeholder="(11) 99999-9999"
          {...PHONE_INPUT}
          aria-required="true"
        />
        <MaskedFormField
          label="CPF"
          name={cpfName}
          placeholder="000.000.000-00"
          {...CPF_INPUT}
          aria-required="true"
        />
      </div>
    </fieldset>
  );
}
