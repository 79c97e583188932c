/** GET /api/subscriber-update/cep/:cep: address of a CEP through ViaCEP (cached; failures only logged). */
import { CHECKOUT_MSG, cepParams, cepResponse } from '../../../shared/checkout-schemas';
import { MSG } from '../../../shared/messages';
import { defineRoute } from '../route';

export const cepRoutes = [
  defineRoute({
    method: 'GET',
    path: '/subscriber-update/cep/:cep',
    access: 'public',
    tag: 'checkout',
    summary: 'Endereço de um CEP (8 dígitos), consultado no ViaCEP pelo servidor',
    params: cepParams,
    response: cepResponse,
    errors: {
      400: CHECKOUT_MSG.cepLength,
      404: CHECKOUT_MSG.cepNotFound,
      429: MSG.tooManyRequests,
      502: CHECKOUT_MSG.cepLookupFailed,
    },
    rateLimit: 'lookup',
    async handler({ params, services }) {
      return { success: true as const, address: await services.cep.lookup(params.cep) };
    },
  }),
];
