/**
 * The club's tax id on its receipts: a CNPJ (a company, numeric or the alphanumeric CNPJ of July
 * 2026) or a CPF (an owner who sells as a person). Stored compact and upper case, shown masked.
 */
import { isValidCpf } from './cpf';
import { formatPixKey, isValidCnpj } from './pix-key';

export const TAX_ID_MSG = {
  invalid: 'CNPJ ou CPF inválido: confira os dígitos (deixe em branco se ainda não tiver)',
} as const;

/** "12.345.678/0001-95" → "12345678000195"; punctuation and spaces go, letters become upper case. */
export function compactTaxId(typed: string): string {
  return typed.replace(/[\s./-]/g, '').toUpperCase();
}

/** Which tax id a compact value is, or null when it is neither a valid CPF nor a valid CNPJ. */
export function taxIdKind(compact: string): 'cpf' | 'cnpj' | null {
  if (/^\d{11}$/.test(compact)) return isValidCpf(compact) ? 'cpf' : null;
  if (compact.length === 14) return isValidCnpj(compact) ? 'cnpj' : null;
  return null;
}

/** "CNPJ 12.345.678/0001-95" or "CPF 529.982.247-25", as a receipt prints it. */
export function formatTaxId(compact: string): string {
  const kind = taxIdKind(compact);
  if (!kind) return compact;
  return `${kind === 'cpf' ? 'CPF' : 'CNPJ'} ${formatPixKey({ type: kind, key: compact })}`;
}
