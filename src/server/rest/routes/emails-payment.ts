/**
 * /api/emails/payment-confirmation and /api/emails/welcome (spec 02 §7): called by the old checkout
 * after a payment. They write only to the payment's own customer, at the address on file; any
 * address in the body is ignored, and each message goes out at most once per payment.
 */
import { CHECKOUT_MSG, paymentEmailInput, paymentEmailResponse } from '../../../shared/checkout-schemas';
import { MSG } from '../../../shared/messages';
import { defineRoute } from '../route';

export const paymentEmailRoutes = [
  defineRoute({
    method: 'POST',
    path: '/emails/payment-confirmation',
    access: 'public',
    tag: 'checkout',
    summary: 'Garante o email de confirmação do pagamento (com o link do grupo VIP) ao próprio cliente',
    body: paymentEmailInput,
    response: paymentEmailResponse,
    errors: {
      404: CHECKOUT_MSG.paymentNotFound,
      409: 'Pagamento ainda não confirmado',
      429: MSG.tooManyRequests,
    },
    rateLimit: 'checkout',
    handler({ body, services }) {
      return services.payments.sendConfirmationEmail(body.paymentId);
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/emails/welcome',
    access: 'public',
    tag: 'checkout',
    summary: 'Envia as credenciais de acesso ao próprio cliente do pagamento, se o cadastro já foi aprovado',
    description:
      'Antes da aprovação nada é enviado: as credenciais saem na aprovação (e a resposta diz isso).',
    body: paymentEmailInput,
    response: paymentEmailResponse,
    errors: {
      404: CHECKOUT_MSG.paymentNotFound,
      409: 'Pagamento ainda não confirmado',
      429: MSG.tooManyRequests,
    },
    rateLimit: 'checkout',
    handler({ body, services }) {
      return services.payments.sendWelcomeEmail(body.paymentId);
    },
  }),
];
