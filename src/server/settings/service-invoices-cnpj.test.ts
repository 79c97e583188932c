/**
 * "Emissão de notas fiscais" cannot be turned on without the club's CNPJ: the invoice provider
 * issues every NFS-e in its name, so each invoice would be refused with no warning
 * (docs/product/service-invoices.md). Refused in Portuguese, nothing saved; a CNPJ lets it on.
 */
import { describe, expect, it } from 'vitest';
import { useTestApp, type TestApp } from '../../../tests/app';
import { SETTINGS_MSG } from '../../shared/content/settings-defaults';

let t: TestApp;
useTestApp((app) => (t = app));

const REFUSAL =
  'Para ativar a emissão de notas fiscais, informe o CNPJ do clube: a nota fiscal de serviço (NFS-e) é emitida em nome de um CNPJ.';

async function owner() {
  const signed = await t.signIn('admin');
  return (payload: Record<string, unknown>) =>
    t.request({
      method: 'POST',
      url: '/api/admin/settings',
      headers: { authorization: `Bearer ${signed.token}` },
      payload,
    });
}

describe('POST /api/admin/settings: invoices need the club’s CNPJ', () => {
  it('refuses turning invoices on without a CNPJ, or with a CPF, and saves nothing', async () => {
    const save = await owner();
    expect(SETTINGS_MSG.serviceInvoicesNeedCnpj).toBe(REFUSAL);
    for (const payload of [
      { serviceInvoices: true },
      { serviceInvoices: true, clubTaxId: '' },
      { serviceInvoices: true, clubTaxId: '529.982.247-25', clubName: 'Outro nome' },
    ]) {
      const answer = await save(payload);
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toEqual({ error: REFUSAL });
      expect(t.services.settings.get()).toMatchObject({ serviceInvoices: false, clubTaxId: '' });
      expect(t.services.settings.get().clubName).not.toBe('Outro nome');
    }
  });

  it('turns them on with a CNPJ, and then refuses taking the CNPJ away while they are on', async () => {
    const save = await owner();
    const on = await save({ serviceInvoices: true, clubTaxId: '11.222.333/0001-81' });
    expect(on.statusCode).toBe(200);
    expect(on.json().settings).toMatchObject({ serviceInvoices: true, clubTaxId: '11222333000181' });

    const cleared = await save({ clubTaxId: '' });
    expect(cleared.statusCode).toBe(400);
    expect(cleared.json()).toEqual({ error: REFUSAL });
    expect(t.services.settings.get().clubTaxId).toBe('11222333000181');

    // Off and cleared in one save is fine, and other settings save as ever.
    const off = await save({ serviceInvoices: false, clubTaxId: '' });
    expect(off.statusCode).toBe(200);
    expect(off.json().settings).toMatchObject({ serviceInvoices: false, clubTaxId: '' });
  });
});
