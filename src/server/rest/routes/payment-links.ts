/** /api/payment-links: the /checkout flow (spec 01 §3, §7) and the member's and admin's views of links. */
import { z } from 'zod';
import {
  CHECKOUT_MSG,
  createPublicLinkInput,
  createPublicLinkResponse,
  paymentLinkDetails,
  paymentLinkStatusResponse,
} from '../../../shared/checkout-schemas';
import { MSG } from '../../../shared/messages';
import { defineRoute } from '../route';

const linkIdParams = z.object({ id: z.string().trim().min(1).max(64) });

export const paymentLinkRoutes = [
  defineRoute({
    method: 'POST',
    path: '/payment-links/create-public',
    access: 'public',
    tag: 'checkout',
    summary: 'Cria o link de pagamento do plano anual a partir do formulário do /checkout',
    description:
      'O assinante é encontrado ou criado pelo email (um cadastro existente nunca é alterado: os dados do ' +
      'formulário ficam só como dados de cobrança do link). O valor é decidido pelo servidor. `ref` é o ' +
      'código de indicação de `?ref=CODE`. O link vale 48 horas.',
    body: createPublicLinkInput,
    response: createPublicLinkResponse,
    errors: {
      400: `${CHECKOUT_MSG.nameRequired} | ${CHECKOUT_MSG.emailRequired} | ${CHECKOUT_MSG.phoneRequired} | ${CHECKOUT_MSG.cpfRequired} | ${CHECKOUT_MSG.emailInvalid} | ${CHECKOUT_MSG.cpfLength} | ${CHECKOUT_MSG.cpfInvalid}`,
      429: MSG.tooManyRequests,
      502: CHECKOUT_MSG.createLinkFailed,
    },
    rateLimit: 'checkout',
    async handler({ body, user, services }) {
      const paymentLink = await services.paymentLinks.createPublic(body, user);
      return { success: true as const, paymentLink };
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/payment-links/status-public/:id',
    access: 'public',
    tag: 'checkout',
    summary: 'Status do link de pagamento (página de acompanhamento, consultada a cada 5 segundos)',
    description: 'Um link pendente cuja validade passou é respondido (e gravado) como `expired`.',
    params: linkIdParams,
    response: paymentLinkStatusResponse,
    fastSerialize: true,
    errors: { 404: CHECKOUT_MSG.paymentLinkNotFound },
    handler({ params, services }) {
      return services.paymentLinks.statusPublic(params.id);
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/payment-links/user',
    access: 'member',
    tag: 'checkout',
    summary: 'Links de pagamento do próprio assinante (mais recentes primeiro)',
    response: z.object({ success: z.literal(true), paymentLinks: z.array(paymentLinkDetails) }),
    errors: { 401: MSG.notAuthenticated, 403: MSG.forbidden },
    handler({ user, services }) {
      return { success: true as const, paymentLinks: services.paymentLinks.listForUser(user) };
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/payment-links/details/:id',
    access: 'authenticated',
    tag: 'checkout',
    summary: 'Detalhes de um link de pagamento (administrador, ou o próprio assinante)',
    params: linkIdParams,
    response: z.object({ success: z.literal(true), paymentLink: paymentLinkDetails }),
    errors: { 401: MSG.notAuthenticated, 404: CHECKOUT_MSG.paymentLinkNotFound },
    handler({ params, user, services }) {
      return { success: true as const, paymentLink: services.paymentLinks.detailsFor(params.id, user) };
    },
  }),
];
