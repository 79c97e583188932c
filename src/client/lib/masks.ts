/**
 * Input masks for the Brazilian form fields (spec 01 §5, spec 02 §5). Each takes whatever the person
 * typed or pasted and returns the masked text, so an `onChange` can simply store `mask(value)`.
 * Masks only shape the text; the rules (required, CPF check digits, …) live in the validators.
 */

export const onlyDigits = (value: string): string => value.replace(/\D/g, '');

/** (DD) NNNN-NNNN for landlines, (DD) NNNNN-NNNN for mobiles; at most 15 characters. */
export function maskPhone(value: string): string {
  const d = onlyDigits(value).slice(0, 11);
  if (d.length === 0) return '';
  if (d.length <= 2) return `(${d}`;
  const area = `(${d.slice(0, 2)}) `;
  const rest = d.slice(2);
  // Ten digits in all is a landline (4 + 4); eleven is a mobile (5 + 4).
  const split = d.length === 11 ? 5 : 4;
  if (rest.length <= split) return area + rest;
  return `${area}${rest.slice(0, split)}-${rest.slice(split)}`;
}
export const PHONE_MAX_LENGTH = 15;

/** 000.000.000-00; at most 14 characters. */
export function maskCpfInput(value: string): string {
  const d = onlyDigits(value).slice(0, 11);
  if (d.length <= 3) return d;
  if (d.length <= 6) return `${d.slice(0, 3)}.${d.slice(3)}`;
  if (d.length <= 9) return `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6)}`;
  return `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6, 9)}-${d.slice(9)}`;
}
export const CPF_MAX_LENGTH = 14;

/** 00000-000; at most 9 characters. */
export function maskCep(value: string): string {
  const d = onlyDigits(value).slice(0, 8);
  return d.length <= 5 ? d : `${d.slice(0, 5)}-${d.slice(5)}`;
}
export const CEP_MAX_LENGTH = 9;

/** Card number in groups of four (up to 19 digits). */
export function maskCardNumber(value: string): string {
  const d = onlyDigits(value).slice(0, 19);
  return d.replace(/(\d{4})(?=\d)/g, '$1 ');
}
export const CARD_NUMBER_MAX_LENGTH = 23;

/** Card expiry MM/AA. */
export function maskExpiry(value: string): string {
  const d = onlyDigits(value).slice(0, 4);
  return d.length <= 2 ? d : `${d.slice(0, 2)}/${d.slice(2)}`;
}
export const EXPIRY_MAX_LENGTH = 5;

/** Card security code: 3 or 4 digits. */
export const maskCvv = (value: string): string => onlyDigits(value).slice(0, 4);
export const CVV_MAX_LENGTH = 4;
