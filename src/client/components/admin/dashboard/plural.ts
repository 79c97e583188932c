/** A count with its noun, singular for one ("1 chargeback", "1.234 chargebacks"): the panels' links. */
export const plural = (count: number, one: string, many: string) =>
  `${count.toLocaleString('pt-BR')} ${count === 1 ? one : many}`;
