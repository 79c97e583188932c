import {
  CARD_NUMBER_MAX_LENGTH,
  CVV_MAX_LENGTH,
  EXPIRY_MAX_LENGTH,
  maskCardNumber,
  maskCvv,
  maskExpiry,
} from '../../lib/masks';
import { TextField } from '../ui/TextField';

export interface CardValues {
  cardNumber: string;
  cardHolderName: string;
  expiryDate: string;
  cvv: string;
}

export const EMPTY_CARD: CardValues = { cardNumber: '', cardHolderName: '', expiryDate: '', cvv: '' };

/**
 * Card number, holder, expiry (MM/AA) and CVV. The values go straight to the provider through our
 * server and are never stored (DECISIONS §4); `autoComplete` lets the browser's wallet fill them.
 */
export function CardFields({
  values,
  onChange,
}: {
  values: CardValues;
  onChange: (patch: Partial<CardValues>) => void;
}) {
  return (
    <div className="co-stack">
      <TextField
        label="Número do cartão"
        name="cardNumber"
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="0000 0000 0000 0000"
        maxLength={CARD_NUMBER_MAX_LENGTH}
        aria-required="true"
        value={values.cardNumber}
        onChange={(event) => onChange({ cardNumber: maskCardNumber(event.target.value) })}
      />
      <TextField
        label="Nome no cartão"
        name="cardHolderName"
        autoComplete="cc-name"
        aria-required="true"
        value={values.cardHolderName}
        onChange={(event) => onChange({ cardHolderName: event.target.value.toUpperCase() })}
      />
      <div className="co-row co-row--2">
        <TextField
          label="Validade (MM/AA)"
          name="expiryDate"
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="MM/AA"
          maxLength={EXPIRY_MAX_LENGTH}
          aria-required="true"
          value={values.expiryDate}
          onChange={(event) => onChange({ expiryDate: maskExpiry(event.target.value) })}
        />
        <TextField
          label="CVV"
          name="cvv"
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder="123"
          maxLength={CVV_MAX_LENGTH}
          aria-required="true"
          value={values.cvv}
          onChange={(event) => onChange({ cvv: maskCvv(event.target.value) })}
        />
      </div>
    </div>
  );
}
