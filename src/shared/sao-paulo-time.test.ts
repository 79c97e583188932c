import { describe, expect, it } from 'vitest';
import {
  nextSaoPauloTime,
  saoPauloCalendarDay,
  saoPauloDayStart,
  saoPauloDaysBetween,
  saoPauloHour,
  saoPauloInstant,
  saoPauloMonthNumber,
  saoPauloMonthStart,
  saoPauloWallClock,
} from './sao-paulo-time';

const iso = (at: Date) => at.toISOString();

describe('the São Paulo calendar', () => {
  it('turns the month at São Paulo midnight, not at UTC midnight', () => {
    // 2026-12-01T02:59Z is 23:59 on 30 November in São Paulo.
    expect(saoPauloMonthNumber(new Date('2026-12-01T02:59:59.999Z'))).toBe(202611);
    expect(saoPauloMonthNumber(new Date('2026-12-01T03:00:00.000Z'))).toBe(202612);
    expect(iso(saoPauloMonthStart(new Date('2026-12-01T02:59:00Z')))).toBe('2026-11-01T03:00:00.000Z');
    expect(iso(saoPauloMonthStart(new Date('2026-12-01T03:00:00Z')))).toBe('2026-12-01T03:00:00.000Z');
  });

  it('counts months across a year', () => {
    const at = new Date('2027-01-15T12:00:00Z');
    expect(iso(saoPauloMonthStart(at, -1))).toBe('2026-12-01T03:00:00.000Z');
    expect(iso(saoPauloMonthStart(at, -12))).toBe('2026-01-01T03:00:00.000Z');
    expect(iso(saoPauloMonthStart(at, 1))).toBe('2027-02-01T03:00:00.000Z');
    expect(saoPauloMonthNumber(new Date('2027-01-01T02:00:00Z'))).toBe(202612);
  });

  it('starts days at São Paulo midnight and counts calendar days', () => {
    expect(iso(saoPauloDayStart(new Date('2026-11-28T02:00:00Z')))).toBe('2026-11-27T03:00:00.000Z');
    expect(iso(saoPauloDayStart(new Date('2026-11-28T03:00:00Z')))).toBe('2026-11-28T03:00:00.000Z');
    expect(iso(saoPauloDayStart(new Date('2026-11-28T03:00:00Z'), 16))).toBe('2026-12-14T03:00:00.000Z');
    expect(saoPauloDaysBetween(new Date('2026-11-28T02:59:00Z'), new Date('2026-11-28T03:00:00Z'))).toBe(1);
    expect(saoPauloDaysBetween(new Date('2026-12-14T02:00:00Z'), new Date('2026-11-28T12:00:00Z'))).toBe(-15);
  });

  it('writes the São Paulo calendar day and hour', () => {
    expect(saoPauloCalendarDay(new Date('2026-12-01T02:59:00Z'))).toBe('2026-11-30');
    expect(saoPauloCalendarDay(new Date('2026-12-01T03:00:00Z'))).toBe('2026-12-01');
    expect(saoPauloHour(new Date('2026-12-01T03:00:00Z'))).toBe(0);
    expect(saoPauloHour(new Date('2026-12-01T02:00:00Z'))).toBe(23);
  });

  it('finds the next São Paulo wall-clock time', () => {
    expect(iso(nextSaoPauloTime(new Date('2026-11-27T05:59:00Z'), 3, 0))).toBe('2026-11-27T06:00:00.000Z');
    expect(iso(nextSaoPauloTime(new Date('2026-11-27T06:00:00Z'), 3, 0))).toBe('2026-11-28T06:00:00.000Z');
  });

  it('follows the time-zone database, not a fixed offset: daylight saving of past years', () => {
    // Summer 2018/19 was UTC−2 in São Paulo (daylight saving ended on 17 February 2019).
    expect(iso(saoPauloInstant(2019, 1, 1))).toBe('2019-01-01T02:00:00.000Z');
    expect(saoPauloMonthNumber(new Date('2019-01-01T02:30:00Z'))).toBe(201901);
    expect(iso(saoPauloInstant(2019, 3, 1))).toBe('2019-03-01T03:00:00.000Z');
    // The day daylight saving began (4 November 2018) had no midnight: it starts at 01:00.
    expect(iso(saoPauloDayStart(new Date('2018-11-04T12:00:00Z')))).toBe('2018-11-04T03:00:00.000Z');
    // The day it ended (17 February 2019) began once, at 00:00 UTC−3, after 23:00–23:59 ran twice.
    expect(iso(saoPauloDayStart(new Date('2019-02-17T12:00:00Z')))).toBe('2019-02-17T03:00:00.000Z');
    expect(saoPauloDaysBetween(new Date('2019-02-16T12:00:00Z'), new Date('2019-02-17T12:00:00Z'))).toBe(1);
  });

  it('reads the same clock as Intl at any instant, daylight saving years included', () => {
    const intl = new Intl.DateTimeFormat('en-US', {
      timeZone: 'America/Sao_Paulo',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      hourCycle: 'h23',
    });
    const from = Date.UTC(1985, 0, 1);
    const to = Date.UTC(2040, 0, 1);
    let state = 7;
    for (let i = 0; i < 5000; i++) {
      state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
      const at = from + Math.floor((state / 2 ** 31) * (to - from));
      const parts = Object.fromEntries(intl.formatToParts(at).map((p) => [p.type, Number(p.value)]));
      const { year, month, day, hour, minute, second } = parts;
      expect(saoPauloWallClock(at)).toEqual({ year, month, day, hour, minute, second });
    }
    // Around the instants the offset changed: 2018-11-04 (−3 → −2) and 2019-02-17 (−2 → −3).
    for (const change of [Date.UTC(2018, 10, 4, 3), Date.UTC(2019, 1, 17, 2)]) {
      for (let at = change - 3_600_000; at <= change + 3_600_000; at += 599_999) {
        const parts = Object.fromEntries(intl.formatToParts(at).map((p) => [p.type, Number(p.value)]));
        expect(saoPauloWallClock(at).hour).toBe(parts.hour);
      }
    }
  });
});
