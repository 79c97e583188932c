/**
 * The uploaded CSV's encoding: what Excel in Brazil saves ("CSV UTF-8" with a BOM; "CSV (separado
 * por vírgulas)" in Windows-1252), UTF-8 from other programs, and files that are not text.
 */
import { describe, expect, it } from 'vitest';
import { decodeCsvBytes } from './encoding';

const HEADER = 'Nome completo;Email;Telefone;Endereço;Valor (R$)\r\n';
const ROW = 'João Conceição;joao@exemplo.com.br;(11) 98765-4321;Praça da Sé, 1;1.497,00\r\n';

describe('decodeCsvBytes', () => {
  it('reads Excel\'s "CSV (separado por vírgulas)" as Windows-1252: accents, €, “quotes” intact', () => {
    // latin1 writes ç, ã, é… as Windows-1252 does; “, ” and € are Windows-1252's own bytes.
    const pt = Buffer.concat([
      Buffer.from(HEADER + ROW, 'latin1'),
      Buffer.from([0x5a, 0x6f, 0xeb, 0x3b, 0x93, 0x41, 0x94, 0x3b, 0x80, 0x0d, 0x0a]),
    ]);
    expect(decodeCsvBytes(pt)).toEqual({
      text: `${HEADER}${ROW}Zoë;“A”;€\r\n`,
      encoding: 'windows-1252',
    });
  });

  it('reads UTF-8 with a BOM (Excel\'s "CSV UTF-8") without the BOM, and UTF-8 without one', () => {
    const text = HEADER + ROW;
    expect(decodeCsvBytes(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]))).toEqual({
      text,
      encoding: 'utf-8-bom',
    });
    expect(decodeCsvBytes(Buffer.from(text))).toEqual({ text, encoding: 'utf-8' });
  });

  it('takes plain ASCII as UTF-8 (both read it the same)', () => {
    expect(decodeCsvBytes(Buffer.from('Nome completo,Email\r\nAna,ana@x.com\r\n'))?.encoding).toBe('utf-8');
  });

  it('refuses what is text in neither: UTF-16, a spreadsheet (.xlsx), bytes Windows-1252 leaves undefined', () => {
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(HEADER + ROW, 'utf16le')]);
    expect(decodeCsvBytes(utf16)).toBeNull();
    const xlsx = Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00, 0x08, 0x00, 0xe3]);
    expect(decodeCsvBytes(xlsx)).toBeNull();
    expect(decodeCsvBytes(Buffer.from([0x4a, 0x6f, 0x81, 0x6f]))).toBeNull();
    // A BOM announcing UTF-8 over Windows-1252 bytes is not guessed at.
    expect(decodeCsvBytes(Buffer.from([0xef, 0xbb, 0xbf, 0x4a, 0x6f, 0xe3, 0x6f]))).toBeNull();
  });
});
