/**
 * Provider webhooks. The body is read raw (src/server/http/raw-body.ts) because the sandbox signs
 * the exact bytes; Pagar.me's are protected by Basic credentials. 401 for a webhook that is not
 * authentic, 2xx once processed (or already processed), non-2xx when it must be retried.
 */
import { z } from 'zod';
import type { PaymentProviderName } from '../../providers/payment/types';
import { defineRoute, type RestHandlerArgs } from '../route';

const answer = z.object({
  received: z.literal(true),
  duplicate: z.literal(true).optional(),
  ignored: z.literal(true).optional(),
});

function webhookHandler(source: PaymentProviderName) {
  return async ({ services, request, reply }: RestHandlerArgs<'public', undefined, undefined, undefined>) => {
    const result = await services.payments.handleWebhook(source, {
      headers: request.headers,
      rawBody: request.rawBody ?? '',
    });
    return reply.code(result.statusCode).header('cache-control', 'no-store').send(result.body);
  };
}

export const webhookRoutes = [
  defineRoute({
    method: 'POST',
    path: '/webhooks/sandbox',
    access: 'public',
    tag: 'webhooks',
    summary: 'Webhook do provedor sandbox (assinado com HMAC-SHA256 no cabeçalho x-sandbox-signature)',
    response: answer,
    errors: { 400: 'Webhook inválido', 401: 'Webhook não autorizado', 404: 'Pagamento não encontrado' },
    handler: webhookHandler('sandbox'),
  }),
  defineRoute({
    method: 'POST',
    path: '/webhooks/pagarme',
    access: 'public',
    tag: 'webhooks',
    summary:
      'Webhook do Pagar.me v5 (Basic PAGARME_WEBHOOK_USER/PAGARME_WEBHOOK_PASSWORD; o pedido é reconsultado na API)',
    response: answer,
    errors: {
      400: 'Webhook inválido',
      401: 'Webhook não autorizado',
      404: 'Pagamento não encontrado',
      502: 'Não foi possível processar o webhook. Tente novamente.',
    },
    handler: webhookHandler('pagarme'),
  }),
];
