/** Card helpers shared by the providers: brand from the number, and what may be kept of a card. */

const BRANDS: [RegExp, string][] = [
  [
    /^(4011(78|79)|43(1274|8935)|45(1416|7393|763(1|2))|50(4175|6699|67\d\d|9\d{3})|627780|63(6297|6368)|650\d{3}|6516\d\d|6550\d\d)/,
    'Elo',
  ],
  [/^(606282|3841)/, 'Hipercard'],
  [/^3[47]/, 'Amex'],
  [/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/, 'Mastercard'],
  [/^4/, 'Visa'],
  [/^3(0[0-5]|[68])/, 'Diners'],
];

export function cardBrand(number: string): string {
  const digits = number.replace(/\D/g, '');
  return BRANDS.find(([pattern]) => pattern.test(digits))?.[1] ?? 'Cartão';
}

/** The only part of a card number we ever keep (docs/product/decisions.md §4). */
export function cardLast4(number: string): string {
  return number.replace(/\D/g, '').slice(-4);
}
