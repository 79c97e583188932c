/**
 * Request logging without secrets: headers that carry sessions are redacted and query values
 * named like secrets (the set-password `token`, for one) are masked in logged URLs.
 */
import type { FastifyRequest } from 'fastify';
import type { LoggerOptions } from 'pino';
import type { Env } from '../env';
import { redactSecrets } from '../redact';

export function loggerOptions(env: Env): LoggerOptions {
  return {
    level: env.NODE_ENV === 'test' ? 'silent' : env.LOG_LEVEL,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        '*.password',
        '*.passwordHash',
        '*.token',
        '*.cpf',
        '*.cardNumber',
        '*.cvv',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req(request: FastifyRequest) {
        return {
          method: request.method,
          url: redactSecrets(request.url),
          remoteAddress: request.ip,
        };
      },
    },
  };
}
