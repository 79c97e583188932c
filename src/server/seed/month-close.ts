/**
 * The month close in the demo club (docs/decisions/054-month-close.md): the sandbox's figures (fee,
 * net, payout date) for every paid demo charge, as the reconciliation pass reads them, so Admin →
 * Fechamento do mês shows fees and a net. Against a real provider nothing is asked here: its
 * figures come from the server's own passes.
 */
import { refreshProviderFigures } from '../payments/fees/refresh-figures';
import type { SeedModule } from './types';

/** Passes at most (each reads up to a batch): far above the demo club's paid charges. */
const MAX_PASSES = 40;

export const monthCloseSeed: SeedModule = {
  name: 'fechamento do mês',
  async run(services, ctx) {
    const figures = services.reconciliation;
    if (figures.provider.name !== 'sandbox') {
      ctx.report('fechamento do mês: taxas lidas do provedor pelo servidor (nada semeado)');
      return;
    }
    let known = 0;
    for (let pass = 0; pass < MAX_PASSES; pass++) {
      const report = await refreshProviderFigures(figures);
      known += report.known;
      if (report.checked === 0) break;
    }
    ctx.report(
      `fechamento do mês: taxas e repasses do sandbox em ${known} pagamento(s); veja Admin → Fechamento do mês`,
    );
  },
};
