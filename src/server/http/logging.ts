/**
 * Logging without secrets: headers that carry sessions are redacted and query values named like
 * secrets (the set-password `token`, for one) are masked in logged URLs.
 *
 * One line per request (`logRequest`, instead of Fastify's two objects). In a terminal on a
 * development install the lines are made readable by pino-pretty, a development tool, in pino's
 * worker thread; anywhere else (systemd, Docker, a file, a production install without it) they
 * stay one JSON object per line, for the log tools.
 */
import { createRequire } from 'node:module';
import { LogController, type FastifyBaseLogger, type FastifyReply, type FastifyRequest } from 'fastify';
import { stdSerializers, type Logger, type LoggerOptions } from 'pino';
import type { Env } from '../env';
import { redactSecrets, withoutStatementValues } from '../lib/redact';

/** Whether pino-pretty is installed here (a production install, `npm ci --omit=dev`, has none). */
export function prettyAvailable(): boolean {
  try {
    createRequire(import.meta.url).resolve('pino-pretty');
    return true;
  } catch {
    return false;
  }
}

export function loggerOptions(env: Env, { pretty = false }: { pretty?: boolean } = {}): LoggerOptions {
  return {
    ...(pretty
      ? {
          transport: {
            target: 'pino-pretty',
            options: {
              colorize: true,
              singleLine: true,
              translateTime: 'SYS:HH:MM:ss',
              // The request line says it all in its message (logRequest).
              ignore: 'pid,hostname,reqId,req,res,responseTime',
            },
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
      // `err` is an Error or, in most service lines, its message: neither may carry a statement's values.
      err(value: unknown) {
        if (typeof value === 'string') return withoutStatementValues(value);
        if (!(value instanceof Error)) return value;
        const { params: _params, ...serialized } = stdSerializers.err(value) as ReturnType<
          typeof stdSerializers.err
        > & { params?: unknown };
        return {
          ...serialized,
          message: withoutStatementValues(serialized.message),
          stack: withoutStatementValues(serialized.stack),
        };
      },
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

/**
 * The one line a request leaves, `GET /login 200 3 ms`, with its fields for the log tools, in place
 * of Fastify's two ("incoming request", "request completed").
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    // Nothing is built for a line that would not be written (LOG_LEVEL above info, or silent as in
    // the bench): the redacted URL and the fields are per-request work.
    const log = request.log as FastifyBaseLogger & Pick<Logger, 'isLevelEnabled'>;
    if (!log.isLevelEnabled(error ? 'error' : 'info')) return;
    const status = reply.statusCode;
    const responseTime = Math.round(reply.elapsedTime * 10) / 10;
    const line = `${request.method} ${redactSecrets(request.url)} ${status} ${responseTime} ms`;
    const fields = { req: request, res: { statusCode: status }, responseTime };
    if (error) log.error({ ...fields, err: error }, line);
    else log.info(fields, line);
  }
}
