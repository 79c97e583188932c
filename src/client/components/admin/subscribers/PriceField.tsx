import { useState } from 'react';
import { centsToReais, moneyTextProblem, reaisToCents } from '../../../../shared/money-text';
import { MoneyField } from '../../ui/MoneyField';

/**
 * The subscriber's price, typed in reais as everywhere else ("1.497,00") for a value kept in
 * cents. The person's text is kept as typed; the form receives cents, or NaN while the text is not
 * an amount, and the field then says why (an unreadable or implausible amount) before the schema's
 * own message.
 */
export function PriceField({
  cents,
  onChange,
  error,
  disabled,
}: {
  cents: number;
  onChange: (cents: number) => void;
  error?: string;
  disabled?: boolean;
}) {
  const [text, setText] = useState(() => (Number.isFinite(cents) ? centsToReais(cents) : ''));
  const problem = text.trim() === '' ? null : moneyTextProblem(text);
  return (
    <MoneyField
      label="Valor da assinatura (R$)"
      required
      value={text}
      disabled={disabled}
      error={problem ?? error}
      onValueChange={(value) => {
        setText(value);
        const parsed = value.trim() === '' ? null : reaisToCents(value);
        onChange(parsed ?? Number.NaN);
      }}
    />
  );
}
