/**
 * The settings screen's PIX key: the type read from what is typed is shown as the owner types; an
 * 11-digit key that is both a valid CPF and a mobile number asks which one it is (the choice is
 * saved with the key); a stored key that no longer resolves is shown as an error to fix
 * (docs/decisions/031-pix-key-readings.md).
 */
import { useEffect, useId, useState } from 'react';
import {
  useWatch,
  type Control,
  type FieldErrors,
  type UseFormRegister,
  type UseFormSetValue,
  type UseFormTrigger,
} from 'react-hook-form';
import type { Settings } from '../../../../shared/content/settings-defaults';
import {
  formatPixKey,
  normalizePixKey,
  PIX_KEY_LABELS,
  PIX_KEY_MSG,
  type PixKeyReading,
  type PixKeyType,
} from '../../../../shared/pix-key';
import { SETTINGS_SCREEN_MSG, type SettingsFormInput } from '../../../../shared/settings-schemas';
import { Alert } from '../../ui/Alert';
import { TextField } from '../../ui/TextField';
import { fieldOf } from '../../ui/field-of';

interface PixKeyFieldProps {
  control: Control<SettingsFormInput, unknown, unknown>;
  register: UseFormRegister<SettingsFormInput>;
  setValue: UseFormSetValue<SettingsFormInput>;
  trigger: UseFormTrigger<SettingsFormInput>;
  errors: FieldErrors<SettingsFormInput>;
  /** The key and type as saved: a pair that does not resolve is shown as an error at once. */
  stored: Pick<Settings, 'pixKey' | 'pixKeyType'>;
}

/** What the typed key reads as: one type, two to choose from, or none yet. */
function readingOf(typed: string): { type: PixKeyType; key: string } | { choices: PixKeyReading[] } | null {
  const pix = normalizePixKey(typed);
  if (pix.ok) return { type: pix.type, key: pix.key };
  return pix.choices ? { choices: pix.choices } : null;
}

/** The 11 digits a CPF-or-phone choice was made for (a saved CPF or phone key), else null. */
function choiceDigits({ pixKey, pixKeyType }: PixKeyFieldProps['stored']): string | null {
  if (pixKeyType === 'cpf') return pixKey;
  if (pixKeyType === 'phone') return pixKey.replace(/^\+55/, '');
  return null;
}

export function PixKeyField({ control, register, setValue, trigger, errors, stored }: PixKeyFieldProps) {
  const ids = useId();
  const typed = useWatch({ control, name: 'pixKey' }) ?? '';
  const chosen = useWatch({ control, name: 'pixKeyType' }) ?? null;
  const reading = readingOf(typed);
  const choices = reading && 'choices' in reading ? reading.choices : null;
  const digits = choices?.find((choice) => choice.type === 'cpf')?.key ?? null;
  const storedProblem = !normalizePixKey(stored.pixKey, stored.pixKeyType).ok;

  // A choice holds for the digits it was made for (or saved with), never for the next key typed.
  const [choiceFor, setChoiceFor] = useState<string | null>(null);
  const madeFor = digits !== null && (digits === choiceFor || digits === choiceDigits(stored));
  const keepChoice = madeFor && choices?.some((choice) => choice.type === chosen);
  const next = reading && 'type' in reading ? reading.type : keepChoice ? chosen : null;
  useEffect(() => {
    if (next !== chosen) setValue('pixKeyType', next);
  }, [next, chosen, setValue]);

  // A stored key that fails shows its reason under the field as soon as the screen opens.
  useEffect(() => {
    if (storedProblem) void trigger();
  }, [storedProblem, trigger]);

  const typeField = register('pixKeyType');
  const typeError = errors.pixKeyType?.message;
  return (
    <div className="adm-pix">
      {storedProblem && <Alert>{PIX_KEY_MSG.storedInvalid}</Alert>}
      <TextField
        label="Chave PIX"
        hint="CPF, CNPJ, celular com DDD, e-mail ou chave aleatória. Salva no formato que os bancos usam."
        autoComplete="off"
        {...fieldOf(register, errors, 'pixKey')}
      />
      <p className="adm-note" role="status">
        {reading && 'type' in reading
          ? `${SETTINGS_SCREEN_MSG.pixKeyDetected(PIX_KEY_LABELS[reading.type])} (${formatPixKey(reading)})`
          : choices
            ? SETTINGS_SCREEN_MSG.pixKeyDetected(SETTINGS_SCREEN_MSG.pixKeyEither)
            : SETTINGS_SCREEN_MSG.pixKeyUnknown}
      </p>
      {choices && (
        <fieldset className="adm-pix__choices" aria-describedby={typeError ? `${ids}-type-error` : undefined}>
          <legend>{SETTINGS_SCREEN_MSG.pixKeyChoose}</legend>
          {choices.map((choice) => (
            <label key={choice.type} className="checkbox">
              <input
                type="radio"
                value={choice.type}
                aria-invalid={typeError ? true : undefined}
                {...typeField}
                onChange={(event) => {
                  setChoiceFor(digits);
                  void typeField.onChange(event);
                }}
              />
              <span>
                {PIX_KEY_LABELS[choice.type]} {formatPixKey(choice)}
              </span>
            </label>
          ))}
          {typeError && (
            <p id={`${ids}-type-error`} className="field__error">
              {typeError}
            </p>
          )}
        </fieldset>
      )}
    </div>
  );
}
