import { describe, expect, it } from 'vitest';
import { useTestApp, type TestApp } from '../../../tests/app';
import { runSeed } from './index';
import { receiptsSeed } from './receipts';

let t: TestApp;
useTestApp((app) => (t = app));

describe('demo receipts', () => {
  it('types an example CNPJ once and leaves the owner’s own alone', async () => {
    const first = await runSeed(t.services, [receiptsSeed]);
    expect(first.lines).toEqual([
      'recibos: CNPJ 11.222.333/0001-81 (de exemplo) nos recibos; o confrade os abre em Pagamentos',
    ]);
    expect(t.services.settings.get().clubTaxId).toBe('11222333000181');
    t.services.settings.update({ clubTaxId: '529.982.247-25' });
    const second = await runSeed(t.services, [receiptsSeed]);
    expect(second.lines).toEqual(['recibos: mantido o CNPJ/CPF do clube que já estava salvo']);
    expect(t.services.settings.get().clubTaxId).toBe('52998224725');
  });
});
