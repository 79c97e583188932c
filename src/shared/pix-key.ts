/**
 * PIX keys in the DICT format banks expect (the format the Central Bank's directory stores and a
 * BR Code must carry, or the payer's bank may not find the key):
 * - CPF / CNPJ: digits only (a CNPJ may be alphanumeric from July 2026: upper-case, no punctuation);
 * - phone: `+55` + DDD + number, no spaces;
 * - e-mail: lower-case;
 * - random key (EVP): lower-case UUID with hyphens.
 * A key is recognised from what was typed, normalised, and refused with a Portuguese message when
 * it cannot be any of these (check digits included). `+55` or a masked area code ("(11) 9…") is
 * always a phone and the CPF mask (000.000.000-00) always a CPF. Eleven bare digits ("11910086304",
 * or "11 91008-6304") can be both a CPF whose check digits match and a mobile number (about one
 * mobile number in a hundred): such a key has two readings and is not accepted until the type is
 * given (`normalizePixKey(input, type)`), so a phone key is never stored as somebody's CPF
 * (docs/decisions/031-pix-key-readings.md).
 */
import { isValidCpf } from './cpf';
import { BRAZIL_COUNTRY_CODE, isNationalMobile, nationalPhoneDigits } from './fields/rules';

export const PIX_KEY_TYPES = ['cpf', 'cnpj', 'phone', 'email', 'evp'] as const;
export type PixKeyType = (typeof PIX_KEY_TYPES)[number];

/** A phone key as stored: `+55`, the area code and a mobile number (a key takes no landline). */
export const PHONE_KEY_PATTERN = /^\+55\d{11}$/;

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
  ambiguous: 'Esta chave pode ser um CPF ou um celular: escolha qual das duas é a sua chave PIX',
  notOfType: (label: string) => `Chave PIX inválida: esta chave não é do tipo ${label}`,
  typeInvalid: 'Tipo de chave PIX inválido: use cpf, cnpj, phone, email ou evp',
  /** The settings screen, over a stored key that no longer passes. */
  storedInvalid:
    'A chave PIX salva não é válida e nenhum QR Code PIX é gerado até ela ser corrigida. Corrija a chave abaixo e salve.',
  /** The payer, when no BR Code can be built with the stored key. */
  unavailable: 'Pagamento por PIX indisponível no momento. Tente pagar com cartão ou fale com o clube.',
} as const;

/** One way of reading what was typed: the key type and the key in the DICT format. */
export interface PixKeyReading {
  type: PixKeyType;
  key: string;
}

/** `choices`: the readings to choose from when the key is both a valid CPF and a mobile number. */
export type PixKeyResult =
  { ok: true; type: PixKeyType; key: string } | { ok: false; message: string; choices?: PixKeyReading[] };

/** Every valid reading of what was typed, or the reason there is none. */
type Detected = { readings: PixKeyReading[]; message: string };

/** The DICT limit for an e-mail key. */
const EMAIL_MAX = 77;
const EMAIL =
  /^[a-z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/;
const EVP = /^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i;
/** The area codes (DDD) in use in Brazil (Anatel): a number under another code is nobody's phone. */
const AREA_CODES = new Set(
  '11 12 13 14 15 16 17 18 19 21 22 24 27 28 31 32 33 34 35 37 38 41 42 43 44 45 46 47 48 49 51 53 54 55 61 62 63 64 65 66 67 68 69 71 73 74 75 77 79 81 82 83 84 85 86 87 88 89 91 92 93 94 95 96 97 98 99'.split(
    ' ',
  ),
);
/** A mobile number under an area code in use (PIX phone keys are mobile numbers). */
function isMobileInUse(digits: string): boolean {
  return isNationalMobile(digits) && AREA_CODES.has(digits.slice(0, 2));
}

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

const none = (message: string): Detected => ({ readings: [], message });
const one = (type: PixKeyType, key: string): Detected => ({ readings: [{ type, key }], message: '' });

function phoneKey(nationalDigits: string): Detected {
  return isMobileInUse(nationalDigits) ? one('phone', `+55${nationalDigits}`) : none(PIX_KEY_MSG.phone);
}

/** Eleven bare digits: a CPF when the check digits match, a mobile number when it is one, or both. */
function elevenDigits(digits: string): Detected {
  const readings: PixKeyReading[] = [];
  if (isValidCpf(digits)) readings.push({ type: 'cpf', key: digits });
  if (isMobileInUse(digits)) readings.push({ type: 'phone', key: `+55${digits}` });
  return { readings, message: PIX_KEY_MSG.cpf };
}

function detect(input: string): Detected {
  const raw = input.trim();
  if (!raw) return none(PIX_KEY_MSG.required);

  if (raw.includes('@')) {
    const email = raw.toLowerCase();
    return email.length <= EMAIL_MAX && EMAIL.test(email) ? one('email', email) : none(PIX_KEY_MSG.email);
  }

  if (EVP.test(raw)) {
    const hex = raw.replace(/-/g, '').toLowerCase();
    return one(
      'evp',
      `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`,
    );
  }

  // Phone, CPF and CNPJ are typed with any of the usual masks.
  if (!/^[+\d\s().\-/A-Za-z]+$/.test(raw)) return none(PIX_KEY_MSG.invalid);
  const compact = raw.replace(/[\s().\-/]/g, '');

  if (compact.startsWith('+')) {
    const digits = compact.slice(1);
    if (!/^\d+$/.test(digits) || !digits.startsWith(BRAZIL_COUNTRY_CODE)) return none(PIX_KEY_MSG.phone);
    return phoneKey(digits.slice(BRAZIL_COUNTRY_CODE.length));
  }

  if (/[A-Za-z]/.test(compact)) {
    if (compact.length !== 14) return none(PIX_KEY_MSG.invalid);
    return isValidCnpj(compact) ? one('cnpj', compact.toUpperCase()) : none(PIX_KEY_MSG.cnpj);
  }

  if (/^\d{3}\.\d{3}\.\d{3}-\d{2}$/.test(raw)) {
    return isValidCpf(compact) ? one('cpf', compact) : none(PIX_KEY_MSG.cpf);
  }
  // An area code in parentheses is only ever a phone.
  if (/[()]/.test(raw)) {
    return phoneKey(nationalPhoneDigits(compact));
  }

  switch (compact.length) {
    case 11:
      return elevenDigits(compact);
    case 13:
      return compact.startsWith(BRAZIL_COUNTRY_CODE)
        ? phoneKey(nationalPhoneDigits(compact))
        : none(PIX_KEY_MSG.invalid);
    case 14:
      return isValidCnpj(compact) ? one('cnpj', compact) : none(PIX_KEY_MSG.cnpj);
    default:
      return none(PIX_KEY_MSG.invalid);
  }
}

/**
 * The key in the DICT format, or a Portuguese refusal. `type` is the owner's choice: the reading of
 * that type is taken, or the key is refused as not being of it. Without a type, a key with two
 * readings is refused with both as `choices`.
 */
export function normalizePixKey(input: string, type?: PixKeyType | null): PixKeyResult {
  const { readings, message } = detect(input);
  if (readings.length === 0) return { ok: false, message };
  if (type) {
    const chosen = readings.find((reading) => reading.type === type);
    return chosen
      ? { ok: true, ...chosen }
      : { ok: false, message: PIX_KEY_MSG.notOfType(PIX_KEY_LABELS[type]) };
  }
  const [only, other] = readings;
  if (only && !other) return { ok: true, ...only };
  return { ok: false, message: PIX_KEY_MSG.ambiguous, choices: readings };
}

/** A key as people read it: CPF and CNPJ masked, a phone as "+55 11 91008-6304". */
export function formatPixKey({ type, key }: PixKeyReading): string {
  switch (type) {
    case 'cpf':
      return key.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4');
    case 'cnpj':
      return key.replace(/^(\w{2})(\w{3})(\w{3})(\w{4})(\d{2})$/, '$1.$2.$3/$4-$5');
    case 'phone':
      return key.replace(/^\+55(\d{2})(\d{5})(\d{4})$/, '+55 $1 $2-$3');
    default:
      return key;
  }
}
