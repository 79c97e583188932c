/**
 * A PIX key field: the type read from what is typed is shown as it is typed; an 11-digit key that
 * is both a valid CPF and a mobile number asks which one it is (the choice is saved with the key);
 * a stored key that no longer resolves is shown as an error to fix
 * (docs/decisions/031-pix-key-readings.md). Used by the club's settings and by the member's key
 * for commissions ("Indicações"): any form with the fields `pixKey` and `pixKeyType`.
 */
import { useEffect, useId, useState } from 'react';
import {
  useWatch,
  type Control,
  type FieldErrors,
  type Path,
  type PathValue,
  type UseFormRegister,
  type UseFormSetValue,
  type UseFormTrigger,
} from 'react-hook-form';
import {
  formatPixKey,
  normalizePixKey,
  PIX_KEY_LABELS,
  PIX_KEY_MSG,
  type PixKeyReading,
  type PixKeyType,
} from '../../../shared/pix-key';
import { SETTINGS_SCREEN_MSG } from '../../../shared/settings-schemas';
import { Alert } from './Alert';
import { TextField } from './TextField';
import { fieldOf } from './field-of';
import '../../styles/pix-key-field.css';

/** The two fields a form holding a PIX key has. */
export interface PixKeyForm {
  pixKey: string;
  pixKeyType?: PixKeyType | null;
}

/** The key and type as saved. */
interface StoredPixKey {
  pixKey: string;
  pixKeyType: PixKeyType | null;
}

interface PixKeyFieldProps<T extends PixKeyForm> {
  control: Control<T, unknown, unknown>;
  register: UseFormRegister<T>;
  setValue: UseFormSetValue<T>;
  trigger: UseFormTrigger<T>;
  errors: FieldErrors<T>;
  /** A pair that does not resolve is shown as an error at once (unless `optional` and empty). */
  stored: StoredPixKey;
  /** The field's hint (the settings' by default). */
  hint?: string;
  /** No key saved is not a problem (the member's key for commissions). */
  optional?: boolean;
}

const KEY = 'pixKey';
const TYPE = 'pixKeyType';

/** What the typed key reads as: one type, two to choose from, or none yet. */
function readingOf(typed: string): { type: PixKeyType; key: string } | { choices: PixKeyReading[] } | null {
  const pix = normalizePixKey(typed);
  if (pix.ok) return { type: pix.type, key: pix.key };
  return pix.choices ? { choices: pix.choices } : null;
}

/** The 11 digits a CPF-or-phone choice was made for (a saved CPF or phone key), else null. */
function choiceDigits({ pixKey, pixKeyType }: StoredPixKey): string | null {
  if (pixKeyType === 'cpf') return pixKey;
  if (pixKeyType === 'phone') return pixKey.replace(/^\+55/, '');
  return null;
}

export function PixKeyField<T extends PixKeyForm>({
  control,
  register,
  setValue,
  trigger,
  errors,
  stored,
  hint = 'CPF, CNPJ, celular com DDD, e-mail ou chave aleatória. Salva no formato que os bancos usam.',
  optional = false,
}: PixKeyFieldProps<T>) {
  const ids = useId();
  const keyPath = KEY as Path<T>;
  const typePath = TYPE as Path<T>;
  const typed = (useWatch({ control, name: keyPath }) as string | undefined) ?? '';
  const chosen = (useWatch({ control, name: typePath }) as PixKeyType | null | undefined) ?? null;
  const reading = readingOf(typed);
  const choices = reading && 'choices' in reading ? reading.choices : null;
  const digits = choices?.find((choice) => choice.type === 'cpf')?.key ?? null;
  const storedProblem =
    !(optional && stored.pixKey === '') && !normalizePixKey(stored.pixKey, stored.pixKeyType).ok;

  // A choice holds for the digits it was made for (or saved with), never for the next key typed.
  const [choiceFor, setChoiceFor] = useState<string | null>(null);
  const madeFor = digits !== null && (digits === choiceFor || digits === choiceDigits(stored));
  const keepChoice = madeFor && choices?.some((choice) => choice.type === chosen);
  const next = reading && 'type' in reading ? reading.type : keepChoice ? chosen : null;
  useEffect(() => {
    if (next !== chosen) setValue(typePath, next as PathValue<T, Path<T>>);
  }, [next, chosen, setValue, typePath]);

  // A stored key that fails shows its reason under the field as soon as the screen opens.
  useEffect(() => {
    if (storedProblem) void trigger();
  }, [storedProblem, trigger]);

  const typeField = register(typePath);
  const typeError = (errors as FieldErrors<PixKeyForm>).pixKeyType?.message;
  return (
    <div className="pix-field">
      {storedProblem && <Alert>{PIX_KEY_MSG.storedInvalid}</Alert>}
      <TextField label="Chave PIX" hint={hint} autoComplete="off" {...fieldOf(register, errors, keyPath)} />
      <p className="pix-field__type" role="status">
        {reading && 'type' in reading
          ? `${SETTINGS_SCREEN_MSG.pixKeyDetected(PIX_KEY_LABELS[reading.type])} (${formatPixKey(reading)})`
          : choices
            ? SETTINGS_SCREEN_MSG.pixKeyDetected(SETTINGS_SCREEN_MSG.pixKeyEither)
            : SETTINGS_SCREEN_MSG.pixKeyUnknown}
      </p>
      {choices && (
        <fieldset
          className="pix-field__choices"
          aria-describedby={typeError ? `${ids}-type-error` : undefined}
        >
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
