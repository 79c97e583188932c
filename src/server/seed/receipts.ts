/**
 * Receipts in the demo club: every paid payment already has one; the seed types the club's tax id
 * the receipts print (the example CNPJ of public documentation), unless the owner saved one.
 */
import { formatTaxId } from '../../shared/tax-id';
import type { SeedModule } from './types';

export const DEMO_CLUB_TAX_ID = '11222333000181';

export const receiptsSeed: SeedModule = {
  name: 'recibos',
  run(services, ctx) {
    if (services.settings.get().clubTaxId) {
      ctx.report('recibos: mantido o CNPJ/CPF do clube que já estava salvo');
      return;
    }
    services.settings.update({ clubTaxId: DEMO_CLUB_TAX_ID });
    ctx.report(
      `recibos: ${formatTaxId(DEMO_CLUB_TAX_ID)} (de exemplo) nos recibos; o confrade os abre em Pagamentos`,
    );
  },
};
