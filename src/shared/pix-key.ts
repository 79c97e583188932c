/**
 * PIX keys in the DICT format banks expect (the format the Central Bank's directory stores and a
 * BR Code must carry, or the payer's bank may not find the key):
 * - CPF / CNPJ: digits only (a CNPJ may be alphanumeric from July 2026: upper-case, no punctuation);
 * - phone: `+55` + DDD + number, no spaces;
 * - e-mail: lower-case;
 * - random key (EVP): lower-case UUID with hyphens.
 * A key is recognised from what was typed, normalised, and refused with a Portuguese message when
 * it cannot be any of these (check digits included). An 11-digit number is a CPF when its check
 * digits match, otherwise a mobile phone; `+55` or a masked phone ("(11) 9…") is always a phone, and
 * the CPF mask (000.000.000-00) always a CPF.
 */
import { isValidCpf } from './cpf';

export type PixKeyType = 'cpf' | 'cnpj' | 'phone' | 'email' | 'evp';

export const PIX_KEY_LABELS: Record<PixKeyType, string> = {
  cpf: 'CPF',
  cnpj: 'CNPJ',
  phone: 'Telefone',
  email: 'E-mail',
  evp: 'Chave aleatória',
};

export const PIX_KEY_MSG = {
  required: 'Informe a chave PIX',
  invalid: 'Chave PIX inválida: use CPF, CNPJ, telefone com DDD, e-mail ou chave aleatória',
  cpf: 'Chave PIX inválida: CPF inválido',
  cnpj: 'Chave PIX inválida: CNPJ inválido',
  phone: 'Chave PIX inválida: telefone deve ter DDD e número de celular (+55 DDD 9XXXX-XXXX)',
  email: 'Chave PIX inválida: e-mail inválido',
} as const;

export type PixKeyResult = { ok: true; type: PixKeyType; key: string } | { ok: false; message: string };

/** The DICT limit for an e-mail key. */
const EMAIL_MAX = 77;
const EMAIL =
  /^[a-z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/;
const EVP = /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i;
/** DDD (11–99, no zero digit) and a 9-digit mobile number starting with 9. */
const NATIONAL_MOBILE = /^[1-9]{2}9\d{8}$/;

/** CNPJ check digits; letters count as their code minus 48 (the alphanumeric CNPJ rule). */
export function isValidCnpj(value: string): boolean {
  const cnpj = value.toUpperCase();
  if (!/^[0-9A-Z]{12}\d{2}$/.test(cnpj)) return false;
  if (/^(\d)\1{13}$/.test(cnpj)) return false;
  const values = [...cnpj].map((char) => char.charCodeAt(0) - 48);
  const checkDigit = (length: number) => {
    let sum = 0;
    for (let i = 0; i < length; i++) {
      const weight = ((length - 1 - i) % 8) + 2;
      sum += (values[i] ?? 0) * weight;
    }
    const rest = sum % 11;
    return rest < 2 ? 0 : 11 - rest;
  };
  return checkDigit(12) === values[12] && checkDigit(13) === values[13];
}

function phoneKey(nationalDigits: string): PixKeyResult {
  return NATIONAL_MOBILE.test(nationalDigits)
    ? { ok: true, type: 'phone', key: `+55${nationalDigits}` }
    : { ok: false, message: PIX_KEY_MSG.phone };
}

export function normalizePixKey(input: string): PixKeyResult {
  const raw = input.trim();
  if (!raw) return { ok: false, message: PIX_KEY_MSG.required };

  if (raw.includes('@')) {
    const email = raw.toLowerCase();
    return email.length <= EMAIL_MAX && EMAIL.test(email)
      ? { ok: true, type: 'email', key: email }
      : { ok: false, message: PIX_KEY_MSG.email };
  }

  if (EVP.test(raw)) {
    const hex = raw.replace(/-/g, '').toLowerCase();
    const key = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
    return { ok: true, type: 'evp', key };
  }

  // Phone, CPF and CNPJ are typed with any of the usual masks.
  if (!/^[+\d\s().\-/A-Za-z]+$/.test(raw)) return { ok: false, message: PIX_KEY_MSG.invalid };
  const compact = raw.replace(/[\s().\-/]/g, '');

  if (compact.startsWith('+')) {
    const digits = compact.slice(1);
    if (!/^\d+$/.test(digits)) return { ok: false, message: PIX_KEY_MSG.phone };
    if (!digits.startsWith('55')) return { ok: false, message: PIX_KEY_MSG.phone };
    return phoneKey(digits.slice(2));
  }

  if (/[A-Za-z]/.test(compact)) {
    return compact.length === 14 && isValidCnpj(compact)
      ? { ok: true, type: 'cnpj', key: compact.toUpperCase() }
      : { ok: false, message: compact.length === 14 ? PIX_KEY_MSG.cnpj : PIX_KEY_MSG.invalid };
  }

  if (/^\d{3}\.\d{3}\.\d{3}-\d{2}$/.test(raw)) {
    return isValidCpf(compact)
      ? { ok: true, type: 'cpf', key: compact }
      : { ok: false, message: PIX_KEY_MSG.cpf };
  }
  const looksLikePhone = /[()]/.test(raw);
  if (looksLikePhone)
    return phoneKey(compact.startsWith('55') && compact.length === 13 ? compact.slice(2) : compact);

  switch (compact.length) {
    case 11:
      if (isValidCpf(compact)) return { ok: true, type: 'cpf', key: compact };
      return NATIONAL_MOBILE.test(compact) ? phoneKey(compact) : { ok: false, message: PIX_KEY_MSG.cpf };
    case 13:
      return compact.startsWith('55')
        ? phoneKey(compact.slice(2))
        : { ok: false, message: PIX_KEY_MSG.invalid };
    case 14:
      return isValidCnpj(compact)
        ? { ok: true, type: 'cnpj', key: compact }
        : { ok: false, message: PIX_KEY_MSG.cnpj };
    default:
      return { ok: false, message: PIX_KEY_MSG.invalid };
  }
}
