import { describe, expect, it } from 'vitest';
import { useTestApp, type TestApp } from '../../../tests/app';
import { runSeed } from './index';

let t: TestApp;
useTestApp((app) => (t = app));

describe('commission payouts demo seed', () => {
  it('leaves a batch to pay: Mariana and Helena with keys, Rafael listed apart, and is idempotent', async () => {
    await runSeed(t.services);
    const preview = t.services.batchPayout.preview();
    expect(preview.payable.map((group) => [group.name, group.pixKey?.label])).toEqual(
      expect.arrayContaining([
        ['Mariana Costa', 'E-mail mariana.pix@confraria.example'],
        ['Helena Duarte', 'E-mail helena.pix@confraria.example'],
      ]),
    );
    expect(preview.withoutKey.map((group) => group.name)).toContain('Rafael Oliveira');
    expect(preview.total).toBe(preview.payable.reduce((sum, group) => sum + group.amount, 0));
    expect(preview.count).toBeGreaterThanOrEqual(3);

    const second = await runSeed(t.services);
    expect(second.lines).toContain(
      'comissões a pagar: 0 chave(s) PIX de indicadores salvas, 0 comissão(ões) confirmada(s) criada(s) (Rafael sem chave PIX); pague em Indicações → "Pagar comissões em lote"',
    );
    expect(t.services.batchPayout.preview()).toEqual(preview);
  });
});
