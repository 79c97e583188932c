/**
 * /api/payments: the link asked for right after registration (spec 01 §4), the old in-page
 * checkout (spec 02) and its status poll; /api/referrals/click counts a click on `?ref=CODE`.
 */
import { createHash } from 'node:crypto';
import { z } from 'zod';
import {
  CHECKOUT_MSG,
  createCheckoutLinkInput,
  createCheckoutLinkResponse,
  paymentStatusResponse,
  processPaymentInput,
  processPaymentResponse,
  referralClickInput,
  referralClickResponse,
} from '../../../shared/checkout-schemas';
import { MSG } from '../../../shared/messages';
import { PAYMENT_MSG } from '../../services/payments';
import { defineRoute } from '../route';

/** Cookie that identifies a visitor for "one click per visitor per day" (an opaque hash, no personal data). */
export const VISITOR_COOKIE = 'confraria_visitor';
const VISITOR_MAX_AGE_S = 365 * 24 * 60 * 60;

export const paymentRoutes = [
  defineRoute({
    method: 'POST',
    path: '/payments/create-checkout-link',
    access: 'public',
    tag: 'checkout',
    summary: 'Cria um link de pagamento para o email informado (usado logo após o cadastro)',
    description:
      '`amount` precisa ser um preço que o clube oferece a essa pessoa (anual para todos; renovação só para ' +
      'assinantes já aprovados); `description` é ignorada: o servidor descreve o plano.',
    body: createCheckoutLinkInput,
    response: createCheckoutLinkResponse,
    errors: {
      400: `${CHECKOUT_MSG.amountMissing} | ${CHECKOUT_MSG.amountNotOffered}`,
      429: MSG.tooManyRequests,
      502: CHECKOUT_MSG.createLinkFailed,
    },
    rateLimit: 'checkout',
    async handler({ body, user, services }) {
      const result = await services.paymentLinks.createCheckoutLink(body, user);
      return { success: true as const, ...result };
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/payments/process',
    access: 'public',
    tag: 'checkout',
    summary: 'Checkout antigo: paga com cartão ou gera um PIX (BR Code e QR Code)',
    description:
      'Cartão aprovado: `status` `completed`. PIX: `status` `pending` com `pixData` (`qrCode` é uma URL ' +
      '`data:image/png;base64,…`). Cartão recusado: 422 com o motivo do provedor ou "Erro ao processar ' +
      'pagamento". O número do cartão nunca é gravado (só bandeira e 4 últimos dígitos).',
    body: processPaymentInput,
    response: processPaymentResponse,
    errors: {
      400: `${CHECKOUT_MSG.amountMissing} | ${CHECKOUT_MSG.amountNotOffered} | ${CHECKOUT_MSG.fullNameRequired} | …`,
      409: `${CHECKOUT_MSG.paymentAlreadyPaid} | ${PAYMENT_MSG.attemptInProgress} | ${PAYMENT_MSG.attemptRefunded}`,
      422: CHECKOUT_MSG.paymentFailed,
      429: MSG.tooManyRequests,
      502: CHECKOUT_MSG.providerUnavailable,
    },
    rateLimit: 'checkout',
    handler({ body, services }) {
      return services.payments.process(body);
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/payments/status/:id',
    access: 'public',
    tag: 'checkout',
    summary: 'Status de um pagamento do checkout antigo (`completed` quando pago)',
    params: z.object({ id: z.string().trim().min(1).max(64) }),
    response: paymentStatusResponse,
    fastSerialize: true,
    errors: { 404: CHECKOUT_MSG.paymentNotFound },
    handler({ params, services }) {
      return services.payments.status(params.id);
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/referrals/click',
    access: 'public',
    tag: 'referrals',
    summary: 'Conta um clique no link de indicação (uma vez por visitante por dia)',
    body: referralClickInput,
    response: referralClickResponse,
    errors: { 400: CHECKOUT_MSG.referralInvalid, 429: MSG.tooManyRequests },
    rateLimit: 'lookup',
    handler({ body, services, request, reply }) {
      // The visitor is the cookie we gave them, or (first visit, or cookies off) their IP and browser.
      const known = request.cookies[VISITOR_COOKIE];
      const visitorKey =
        known && /^[a-f0-9]{64}$/.test(known)
          ? known
          : createHash('sha256')
              .update(`${request.ip}|${request.headers['user-agent'] ?? ''}`)
              .digest('hex');
      if (known !== visitorKey) {
        reply.setCookie(VISITOR_COOKIE, visitorKey, {
          httpOnly: true,
          sameSite: 'lax',
          path: '/',
          maxAge: VISITOR_MAX_AGE_S,
        });
      }
      return { success: true as const, counted: services.referrals.recordClick(body.code, visitorKey) };
    },
  }),
];
