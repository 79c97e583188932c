import type { FocusEvent } from 'react';
import { centsToReais, reaisToCents } from '../../../shared/money-text';
import { TextField, type TextFieldProps } from './TextField';

export interface MoneyFieldProps extends Omit<
  TextFieldProps,
  'value' | 'defaultValue' | 'onChange' | 'type' | 'inputMode'
> {
  /** The text as the person sees it ("1.497,00"). */
  value: string;
  onValueChange: (text: string) => void;
}

/**
 * The one money input of the product (Configurações' prices, a subscriber's price): reais typed the
 * Brazilian way, with the decimal keypad. Only digits, points and a comma go in; on leaving the
 * field a readable amount is written back as the shared money text shows it ("1497" → "1.497,00"),
 * so what is saved is what the person sees. The form's schema (shared/money-text.ts) turns the
 * text into cents and refuses an implausible amount.
 */
export function MoneyField({ value, onValueChange, onBlur, ...field }: MoneyFieldProps) {
  return (
    <TextField
      inputMode="decimal"
      autoComplete="off"
      placeholder="0,00"
      {...field}
      value={value}
      onChange={(event) => onValueChange(event.target.value.replace(/[^\d.,]/g, ''))}
      onBlur={(event: FocusEvent<HTMLInputElement>) => {
        const cents = reaisToCents(value);
        if (cents !== null && centsToReais(cents) !== value) onValueChange(centsToReais(cents));
        onBlur?.(event);
      }}
    />
  );
}
