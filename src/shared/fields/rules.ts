/**
 * The rules of the person and address fields every form shares (checkout, subscriber, member,
 * profile-update wizard, messaging, register, contact, CSV import), without zod: the pure
 * normalisers and checks (the sizes are in `./limits.ts`). The pages that must stay light (the
 * checkout's first paint, the contact page) load these; the zod pieces built on them are in
 * `./schemas.ts`. ADR 037.
 */
import { cpfDigits, isValidCpf } from '../cpf';

export { cpfDigits, isValidCpf, maskCpf } from '../cpf';

/**
 * A phone's digits: at least a Brazilian area code and landline (10), at most an international
 * number with its country code (E.164: 15), so "+55 11 98765-4321" (13) and a foreign member's
 * number both pass.
 */
export const PHONE_DIGITS = { min: 10, max: 15 } as const;

/** Brazil's country code, which an international spelling of a Brazilian number starts with. */
export const BRAZIL_COUNTRY_CODE = '55';
/** Area code and number: the longest Brazilian national number (a mobile) has 11 digits. */
export const NATIONAL_PHONE_DIGITS = 11;

/**
 * Whether digits are a Brazilian number without its country code: the area code (DDD, 2 digits)
 * and a landline (8 digits: 10 in all) or a mobile (9 digits: 11 in all). The one statement of
 * that shape, for the WhatsApp number, Pagar.me's phone, the wizard's masked phone and PIX keys.
 */
export function isNationalPhone(digits: string): boolean {
  return (
    /^\d+$/.test(digits) &&
    (digits.length === NATIONAL_PHONE_DIGITS - 1 || digits.length === NATIONAL_PHONE_DIGITS)
  );
}

/** A Brazilian mobile without its country code: area code and a 9-digit number starting with 9. */
export function isNationalMobile(digits: string): boolean {
  return isNationalPhone(digits) && digits.length === NATIONAL_PHONE_DIGITS && digits[2] === '9';
}

/** The digits of a typed value ("(11) 98765-4321" → "11987654321", "01001-000" → "01001000"). */
export function digitsOf(value: string): string {
  return value.replace(/\D/g, '');
}

/**
 * The +55 normalisation: more than 11 digits starting with 55 is a Brazilian number spelled with
 * its country code, which is dropped ("+55 (11) 98765-4321" → "11987654321"). 11 digits or fewer
 * are kept (area code 55 exists). One spelling to compare and show numbers.
 */
export function nationalPhoneDigits(phone: string): string {
  const digits = digitsOf(phone);
  return digits.length > NATIONAL_PHONE_DIGITS && digits.startsWith(BRAZIL_COUNTRY_CODE)
    ? digits.slice(BRAZIL_COUNTRY_CODE.length)
    : digits;
}

/** What is wrong with a phone's digits, or null when its length is one a phone has. */
export function phoneDigitsProblem(digits: string): 'missing' | 'tooShort' | 'tooLong' | null {
  if (digits.length === 0) return 'missing';
  if (digits.length < PHONE_DIGITS.min) return 'tooShort';
  if (digits.length > PHONE_DIGITS.max) return 'tooLong';
  return null;
}

/** One form's words for the phone rule. */
export interface PhoneMessages {
  required: string;
  tooShort: string;
  tooLong: string;
}

/** The message for a phone's problem (for forms whose phone is required only with other fields). */
export function phoneMessage(typed: string, msg: PhoneMessages): string | null {
  const problem = phoneDigitsProblem(digitsOf(typed));
  if (problem === 'missing') return msg.required;
  return problem ? msg[problem] : null;
}

/** A CPF's problem: not 11 digits, or check digits wrong (the value may be masked or plain). */
export function cpfProblem(value: string): 'length' | 'invalid' | null {
  const digits = cpfDigits(value);
  if (digits.length !== 11) return 'length';
  return isValidCpf(digits) ? null : 'invalid';
}

/** A CEP is 8 digits (masked 00000-000 or plain). */
export function isCepDigits(digits: string): boolean {
  return /^\d{8}$/.test(digits);
}

/** "(11) 98765-4321" / "(11) 3456-7890" from stored digits; any other number as it is. */
export function formatPhone(phone: string): string {
  const d = digitsOf(phone);
  if (d.length === 11) return `(${d.slice(0, 2)}) ${d.slice(2, 7)}-${d.slice(7)}`;
  if (d.length === 10) return `(${d.slice(0, 2)}) ${d.slice(2, 6)}-${d.slice(6)}`;
  return phone;
}

/** 52998224725 → 529.982.247-25 (only where the full CPF may be shown). */
export const formatCpf = (digits: string) =>
  digits.length === 11
    ? `${digits.slice(0, 3)}.${digits.slice(3, 6)}.${digits.slice(6, 9)}-${digits.slice(9)}`
    : digits;

/** 01001000 → 01001-000. */
export const formatCep = (digits: string) =>
  digits.length === 8 ? `${digits.slice(0, 5)}-${digits.slice(5)}` : digits;
