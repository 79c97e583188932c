/**
 * PIX BR Code (EMV® QRCPS-MPM as profiled by the Banco Central): the "copia e cola" payload the
 * sandbox provider shows for in-page PIX charges, built from the club's PIX key in settings.
 * Verified field by field and by CRC against fixtures/brcode/vectors.json.
 *
 * Layout: 00 format "01" · 26 merchant account (00 GUI br.gov.bcb.pix, 01 key) · 52 "0000" ·
 * 53 "986" (BRL) · 54 amount · 58 "BR" · 59 name · 60 city · 62 (05 txid) · 63 CRC16.
 */

/** CRC-16/CCITT-FALSE: poly 0x1021, init 0xFFFF, no reflection, no final XOR, over UTF-8 bytes. */
export function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, 'utf8')) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** One TLV field: id, two-digit length (in characters, which equal bytes for our ASCII fields), value. */
function field(id: string, value: string): string {
  if (value.length > 99) throw new Error(`BR Code field ${id} longer than 99 characters`);
  return `${id}${String(value.length).padStart(2, '0')}${value}`;
}

/** Upper-case ASCII without accents, as banks' apps expect in name and city. */
function plainAscii(text: string, max: number): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9 .-]/g, '')
    .replace(/\s+/g, ' ')
    .toUpperCase()
    .trim()
    .slice(0, max);
}

/** Used when neither the merchant's nor the club's name or city leaves a letter after cleaning. */
export const BRCODE_DEFAULT_NAME = 'CONFRARIA';
export const BRCODE_DEFAULT_CITY = 'SAO PAULO';

export interface BrCodeInput {
  pixKey: string;
  merchantName: string;
  merchantCity: string;
  /** Fallbacks when the merchant name or city is empty once accents and symbols are removed. */
  clubName?: string;
  clubCity?: string;
  /** Cents. */
  amount: number;
  /** Up to 25 letters and digits ("***" when the receiver does not reconcile by txid). */
  txid: string;
}

/** The first candidate that still says something once cleaned (a bank app refuses an empty 59/60). */
function firstPlain(candidates: (string | undefined)[], max: number, fallback: string): string {
  for (const candidate of candidates) {
    const plain = plainAscii(candidate ?? '', max);
    if (/[A-Z0-9]/.test(plain)) return plain;
  }
  return fallback;
}

export function buildBrCode(input: BrCodeInput): string {
  // A code for R$ 0,00 (or a fraction of a cent) would be paid as "any amount" or refused by banks.
  if (!Number.isInteger(input.amount) || input.amount <= 0) {
    throw new RangeError(`BR Code amount must be a positive number of cents, got ${input.amount}`);
  }
  const txid = input.txid.replace(/[^A-Za-z0-9]/g, '').slice(0, 25) || '***';
  const amount = (input.amount / 100).toFixed(2);
  const payload =
    field('00', '01') +
    field('26', field('00', 'br.gov.bcb.pix') + field('01', input.pixKey.trim())) +
    field('52', '0000') +
    field('53', '986') +
    field('54', amount) +
    field('58', 'BR') +
    field('59', firstPlain([input.merchantName, input.clubName], 25, BRCODE_DEFAULT_NAME)) +
    field('60', firstPlain([input.merchantCity, input.clubCity], 15, BRCODE_DEFAULT_CITY)) +
    field('62', field('05', txid)) +
    '6304';
  return payload + crc16(payload);
}

export interface BrCodeField {
  id: string;
  value: string;
  fields?: BrCodeField[];
}

/** Templates whose value is itself a TLV list. */
const NESTED = new Set(['26', '62']);

function parseFields(text: string, nested: boolean): BrCodeField[] | null {
  const fields: BrCodeField[] = [];
  let at = 0;
  while (at < text.length) {
    const id = text.slice(at, at + 2);
    const lengthText = text.slice(at + 2, at + 4);
    if (!/^\d{2}$/.test(id) || !/^\d{2}$/.test(lengthText)) return null;
    const length = Number(lengthText);
    const value = text.slice(at + 4, at + 4 + length);
    if (value.length !== length) return null;
    const entry: BrCodeField = { id, value };
    if (!nested && NESTED.has(id)) {
      const inner = parseFields(value, true);
      if (!inner) return null;
      entry.fields = inner;
    }
    fields.push(entry);
    at += 4 + length;
  }
  return fields;
}

export type BrCodeCheck = { valid: true; fields: BrCodeField[] } | { valid: false; problem: string };

/** Parses a BR Code and checks its TLV structure, mandatory fields and CRC. */
export function parseBrCode(payload: string): BrCodeCheck {
  const crcAt = payload.lastIndexOf('6304');
  if (crcAt < 0 || crcAt !== payload.length - 8)
    return { valid: false, problem: 'CRC ausente ou malformado' };
  const fields = parseFields(payload, false);
  if (!fields) return { valid: false, problem: 'estrutura TLV inválida' };
  const ids = fields.map((entry) => entry.id);
  if (ids[0] !== '00' || fields[0]?.value !== '01') return { valid: false, problem: 'campo 00 inválido' };
  if (ids[ids.length - 1] !== '63') return { valid: false, problem: 'campo 63 não é o último' };
  for (const required of ['26', '52', '53', '58', '59', '60', '62']) {
    if (!ids.includes(required)) return { valid: false, problem: `campo ${required} ausente` };
  }
  const account = fields.find((entry) => entry.id === '26');
  if (account?.fields?.[0]?.value.toLowerCase() !== 'br.gov.bcb.pix')
    return { valid: false, problem: 'GUI do PIX ausente' };
  const expected = crc16(payload.slice(0, -4));
  if (payload.slice(-4) !== expected)
    return { valid: false, problem: `CRC incorreto (esperado ${expected})` };
  return { valid: true, fields };
}
