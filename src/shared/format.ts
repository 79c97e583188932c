/** The one money and date formatting of the product (docs/product/decisions.md §5): cents in, pt-BR out. */
import { TIME_ZONE } from './sao-paulo-time';

const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

export function formatMoney(cents: number): string {
  return brl.format(cents / 100);
}

const dateFormat = new Intl.DateTimeFormat('pt-BR', { timeZone: TIME_ZONE, dateStyle: 'short' });
const dateTimeFormat = new Intl.DateTimeFormat('pt-BR', {
  timeZone: TIME_ZONE,
  dateStyle: 'short',
  timeStyle: 'short',
});
const longDateFormat = new Intl.DateTimeFormat('pt-BR', {
  timeZone: TIME_ZONE,
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

type DateInput = Date | string | number;
const toDate = (value: DateInput) => (value instanceof Date ? value : new Date(value));

/** 22/11/2026 */
export const formatDate = (value: DateInput) => dateFormat.format(toDate(value));
/** 22/11/2026, 14:05 */
export const formatDateTime = (value: DateInput) => dateTimeFormat.format(toDate(value));
/** domingo, 22 de novembro de 2026 */
export const formatLongDate = (value: DateInput) => longDateFormat.format(toDate(value));

const brlCompact = new Intl.NumberFormat('pt-BR', {
  style: 'currency',
  currency: 'BRL',
  notation: 'compact',
  maximumFractionDigits: 1,
});

/** R$ 12,5 mil: chart axes, where a full amount would not fit. */
export function formatMoneyCompact(cents: number): string {
  return brlCompact.format(cents / 100);
}

const timeFormat = new Intl.DateTimeFormat('pt-BR', { timeZone: TIME_ZONE, timeStyle: 'short' });
/** 14:05 */
export const formatTime = (value: DateInput) => timeFormat.format(toDate(value));
