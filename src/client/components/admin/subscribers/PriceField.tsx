import { useState } from 'react';
import { TextField } from '../../ui/TextField';

/**
 * The price in reais (step 0.01) for a value kept in cents. The person's text is kept as typed; the
 * form receives cents, or NaN while the text is not a number (the schema then says "Preço é
 * obrigatório").
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
  const [text, setText] = useState(() => (Number.isFinite(cents) ? (cents / 100).toFixed(2) : ''));
  return (
    <TextField
      label="Valor da assinatura (R$)"
      type="number"
      inputMode="decimal"
      step="0.01"
      min="0"
      required
      value={text}
      disabled={disabled}
      error={error}
      onChange={(event) => {
        const value = event.target.value;
        setText(value);
        const parsed = value.trim() === '' ? Number.NaN : Number(value.replace(',', '.'));
        onChange(Number.isFinite(parsed) ? Math.round(parsed * 100) : Number.NaN);
      }}
    />
  );
}
