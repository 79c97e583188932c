import { CARD_NUMBER_MASK, CVV_MASK, EXPIRY_MASK } from '../../lib/masks';
import { MaskedTextField } from '../ui/MaskedTextField';
import { TextField } from '../ui/TextField';
import type { FieldErrors } from './useFormErrors';

export interface CardValues {
  cardNumber: string;
  cardHolderName: string;
  expiryDate: string;
  cvv: string;
}

export const EMPTY_CARD: CardValues = { cardNumber: '', cardHolderName: '', expiryDate: '', cvv: '' };

/**
 * Card number, holder, expiry (MM/AA) and CVV. The browser sends them to the provider's tokens
 * endpoint and our server only the token (card-tokenizer.ts, ADR 020); `autoComplete` lets the
 * browser's wallet fill them.
 */
export function CardFields({
  values,
  onChange,
  errors = {},
}: {
  values: CardValues;
  onChange: (patch: Partial<CardValues>) => void;
  errors?: FieldErrors;
}) {
  return (
    <div className="co-stack">
      <MaskedTextField
        label="Número do cartão"
        name="cardNumber"
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="0000 0000 0000 0000"
        mask={CARD_NUMBER_MASK}
        aria-required="true"
        value={values.cardNumber}
        error={errors.cardNumber}
        onAccept={(cardNumber) => onChange({ cardNumber })}
      />
      <TextField
        label="Nome no cartão"
        name="cardHolderName"
        autoComplete="cc-name"
        aria-required="true"
        value={values.cardHolderName}
        error={errors.cardHolderName}
        onChange={(event) => onChange({ cardHolderName: event.target.value.toUpperCase() })}
      />
      <div className="co-row co-row--2">
        <MaskedTextField
          label="Validade (MM/AA)"
          name="expiryDate"
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="MM/AA"
          mask={EXPIRY_MASK}
          aria-required="true"
          value={values.expiryDate}
          error={errors.expiryDate}
          onAccept={(expiryDate) => onChange({ expiryDate })}
        />
        <MaskedTextField
          label="CVV"
          name="cvv"
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder="123"
          mask={CVV_MASK}
          aria-required="true"
          value={values.cvv}
          error={errors.cvv}
          onAccept={(cvv) => onChange({ cvv })}
        />
      </div>
    </div>
  );
}
