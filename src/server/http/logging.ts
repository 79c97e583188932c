/**
 * Request logging without secrets: headers that carry sessions are redacted and query values
 * named like secrets (the set-password `token`, for one) are masked in logged URLs. In a terminal
 * the lines are made readable (pino-pretty, in pino's worker thread); anywhere else (systemd,
 * Docker, a file) they stay one JSON object per line, for the log tools.
 */
import type { FastifyRequest } from 'fastify';
import type { LoggerOptions } from 'pino';
import type { Env } from '../env';
import { redactSecrets } from '../redact';

export function loggerOptions(env: Env, { pretty = false }: { pretty?: boolean } = {}): LoggerOptions {
  return {
    ...(pretty
      ? {
          transport: {
            target: 'pino-pretty',
            options: { colorize: true, translateTime: 'SYS:HH:MM:ss', ignore: 'pid,hostname' },
          },
        }
      : {}),
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
