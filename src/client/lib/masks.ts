/**
 * Input masks for the Brazilian form fields (docs/product/public-site-and-checkout.md §5, docs/product/back-office-and-member-area.md §5), as IMask options shared by
 * both checkouts (and the admin subscriber form). `MaskedTextField` applies them to an input; the
 * field's value is the masked text, exactly what the person sees. Masks only shape the text: the
 * rules (required, CPF check digits, card expiry…) live in the validators.
 *
 * Pattern digits are `0`; everything else in a pattern is a fixed character IMask inserts itself.
 * Only `lazy` patterns (the default) are used, so an empty field stays empty and no placeholder
 * underscores appear.
 */
// Types only: IMask itself loads with a masked field's first focus (load-imask.ts), with the two
// mask kinds these definitions need (pattern, dynamic).
import type { MaskedDynamicOptions, MaskedPatternOptions } from 'imask';
import { digitsOf, nationalPhoneDigits } from '../../shared/fields/rules';

/**
 * (DD) NNNN-NNNN for landlines, (DD) NNNNN-NNNN for mobiles; at most 15 characters. A text put in
 * at once (paste, autofill) with more than 11 digits that starts with 55 is an international
 * number: the country code is dropped, so "+55 (11) 98765-4321" becomes "(11) 98765-4321" and not
 * a wrong number cut to its first 11 digits.
 */
export const PHONE_MASK = {
  // IMask's default dispatch picks the pattern that takes the most digits; on a tie (up to ten
  // digits) the first, so a number only becomes a mobile at its eleventh digit.
  mask: [{ mask: '(00) 0000-0000' }, { mask: '(00) 00000-0000' }],
  // Runs on each inserted text as a whole (one key when typing, everything when pasting).
  // The shared +55 normalisation (ADR 037); a text it leaves alone is kept as typed.
  prepare: (text: string) => {
    const national = nationalPhoneDigits(text);
    return national === digitsOf(text) ? text : national;
  },
} satisfies MaskedDynamicOptions;

/** 000.000.000-00; at most 14 characters. */
export const CPF_MASK = { mask: '000.000.000-00' } satisfies MaskedPatternOptions;

/** 00000-000; at most 9 characters. */
export const CEP_MASK = { mask: '00000-000' } satisfies MaskedPatternOptions;

/**
 * What every phone, CPF and CEP input carries, whatever the form: its mask and the keypad for it.
 * Labels, placeholders and autocomplete stay with each form (an admin types someone else's number,
 * so the back office's fields offer no autofill).
 */
export const PHONE_INPUT = { mask: PHONE_MASK, type: 'tel', inputMode: 'tel' } as const;
export const CPF_INPUT = { mask: CPF_MASK, inputMode: 'numeric' } as const;
export const CEP_INPUT = { mask: CEP_MASK, inputMode: 'numeric' } as const;

/** Card number in groups of four, up to 19 digits. */
export const CARD_NUMBER_MASK = { mask: '0000 0000 0000 0000 000' } satisfies MaskedPatternOptions;

/** Card expiry MM/AA (the month's range is the validator's business, with its own message). */
export const EXPIRY_MASK = { mask: '00/00' } satisfies MaskedPatternOptions;

/** Card security code: 3 or 4 digits. */
export const CVV_MASK = { mask: '0000' } satisfies MaskedPatternOptions;

/** The mask options `MaskedTextField` accepts. */
export type FieldMask =
  | typeof PHONE_MASK
  | typeof CPF_MASK
  | typeof CEP_MASK
  | typeof CARD_NUMBER_MASK
  | typeof EXPIRY_MASK
  | typeof CVV_MASK;
