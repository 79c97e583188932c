/**
 * Provider webhooks (REST only). The input is the exact bytes the provider sent (the sandbox signs
 * them with HMAC; Pagar.me's are protected by Basic credentials). 401 for a webhook that is not
 * authentic, 2xx once processed (or already processed), non-2xx when the provider must retry.
 */
import { z } from 'zod';
import { AppError, type AppErrorCode } from '../../lib/errors';
import type { PaymentProviderName } from '../providers/types';
import type { WebhookRefusal, WebhookResult } from '../webhooks/result';
import { procedureFor } from '../../operations/procedure';

const webhookInput = z.object({
  headers: z.record(z.string(), z.union([z.string(), z.array(z.string())]).optional()),
  rawBody: z.string(),
});

const received = z.object({
  received: z.literal(true),
  duplicate: z.literal(true).optional(),
  ignored: z.literal(true).optional(),
});

/** A refusal's HTTP status: non-2xx tells the provider to deliver the webhook again later. */
const CODE_OF_REFUSAL: Record<WebhookRefusal, AppErrorCode> = {
  not_configured: 'NOT_FOUND',
  unauthorized: 'UNAUTHORIZED',
  invalid: 'BAD_REQUEST',
  not_yet: 'CONFLICT',
  not_found: 'NOT_FOUND',
  provider_failed: 'BAD_GATEWAY',
  failed: 'INTERNAL_SERVER_ERROR',
};

function receivedOrThrow(result: WebhookResult): z.input<typeof received> {
  if (result.kind === 'refused') throw new AppError(CODE_OF_REFUSAL[result.reason], result.message);
  return {
    received: true,
    ...(result.duplicate ? { duplicate: true as const } : {}),
    ...(result.ignored ? { ignored: true as const } : {}),
  };
}

const webhook = (source: PaymentProviderName, summary: string, errors: Record<number, string>) =>
  procedureFor('public')
    .meta({
      rawBody: true,
      openapi: {
        method: 'POST',
        path: `/webhooks/${source}`,
        tags: ['webhooks'],
        summary,
        errorResponses: errors,
      },
    })
    .input(webhookInput)
    .output(received)
    .mutation(async ({ ctx: { services }, input }) =>
      receivedOrThrow(await services.payments.handleWebhook(source, input)),
    );

const NOT_AUTHENTIC = {
  400: 'Webhook inválido',
  401: 'Webhook não autorizado',
  404: 'Pagamento não encontrado',
};

/** REST only: providers call their documented path. */
export const webhookRestProcedures = {
  sandbox: webhook(
    'sandbox',
    'Webhook do provedor sandbox (assinado com HMAC-SHA256 no cabeçalho x-sandbox-signature)',
    NOT_AUTHENTIC,
  ),
  pagarme: webhook(
    'pagarme',
    'Webhook do Pagar.me v5 (Basic PAGARME_WEBHOOK_USER/PAGARME_WEBHOOK_PASSWORD; o pedido é reconsultado na API)',
    { ...NOT_AUTHENTIC, 502: 'Não foi possível processar o webhook. Tente novamente.' },
  ),
};
