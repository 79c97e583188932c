/**
 * Card and payer fields as Pagar.me takes them, shared by the browser (the card token) and the
 * server (orders):
 * - `holder_name`: letters and spaces only, at most 64 characters. Digits and punctuation typed
 *   in the name ("Maria 2ª via", "D'Ávila", "Ana-Maria") become spaces and then collapse; accents
 *   are kept, since nothing in Pagar.me's documentation asks to remove them (ADR 020 says what was
 *   found and what `npm run pagarme:check` tries).
 * - a Brazilian phone: `area_code` and `number`, from what was typed with or without +55 and the
 *   long-distance 0 ("011 98765-4321" is area 11, number 987654321).
 */
import { isNationalPhone, nationalPhoneDigits } from './fields/rules';

/** The longest `holder_name` Pagar.me takes. */
export const HOLDER_NAME_MAX = 64;

export function pagarmeHolderName(typed: string): string {
  return (
    typed
      .normalize('NFC')
      // Ordinal signs (2ª, 3º) are letters to Unicode, not to a name.
      .replace(/[^\p{L}\p{M}\s]+|[ªº]/gu, ' ')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, HOLDER_NAME_MAX)
      .trim()
  );
}

/** Area code and number, or null when the digits cannot be a Brazilian phone with its area code. */
export function brazilianPhoneParts(typed: string): { areaCode: string; number: string } | null {
  // +55 in front (12 or 13 digits) is dropped (the shared normalisation, ADR 037); 11 digits
  // starting with 55 are area code 55 and a number. The long-distance prefix 0 ("011…") is not
  // part of the area code.
  const digits = nationalPhoneDigits(typed).replace(/^0+/, '');
  if (!isNationalPhone(digits)) return null;
  return { areaCode: digits.slice(0, 2), number: digits.slice(2) };
}
