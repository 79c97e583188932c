/** How the wizard shows a record before the code is confirmed: masked, and found by any spelling of a phone. */
import {
  BRAZIL_COUNTRY_CODE,
  digitsOf,
  isNationalPhone,
  nationalPhoneDigits,
} from '../../../shared/fields/rules';

/** "Maria da Silva" → first "Maria", last "da Silva". */
export function splitName(name: string): { firstName: string; lastName: string } {
  const words = name.trim().split(/\s+/).filter(Boolean);
  return { firstName: words[0] ?? '', lastName: words.slice(1).join(' ') };
}

/** "maria.silva@gmail.com" → "ma******@g****.com": enough for its owner to recognise it. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  const dot = domain.indexOf('.');
  const host = dot > 0 ? domain.slice(0, dot) : domain;
  const tld = dot > 0 ? domain.slice(dot) : '';
  const keep = local.length > 2 ? 2 : 1;
  // Between 3 and 6 stars: a long address neither breaks the screen nor tells its exact length.
  const stars = (hidden: number) => '*'.repeat(Math.min(6, Math.max(3, hidden)));
  return `${local.slice(0, keep)}${stars(local.length - keep)}@${host.slice(0, 1)}${stars(host.length - 1)}${tld}`;
}

/** "11987654321" → "(11) *****-4321"; only the last four digits and the area code show. */
export function maskPhone(phone: string): string {
  if (digitsOf(phone).length < 4) return '';
  const national = nationalPhoneDigits(phone);
  if (isNationalPhone(national)) {
    return `(${national.slice(0, 2)}) ${'*'.repeat(national.length - 6)}-${national.slice(-4)}`;
  }
  return `${'*'.repeat(national.length - 4)}${national.slice(-4)}`;
}

/** The phone as stored (digits) in the spellings a person may type: with or without +55. */
export function phoneCandidates(digits: string): string[] {
  const national = nationalPhoneDigits(digits);
  return [...new Set([digits, national, `${BRAZIL_COUNTRY_CODE}${national}`])];
}
