/**
 * CPF validation: 11 digits (plain or masked 000.000.000-00), not one repeated digit, and both
 * mod-11 check digits right. Used by every form and the server (docs/product/decisions.md §4: "CPF inválido").
 */
export function cpfDigits(value: string): string {
  return value.replace(/\D/g, '');
}

/** True when the input is 11 plain digits or the exact mask, and the check digits match. */
export function isValidCpf(value: string): boolean {
  const input = value;
  if (!/^\d{11}$/.test(input) && !/^\d{3}\.\d{3}\.\d{3}-\d{2}$/.test(input)) return false;
  const digits = cpfDigits(input);
  if (/^(\d)\1{10}$/.test(digits)) return false;
  const checkDigit = (length: number) => {
    let sum = 0;
    for (let i = 0; i < length; i++) sum += Number(digits[i]) * (length + 1 - i);
    const rest = (sum * 10) % 11;
    return rest === 10 ? 0 : rest;
  };
  return checkDigit(9) === Number(digits[9]) && checkDigit(10) === Number(digits[10]);
}

/** 529.***.***-25: enough for a person to recognise, never the full number (logs, lists). */
export function maskCpf(value: string): string {
  const digits = cpfDigits(value);
  if (digits.length !== 11) return '***';
  return `${digits.slice(0, 3)}.***.***-${digits.slice(9)}`;
}
