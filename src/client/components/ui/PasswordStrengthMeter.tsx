import { useId } from 'react';
import { PASSWORD_MIN } from '../../../shared/password-rules';
import { usePasswordScore } from '../../lib/password-check';

/** The estimator's 0–4 in words; 3 and up is what the server accepts. */
const LEVELS = ['Muito fraca', 'Muito fraca', 'Fraca', 'Boa', 'Forte'] as const;

/**
 * The strength of a new password while it is typed, by the very estimate the server applies
 * (shared/password-strength.ts, downloaded on the field's first focus): a meter and its word, and
 * whether the password would be accepted. The form's own check still says why on submit.
 */
export function PasswordStrengthMeter({
  password,
  person,
}: {
  password: string;
  person?: { name?: string; email?: string };
}) {
  const id = useId();
  const estimate = usePasswordScore(password, person);
  const text =
    password.length === 0
      ? null
      : password.length < PASSWORD_MIN
        ? `Força da senha: curta demais (mínimo de ${PASSWORD_MIN} caracteres)`
        : estimate
          ? `Força da senha: ${LEVELS[estimate.score] ?? LEVELS[0]}${estimate.accepted ? '' : ' — escolha uma senha mais difícil de adivinhar'}`
          : null;
  // The meter's place is held, hidden, while there is nothing to say: appearing, it would move
  // the form under the person's finger (typed before the app ran, the password is read as the app
  // starts, just when a tap on the terms box below is on its way).
  const empty = text === null;
  return (
    <div className={empty ? 'password-meter password-meter--empty' : 'password-meter'}>
      <meter
        aria-labelledby={id}
        min={0}
        max={4}
        low={2.5}
        high={3.5}
        optimum={4}
        value={estimate && password.length >= PASSWORD_MIN ? estimate.score : 0}
      />
      <span id={id} className="password-meter__text" aria-live="polite">
        {text}
      </span>
    </div>
  );
}
