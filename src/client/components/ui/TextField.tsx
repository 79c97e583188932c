import type {
  InputHTMLAttributes,
  ReactNode,
  Ref,
  SelectHTMLAttributes,
  TextareaHTMLAttributes,
} from 'react';
import { preloadPasswordStrength } from '../../lib/password-check';
import { adoptTypedText, assignRef } from './adopt-typed-text';
import { Field } from './Field';

interface FieldProps {
  label: ReactNode;
  /** Message shown under the field and announced with it. */
  error?: string | undefined;
  hint?: ReactNode;
}

export interface TextFieldProps extends FieldProps, Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  ref?: Ref<HTMLInputElement>;
}

/** A labelled input whose hint and error are tied to it for screen readers. */
export function TextField({ label, error, hint, ref, ...input }: TextFieldProps) {
  return (
    <Field label={label} hint={hint} error={error}>
      {(control) => <input ref={adoptTypedText(ref)} className="field__input" {...control} {...input} />}
    </Field>
  );
}

/** A labelled textarea (three rows unless told), hint and error tied to it. */
export function TextAreaField({
  label,
  error,
  hint,
  ref,
  className,
  ...area
}: FieldProps &
  Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> & { ref?: Ref<HTMLTextAreaElement> }) {
  return (
    <Field label={label} hint={hint} error={error}>
      {(control) => (
        <textarea
          ref={adoptTypedText(ref)}
          className={className ? `field__input ${className}` : 'field__input'}
          rows={3}
          {...control}
          {...area}
        />
      )}
    </Field>
  );
}

/** A labelled select, same look as `TextField`. */
export function SelectField({
  label,
  error,
  hint,
  ref,
  children,
  ...select
}: FieldProps & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> & { ref?: Ref<HTMLSelectElement> }) {
  return (
    <Field label={label} hint={hint} error={error}>
      {(control) => (
        <select ref={adoptTypedText(ref)} className="field__input" {...control} {...select}>
          {children}
        </select>
      )}
    </Field>
  );
}

/**
 * A password input: `new` (a password being chosen: the strength check starts loading on focus),
 * `confirm` (typed again) or `current` (the one the account has).
 */
export function PasswordField({
  purpose,
  onFocus,
  ref,
  ...field
}: Omit<TextFieldProps, 'type' | 'autoComplete'> & { purpose: 'new' | 'confirm' | 'current' }) {
  return (
    <TextField
      type="password"
      autoComplete={purpose === 'current' ? 'current-password' : 'new-password'}
      onFocus={(event) => {
        if (purpose === 'new') preloadPasswordStrength();
        onFocus?.(event);
      }}
      ref={(input: HTMLInputElement | null) => {
        // Focused or typed into before the app adopted the page: the focus event is long gone.
        if (purpose === 'new' && input && (input.value !== '' || document.activeElement === input)) {
          preloadPasswordStrength();
        }
        assignRef(ref, input);
      }}
      {...field}
    />
  );
}

/** The account's current password, asked before a sensitive change (e-mail, password, PIX key). */
export function CurrentPasswordField(props: Omit<TextFieldProps, 'type' | 'autoComplete' | 'label'>) {
  return <PasswordField label="Senha atual" purpose="current" {...props} />;
}
