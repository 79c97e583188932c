import { useController, useFormContext } from 'react-hook-form';
import { CHECKOUT_LIMITS, type CardDataInput } from '../../../shared/checkout-schemas';
import { CARD_NUMBER_MASK, CVV_MASK, EXPIRY_MASK } from '../../lib/masks';
import { TextField } from '../ui/TextField';
import { MaskedFormField } from '../ui/MaskedFormField';

export type CardValues = CardDataInput;

export const EMPTY_CARD: CardValues = { cardNumber: '', cardHolderName: '', expiryDate: '', cvv: '' };

/**
 * Card number, holder, expiry (MM/AA) and CVV, bound to the surrounding react-hook-form form. The
 * browser sends them to the provider's tokens endpoint and our server only the token
 * (card-tokenizer.ts, ADR 020); the form's schema checks them first (ADR 023). `autoComplete` lets
 * the browser's wallet fill them.
 */
export function CardFields() {
  const { control } = useFormContext<CardValues>();
  // The holder's name is shown as printed on the card: in capitals while typing.
  const {
    field: { name, value, onChange, onBlur, ref },
    fieldState,
  } = useController({ control, name: 'cardHolderName' });
  return (
    <div className="co-stack">
      <MaskedFormField
        label="Número do cartão"
        name="cardNumber"
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="0000 0000 0000 0000"
        mask={CARD_NUMBER_MASK}
        aria-required="true"
      />
      <TextField
        label="Nome no cartão"
        autoComplete="cc-name"
        aria-required="true"
        maxLength={CHECKOUT_LIMITS.cardHolder}
        error={fieldState.error?.message}
        name={name}
        ref={ref}
        value={value}
        onBlur={onBlur}
        onChange={(event) => onChange(event.target.value.toUpperCase())}
      />
      <div className="co-row co-row--2">
        <MaskedFormField
          label="Validade (MM/AA)"
          name="expiryDate"
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="MM/AA"
          mask={EXPIRY_MASK}
          aria-required="true"
        />
        <MaskedFormField
          label="CVV"
          name="cvv"
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder="123"
          mask={CVV_MASK}
          aria-required="true"
        />
      </div>
    </div>
  );
}
