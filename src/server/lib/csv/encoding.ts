/**
 * The text of an uploaded CSV, whatever Brazilian Excel saved it as (ADR 035): "CSV UTF-8" (with a
 * byte-order mark), a UTF-8 file another program wrote (without one), or "CSV (separado por
 * vírgulas)", which Excel in pt-BR saves in Windows-1252. Bytes that are valid UTF-8 are UTF-8;
 * anything else is read as Windows-1252, the only other encoding a spreadsheet in Brazil writes.
 * A file that is text in neither (a spreadsheet's .xlsx, a UTF-16 export, binary) is refused
 * rather than stored as "Jo�o".
 */
import type { CsvEncoding } from '../../../shared/subscriber-csv';

const UTF8_BOM = [0xef, 0xbb, 0xbf];

/** Bytes Windows-1252 leaves undefined: no text file from Excel has them. */
const UNDEFINED_IN_1252 = new Set([0x81, 0x8d, 0x8f, 0x90, 0x9d]);

/**
 * Control characters no CSV a person saved contains (tab, line feed and carriage return are
 * fine): a NUL is a UTF-16 file or binary; U+FFFD is text already decoded wrongly by someone else.
 */
// eslint-disable-next-line no-control-regex
const NOT_TEXT = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\ufffd]/;

/** True when a decoded text holds nothing a CSV of names and addresses cannot. */
export const isReadableText = (text: string) => !NOT_TEXT.test(text);

/** The file's text and the encoding it was read in, or null when it is not text in either. */
export function decodeCsvBytes(bytes: Uint8Array): { text: string; encoding: CsvEncoding } | null {
  if (UTF8_BOM.every((byte, index) => bytes[index] === byte)) {
    const text = decodeUtf8(bytes.subarray(3));
    return text !== null && isReadableText(text) ? { text, encoding: 'utf-8-bom' } : null;
  }
  const utf8 = decodeUtf8(bytes);
  if (utf8 !== null) return isReadableText(utf8) ? { text: utf8, encoding: 'utf-8' } : null;
  if (bytes.some((byte) => UNDEFINED_IN_1252.has(byte))) return null;
  const text = new TextDecoder('windows-1252').decode(bytes);
  // Windows-1252 maps 0x80–0x9F to letters and signs, never to C1 controls: a control left is a byte
  // below 0x20 that no spreadsheet writes.
  return isReadableText(text) ? { text, encoding: 'windows-1252' } : null;
}

function decodeUtf8(bytes: Uint8Array): string | null {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return null;
  }
}
