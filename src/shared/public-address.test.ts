import { describe, expect, it } from 'vitest';
import { isPublicAddress } from './public-address';

describe('isPublicAddress', () => {
  it('local addresses are not public', () => {
    for (const url of [
      'http://localhost:3000',
      'http://127.0.0.1:4000',
      'http://127.1.2.3',
      'http://[::1]:3000',
      'http://confraria.local',
      'http://app.localhost:3000',
      'http://0.0.0.0:3000',
      'não é url',
    ]) {
      expect(isPublicAddress(url), url).toBe(false);
    }
  });

  it('any other address is', () => {
    for (const url of ['https://confraria.com.br', 'http://192.168.0.10:3000', 'https://clube.exemplo.com']) {
      expect(isPublicAddress(url), url).toBe(true);
    }
  });
});
