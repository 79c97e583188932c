/**
 * The REST side's one error mapper (docs/product/decisions.md §5): every failure leaves as `{ error }` with the
 * right status, in Portuguese, and nothing a client can send turns into a 500.
 */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ZodError } from 'zod';
import { MSG } from '../../shared/messages';
import { AppError } from '../lib/errors';
import { RateLimitedError } from '../operations/rate-limits';

export function sendError(reply: FastifyReply, status: number, error: string, code?: string) {
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .send(code ? { error, code } : { error });
}

export function handleError(error: FastifyError | Error, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof RateLimitedError) reply.header('retry-after', error.retryAfterSeconds);
  if (error instanceof AppError) {
    // A full disk is logged once by the health service, not on every refused request.
    if (error.status >= 500 && error.code !== 'SERVICE_UNAVAILABLE')
      request.log.error({ err: error }, 'request failed');
    return sendError(reply, error.status, error.message, error.reason);
  }
  if (error instanceof ZodError) {
    return sendError(reply, 400, error.issues[0]?.message ?? MSG.invalidInput);
  }
  const status = (error as FastifyError).statusCode;
  const code = (error as FastifyError).code;
  if (status === 429) return sendError(reply, 429, MSG.tooManyRequests);
  if (status === 413 || code === 'FST_ERR_CTP_BODY_TOO_LARGE')
    return sendError(reply, 413, MSG.payloadTooLarge);
  if (
    code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
    code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ||
    error instanceof SyntaxError
  ) {
    return sendError(reply, 400, MSG.malformedJson);
  }
  if (status === 415) return sendError(reply, 415, 'Tipo de conteúdo não suportado');
  if (status !== undefined && status >= 400 && status < 500)
    return sendError(reply, status, MSG.invalidInput);
  request.log.error({ err: error }, 'unhandled error');
  return sendError(reply, 500, MSG.internalError);
}
