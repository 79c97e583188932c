/**
 * Step 2 of the wizard: the complete profile (docs/product/public-site-and-checkout.md §5), pre-filled with the current data the
 * confirmed code unlocked. The fields are checked with the server's schema; a CEP the person types
 * fills the empty address parts and asks before replacing a different address (ADR 033); a size the club set outside
 * P/M/G/GG is offered beside them, so saving keeps it.
 */
import { useId, useState } from 'react';
import {
  PROFILE_UPDATE_LIMITS,
  PROFILE_UPDATE_MSG,
  WIZARD_SHIRT_SIZES,
  completeProfileInput,
  type CompleteProfileResponse,
  type CompleteProfileValues,
  type VerifyCodeResponse,
} from '../../../shared/profile-update-schemas';
import { FIELD_LIMITS } from '../../../shared/fields/limits';
import { errorText } from '../../lib/errors';
import { PHONE_INPUT } from '../../lib/masks';
import { AddressFieldset } from '../address/AddressFieldset';
import { Button } from '../ui/Button';
import { MaskedFormField } from '../ui/MaskedFormField';
import { TextField } from '../ui/TextField';
import { completeProfile } from './profile-update-api';
import { StepBack, StepForm } from './step-heading';
import { useStepForm } from './use-step-form';
import { fieldsOf } from '../ui/field-of';

type Verified = VerifyCodeResponse;

function defaultsOf(verified: Verified): CompleteProfileValues {
  const { subscriber } = verified;
  const { address } = subscriber.currentData;
  return {
    subscriberId: subscriber.id,
    verificationToken: verified.verificationToken,
    firstName: subscriber.currentData.firstName,
    lastName: subscriber.currentData.lastName,
    email: subscriber.email,
    phone: subscriber.phone,
    address: { ...address },
    shirtSize: subscriber.currentData.shirtSize as CompleteProfileValues['shirtSize'],
  };
}

export function ProfileStep({
  verified,
  onSaved,
  onBack,
}: {
  verified: Verified;
  onSaved: (answer: CompleteProfileResponse) => void;
  onBack: () => void;
}) {
  const [failure, setFailure] = useState<string | null>(null);
  const ids = useId();
  const currentSize = verified.subscriber.currentData.shirtSize;
  const sizes: string[] = (WIZARD_SHIRT_SIZES as readonly string[]).includes(currentSize)
    ? [...WIZARD_SHIRT_SIZES]
    : [...WIZARD_SHIRT_SIZES, currentSize];

  const form = useStepForm(completeProfileInput, defaultsOf(verified));
  const { errors, isSubmitting, submitCount } = form.formState;
  const field = fieldsOf(form.register, errors);
  /** The two parts of the name: each required, each as long as the server takes it. */
  const namePart = (name: 'firstName' | 'lastName', label: string, autoComplete: string) => ({
    label,
    autoComplete,
    'aria-required': 'true' as const,
    maxLength: PROFILE_UPDATE_LIMITS.name,
    ...field(name),
  });

  const submit = form.handleSubmit(async (input) => {
    setFailure(null);
    try {
      onSaved(await completeProfile(input));
    } catch (error) {
      setFailure(errorText(error, PROFILE_UPDATE_MSG.updateFailed, PROFILE_UPDATE_MSG.updateNetwork));
    }
  });

  const sizeError = errors.shirtSize?.message;
  // A record with an account keeps its e-mail and WhatsApp here (ADR 027): "Meu Perfil" changes them.
  const contactsKept = verified.contactsInPortal;

  return (
    <StepForm
      id="pu-profile"
      title="Complete seu perfil"
      focus
      lead={<>Confira seus dados e corrija o que mudou. Os campos opcionais estão indicados.</>}
      failure={failure}
      submitCount={submitCount}
      hasErrors={Object.keys(errors).length > 0}
      onSubmit={submit}
    >
      <fieldset className="pu-group">
        <legend>Dados pessoais</legend>
        <div className="pu-row">
          <TextField {...namePart('firstName', 'Nome', 'given-name')} />
          <TextField {...namePart('lastName', 'Sobrenome', 'family-name')} />
        </div>
        <div className="pu-row">
          <TextField
            label="E-mail"
            type="email"
            autoComplete="email"
            aria-required="true"
            maxLength={FIELD_LIMITS.email}
            readOnly={contactsKept}
            {...field('email')}
          />
          <MaskedFormField
            control={form.control}
            name="phone"
            label="Telefone / WhatsApp"
            autoComplete="tel-national"
            aria-required="true"
            readOnly={contactsKept}
            {...PHONE_INPUT}
          />
        </div>
        {contactsKept && (
          <p className="form__aside" data-testid="contacts-in-portal">
            {PROFILE_UPDATE_MSG.contactsInPortal}
          </p>
        )}
      </fieldset>

      <AddressFieldset
        form={form}
        nameOf={(input) => (input === 'cep' ? 'address.zipCode' : `address.${input}`)}
        look="wizard"
        legend="Endereço"
        neighborhoodOptional
        validateFills={submitCount > 0}
      />

      <fieldset className="pu-group pu-sizes" aria-describedby={sizeError ? `${ids}-size-error` : undefined}>
        <legend>Tamanho da camiseta</legend>
        <div className="pu-sizes__options">
          {sizes.map((size, index) => (
            <label key={size} className="pu-size">
              <input
                type="radio"
                value={size}
                aria-invalid={sizeError && index === 0 ? true : undefined}
                {...form.register('shirtSize')}
              />
              <span>{size}</span>
            </label>
          ))}
        </div>
        {sizeError && (
          <p id={`${ids}-size-error`} className="field__error">
            {sizeError}
          </p>
        )}
      </fieldset>

      <div className="pu-actions">
        <Button type="submit" loading={isSubmitting} loadingLabel="Salvando...">
          Salvar Dados
        </Button>
        <StepBack onBack={onBack} />
      </div>
    </StepForm>
  );
}
