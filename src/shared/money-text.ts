/**
 * Money as a person in Brazil types it ("1.497,00", "897", "R$ 89,90"), held once for every money
 * input of the product (the settings' prices, a subscriber's price): the text becomes integer
 * cents, and an amount no club price reaches is refused rather than stored (a "897.00" read as
 * 89.700,00 is the mistake this guards against).
 */

/** The highest amount a money input takes: R$ 20.000,00, far above any price the club charges. */
export const MONEY_MAX_CENTS = 2_000_000;

export const MONEY_MSG = {
  invalid: 'Valor inválido: informe um valor como 1.497,00',
  tooHigh: 'Valor fora do esperado (acima de R$ 20.000,00): confira os pontos e a vírgula, como em 1.497,00',
} as const;

/**
 * "1.497,00", "1497", "1497,5", "R$ 897,50" → cents (0 included); anything else is null. A point is
 * only ever a thousands separator, so "1497.00" (a decimal point) is refused, not read as 149.700,00.
 */
export function reaisToCents(value: string): number | null {
  const cleaned = value.replace(/R\$|\s/g, '');
  if (!/^\d{1,3}(\.\d{3})*(,\d{1,2})?$|^\d+(,\d{1,2})?$/.test(cleaned)) return null;
  const [whole = '0', fraction = ''] = cleaned.replace(/\./g, '').split(',');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** 149700 → "1.497,00": an amount as a money input shows it. */
export function centsToReais(cents: number): string {
  return (cents / 100).toLocaleString('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

/** What is wrong with a typed amount, if anything: its message, or null when it is a plausible one. */
export function moneyTextProblem(value: string): string | null {
  const cents = reaisToCents(value);
  if (cents === null) return MONEY_MSG.invalid;
  return cents > MONEY_MAX_CENTS ? MONEY_MSG.tooHigh : null;
}
