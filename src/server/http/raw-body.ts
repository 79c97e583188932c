/**
 * Webhook routes need the exact bytes the provider sent (the sandbox signs them with HMAC). The
 * app's JSON parser is Fastify's own, wrapped so that requests under /api/webhooks/ also keep the
 * raw text on `request.rawBody`; nothing else changes for other routes.
 */
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    rawBody?: string;
  }
}

export const WEBHOOK_PREFIX = '/api/webhooks/';

export function keepRawWebhookBodies(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'ignore');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (request.url.startsWith(WEBHOOK_PREFIX)) request.rawBody = body as string;
    void parseJson(request, body as string, done);
  });
}
