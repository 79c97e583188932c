/**
 * The HTTP client of Pagar.me v5: Basic auth with the secret key as the user name; an
 * `Idempotency-Key` on every create, reused when a create is retried after a network failure.
 */
import { providerText } from '../../../lib/provider-status';
import { ProviderError } from '../types';
import type { PagarmeCharge, PagarmeOrder } from './wire';

export interface PagarmeOptions {
  apiUrl: string;
  secretKey: string;
  /** `pk_…`: sent by browsers to `POST /tokens?appId=` so card data goes to Pagar.me only. */
  publicKey?: string;
  webhookUser?: string;
  webhookPassword?: string;
  /** Milliseconds before a call is abandoned. */
  timeoutMs?: number;
}

export const PAGARME_MSG = {
  unavailable: 'Serviço de pagamento indisponível no momento. Tente novamente.',
  refused: 'O Pagar.me recusou a operação',
} as const;

/** Pages of 30 read at most when listing the orders of one code. */
const ORDER_PAGES = 5;

interface Request {
  method: string;
  path: string;
  body?: unknown;
  idempotencyKey?: string;
}

/** What the client is built from: the API's address and credentials, and the secrets never to echo. */
interface Connection {
  base: string;
  authorization: string;
  timeoutMs: number;
  secrets: (string | undefined)[];
}

function send(connection: Connection, request: Request): Promise<Response> {
  const headers: Record<string, string> = {
    authorization: connection.authorization,
    accept: 'application/json',
  };
  if (request.body !== undefined) headers['content-type'] = 'application/json';
  if (request.idempotencyKey) headers['idempotency-key'] = request.idempotencyKey;
  return fetch(`${connection.base}${request.path}`, {
    method: request.method,
    headers,
    body: request.body === undefined ? undefined : JSON.stringify(request.body),
    signal: AbortSignal.timeout(connection.timeoutMs),
  });
}

/** No answer (network, timeout) or a 5xx: the request may have been carried out all the same. */
const unknownOutcome = (status?: number) => new ProviderError(PAGARME_MSG.unavailable, status, true);

/** Sends once, and once more only when the request carries its idempotency key. */
async function sendWithRetry(connection: Connection, request: Request): Promise<Response> {
  let response: Response;
  try {
    response = await send(connection, request);
    // A create with an idempotency key is safe to repeat once after a server-side failure.
    if (response.status >= 500 && request.idempotencyKey) response = await send(connection, request);
  } catch {
    // Network failure or timeout: only a create carrying its idempotency key may be repeated.
    if (!request.idempotencyKey) throw unknownOutcome();
    try {
      response = await send(connection, request);
    } catch {
      throw unknownOutcome();
    }
  }
  if (response.status >= 500) throw unknownOutcome(response.status);
  return response;
}

/** A 4xx: Pagar.me's own message, with any secret taken out. */
function refusal(connection: Connection, status: number, body: string): ProviderError {
  let message = '';
  try {
    const parsed = JSON.parse(body) as { message?: string };
    message = parsed.message ?? '';
  } catch {
    // not JSON: keep only the status
  }
  const detail = providerText(
    message ? `${PAGARME_MSG.refused}: ${message}` : PAGARME_MSG.refused,
    connection.secrets,
  );
  return new ProviderError(status >= 500 ? PAGARME_MSG.unavailable : detail, status);
}

export function createPagarmeClient(options: PagarmeOptions) {
  const connection: Connection = {
    base: options.apiUrl.replace(/\/+$/, ''),
    authorization: `Basic ${Buffer.from(`${options.secretKey}:`).toString('base64')}`,
    timeoutMs: options.timeoutMs ?? 15_000,
    secrets: [options.secretKey, options.webhookPassword],
  };

  async function call<T>(method: string, path: string, body?: unknown, idempotencyKey?: string): Promise<T> {
    const response = await sendWithRetry(connection, { method, path, body, idempotencyKey });
    const text = await response.text();
    if (!response.ok) throw refusal(connection, response.status, text);
    return (text ? JSON.parse(text) : {}) as T;
  }

  /**
   * The orders under one of our codes: `GET /orders?code=` answers the documented paged list
   * `{ data, paging: { total, previous, next } }` (30 a page at most), walked to its end (a few
   * pages at most: one code has one order per attempt). Only orders carrying that exact code count.
   */
  async function ordersByCode(code: string, status?: 'paid'): Promise<PagarmeOrder[]> {
    const found: PagarmeOrder[] = [];
    for (let page = 1; page <= ORDER_PAGES; page++) {
      const query = `code=${encodeURIComponent(code)}${status ? `&status=${status}` : ''}`;
      const list = await call<{ data?: PagarmeOrder[]; paging?: { next?: string | null } }>(
        'GET',
        `/orders?${query}&page=${page}&size=30`,
      );
      found.push(...(list.data ?? []));
      if (!list.paging?.next || !list.data?.length) break;
    }
    return found.filter((order) => order.code === code);
  }

  return {
    options,
    base: connection.base,
    secrets: connection.secrets,
    call,
    ordersByCode,
    getOrder: (id: string) => call<PagarmeOrder>('GET', `/orders/${encodeURIComponent(id)}`),
    getCharge: (id: string) => call<PagarmeCharge>('GET', `/charges/${encodeURIComponent(id)}`),
    /** The paid order of a link, found by our order code. */
    findPaidOrder: async (code: string): Promise<PagarmeOrder | null> =>
      (await ordersByCode(code, 'paid')).find((order) => order.status === 'paid') ?? null,
  };
}

export type PagarmeClient = ReturnType<typeof createPagarmeClient>;
