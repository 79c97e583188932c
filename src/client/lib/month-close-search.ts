/**
 * The month close's address (`/admin/month-close?month=&figure=&channel=&page=`, ADR 034): the month
 * shown and the figure whose payments are open. Plain readers, no zod (ADR 040).
 */
import {
  MONTH_CLOSE_CHANNELS,
  MONTH_CLOSE_FIGURES,
  type MonthCloseChannel,
  type MonthCloseFigure,
} from '../../shared/month-close';
import { saoPauloWallClock } from '../../shared/sao-paulo-time';
import { searchOneOf, searchPage } from './search-params';

export interface MonthCloseSearch {
  month?: string;
  figure?: MonthCloseFigure;
  channel?: MonthCloseChannel;
  page?: number;
}

const MONTH = /^20\d{2}-(0[1-9]|1[0-2])$/;

export function monthCloseSearch(search: Record<string, unknown>): MonthCloseSearch {
  return {
    month: typeof search.month === 'string' && MONTH.test(search.month) ? search.month : undefined,
    figure: searchOneOf(search.figure, MONTH_CLOSE_FIGURES),
    channel: searchOneOf(search.channel, MONTH_CLOSE_CHANNELS),
    page: searchPage(search.page),
  };
}

/** The São Paulo month holding `now`: "2026-11". */
export function currentMonth(now = new Date()): string {
  const { year, month } = saoPauloWallClock(now);
  return `${year}-${String(month).padStart(2, '0')}`;
}
