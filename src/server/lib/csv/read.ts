/**
 * Reading a CSV a person saved (docs/decisions/035-csv-dialect-and-active-members.md): the exports'
 * dialect (`;` between fields, decimal comma: Excel in pt-BR) and the comma one most other programs
 * write (`,` between fields, decimal point), with or without a byte-order mark.
 */
import { parse } from 'csv-parse/sync';
import type { CsvDialect } from '../../../shared/subscriber-csv';

export interface CsvText {
  dialect: CsvDialect;
  /** Every record, the header first, cells trimmed; blank lines skipped. */
  records: string[][];
}

/** The header line decides: more `;` than `,` outside quotes is the spreadsheet's dialect. */
export function detectDialect(text: string): CsvDialect {
  const firstLine = (text.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? '').replace(/"[^"]*"/g, '');
  const count = (char: string) => firstLine.split(char).length - 1;
  return count(';') > count(',') ? 'semicolon' : 'comma';
}

/** Throws csv-parse's error when the text is not CSV (an unclosed quote, say). */
export function readCsv(text: string): CsvText {
  const dialect = detectDialect(text);
  const records: string[][] = parse(text, {
    bom: true,
    delimiter: dialect === 'semicolon' ? ';' : ',',
    relax_column_count: true,
    skip_empty_lines: true,
    trim: true,
  });
  return { dialect, records };
}

const DECIMAL_COMMA = /^(\d{1,3}(?:\.\d{3})+|\d+)(?:,(\d{1,2}))?$/;
const DECIMAL_POINT = /^(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/;

/**
 * An amount in reais → cents, in the file's dialect. `;` files use the decimal comma ("1497,00",
 * "1.497,00", "R$ 1.497,00"); `,` files the decimal point ("1497.00", "1,497.00") and, as files
 * exported before ADR 035 did, a quoted decimal comma. At most two decimals, so "1,497" in a comma
 * file is a thousand. Undefined when it is not an amount.
 */
export function centsOf(cell: string, dialect: CsvDialect): number | undefined {
  const text = cell.replace(/R\$|\s/g, '');
  const match =
    dialect === 'semicolon'
      ? DECIMAL_COMMA.exec(text)
      : (DECIMAL_POINT.exec(text) ?? DECIMAL_COMMA.exec(text));
  if (!match) return undefined;
  const whole = Number(match[1]!.replace(/[.,]/g, ''));
  const fraction = Number((match[2] ?? '').padEnd(2, '0'));
  return whole * 100 + fraction;
}

/** "22/11/2026" (or "2/3/2026"), "2026-11-22" (or an ISO instant: its first ten characters) → "2026-11-22". */
export function isoDayOf(cell: string): string | undefined {
  if (/^\d{4}-\d{2}-\d{2}/.test(cell)) return cell.slice(0, 10);
  const match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(cell);
  if (!match) return undefined;
  const two = (digits: string) => digits.padStart(2, '0');
  return `${match[3]}-${two(match[2]!)}-${two(match[1]!)}`;
}
