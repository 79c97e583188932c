import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { normalizePixKey } from '../../../../shared/pix-key';
import { buildBrCode, crc16, parseBrCode } from './brcode';

interface Vector {
  name: string;
  payload: string;
  expect_valid: boolean;
  crc_computed: string;
}
const vectors = JSON.parse(
  fs.readFileSync(new URL('../../../../../tests/fixtures/brcode/vectors.json', import.meta.url), 'utf8'),
) as {
  algorithm: { check_123456789: string };
  vectors: Vector[];
};

describe('BR Code', () => {
  it('computes CRC-16/CCITT-FALSE (check value of "123456789")', () => {
    expect(crc16('123456789')).toBe(vectors.algorithm.check_123456789);
  });

  it.each(vectors.vectors.map((vector) => [vector.name, vector] as const))(
    '%s: verdict and CRC',
    (_name, vector) => {
      const check = parseBrCode(vector.payload);
      expect(check.valid).toBe(vector.expect_valid);
      const crcAt = vector.payload.lastIndexOf('6304');
      expect(crc16(vector.payload.slice(0, crcAt + 4))).toBe(vector.crc_computed);
    },
  );

  it('builds our static code byte for byte (key, name, city, 1497.00, txid)', () => {
    const code = buildBrCode({
      pixKey: 'pix@confraria.example',
      merchantName: 'CONFRARIA',
      merchantCity: 'SAO PAULO',
      amount: 149700,
      txid: 'CONFRARIA0001',
    });
    const ours = vectors.vectors.find((vector) => vector.name === 'confraria-static-email-key');
    expect(code).toBe(ours?.payload);
    expect(code.endsWith('8A75')).toBe(true);
  });

  it('lays out the fields and strips accents from name and city', () => {
    const code = buildBrCode({
      pixKey: 'contato@confraria.local',
      merchantName: 'Confraria Vinhos & Amigos',
      merchantCity: 'São Paulo',
      amount: 89700,
      txid: 'abc123xyz',
    });
    const check = parseBrCode(code);
    expect(check.valid).toBe(true);
    if (!check.valid) return;
    const byId = Object.fromEntries(check.fields.map((entry) => [entry.id, entry]));
    expect(byId['00']?.value).toBe('01');
    expect(byId['26']?.fields).toEqual([
      { id: '00', value: 'br.gov.bcb.pix' },
      { id: '01', value: 'contato@confraria.local' },
    ]);
    expect(byId['52']?.value).toBe('0000');
    expect(byId['53']?.value).toBe('986');
    expect(byId['54']?.value).toBe('897.00');
    expect(byId['58']?.value).toBe('BR');
    expect(byId['59']?.value).toBe('CONFRARIA VINHOS AMIGOS');
    expect(byId['60']?.value).toBe('SAO PAULO');
    expect(byId['62']?.fields).toEqual([{ id: '05', value: 'abc123xyz' }]);
    expect(byId['63']?.value).toBe(crc16(code.slice(0, -4)));
  });

  it('rejects a code whose CRC was tampered with', () => {
    const code = buildBrCode({
      pixKey: 'k@x.co',
      merchantName: 'A',
      merchantCity: 'B',
      amount: 100,
      txid: 't1',
    });
    const tampered = code.replace('54041.00', '54041.01');
    expect(parseBrCode(tampered).valid).toBe(false);
  });

  const fieldOf = (code: string, id: string) => {
    const check = parseBrCode(code);
    if (!check.valid) throw new Error(check.problem);
    return check.fields.find((entry) => entry.id === id)?.value;
  };

  it('never leaves name or city empty: the club name and city first, then fixed defaults', () => {
    const base = { pixKey: 'k@x.co', amount: 100, txid: 't1' };
    const symbols = buildBrCode({
      ...base,
      merchantName: '★★ & ☆',
      merchantCity: '—',
      clubName: 'Clube Ávila',
    });
    expect(fieldOf(symbols, '59')).toBe('CLUBE AVILA');
    expect(fieldOf(symbols, '60')).toBe('SAO PAULO');
    const withClubCity = buildBrCode({
      ...base,
      merchantName: '   ',
      merchantCity: '!!!',
      clubName: '***',
      clubCity: 'Porto Alegre',
    });
    expect(fieldOf(withClubCity, '59')).toBe('CONFRARIA');
    expect(fieldOf(withClubCity, '60')).toBe('PORTO ALEGRE');
  });

  it('never puts an amount of 0 (or less, or a fraction of a cent) in a code', () => {
    const base = { pixKey: 'k@x.co', merchantName: 'A', merchantCity: 'B', txid: 't1' };
    for (const amount of [0, -100, 10.5, Number.NaN]) {
      expect(() => buildBrCode({ ...base, amount })).toThrow(RangeError);
    }
  });
});

describe('BR Codes from every PIX key type (ADR 020)', () => {
  // As an owner would type them in the settings screen, and the DICT format banks look up.
  const KEYS = [
    { typed: '529.982.247-25', type: 'cpf', dict: /^\d{11}$/ },
    { typed: '11.222.333/0001-81', type: 'cnpj', dict: /^\d{14}$/ },
    { typed: '(11) 98765-4321', type: 'phone', dict: /^\+55\d{10,11}$/ },
    { typed: ' Contato@Confraria.COM.br ', type: 'email', dict: /^[a-z0-9._%+-]+@[a-z0-9.-]+$/ },
    {
      typed: '123E4567-E89B-12D3-A456-426614174000',
      type: 'evp',
      dict: /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/,
    },
  ] as const;

  it.each(KEYS)(
    '$type: the key is stored in DICT format and the code passes its CRC',
    ({ typed, type, dict }) => {
      const normalized = normalizePixKey(typed);
      expect(normalized).toMatchObject({ ok: true, type });
      if (!normalized.ok) return;
      expect(normalized.key).toMatch(dict);
      const code = buildBrCode({
        pixKey: normalized.key,
        merchantName: 'Confraria',
        merchantCity: 'São Paulo',
        amount: 149700,
        txid: 'TX123',
      });
      const check = parseBrCode(code);
      expect(check.valid).toBe(true);
      if (!check.valid) return;
      const account = check.fields.find((entry) => entry.id === '26')?.fields;
      expect(account).toEqual([
        { id: '00', value: 'br.gov.bcb.pix' },
        { id: '01', value: normalized.key },
      ]);
      expect(code.slice(-4)).toBe(crc16(code.slice(0, -4)));
    },
  );
});
