/**
 * The one error type services throw. Each transport maps it once: tRPC to a TRPCError with the
 * same code, REST to `{ error }` with the matching HTTP status (docs/product/decisions.md §5). The message is
 * always user-facing Portuguese and never carries internals.
 */
import type { ErrorReason } from '../../shared/error-reasons';
import { MSG } from '../../shared/messages';

export const APP_ERROR_STATUS = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNPROCESSABLE_CONTENT: 422,
  TOO_MANY_REQUESTS: 429,
  INTERNAL_SERVER_ERROR: 500,
  BAD_GATEWAY: 502,
  SERVICE_UNAVAILABLE: 503,
} as const;

export type AppErrorCode = keyof typeof APP_ERROR_STATUS;

export class AppError extends Error {
  /**
   * A refusal a client reacts to by itself (ask for the sign-in code, open the step-up dialog):
   * `reason` in a tRPC error's data, `code` beside `error` in a REST answer.
   */
  readonly reason: ErrorReason | undefined;

  constructor(
    readonly code: AppErrorCode,
    message: string,
    options?: { cause?: unknown; reason?: ErrorReason },
  ) {
    super(message, options);
    this.name = 'AppError';
    this.reason = options?.reason;
  }

  get status(): number {
    return APP_ERROR_STATUS[this.code];
  }
}

/**
 * An allowance is spent (a per-IP rate limit, the per-account sign-in throttle): transports answer
 * 429 with `Retry-After`.
 */
export class RateLimitedError extends AppError {
  constructor(
    readonly retryAfterSeconds: number,
    message: string = MSG.tooManyRequests,
    reason?: ErrorReason,
  ) {
    super('TOO_MANY_REQUESTS', message, { reason });
  }
}
