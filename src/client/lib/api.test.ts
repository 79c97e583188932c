import { TRPCClientError } from '@trpc/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError, apiGet, apiPost } from './api';
import { errorText, failureStatus, RefusedAnswer } from './errors';
import { shouldRetryQuery } from './trpc';

function answer(status: number, body: unknown) {
  return new Response(body === undefined ? null : typeof body === 'string' ? body : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

afterEach(() => vi.unstubAllGlobals());

describe('the shared call layer', () => {
  const checkoutLink = z.object({ checkoutUrl: z.string() });

  it('sends JSON, never cached, with same-origin credentials, and returns the body parsed', async () => {
    const fetchMock = vi.fn().mockResolvedValue(answer(200, { checkoutUrl: '/sandbox/pay/x', extra: 1 }));
    vi.stubGlobal('fetch', fetchMock);
    const result = await apiPost('/api/payments/create-checkout-link', checkoutLink, {
      amount: 149700,
    });
    // The operation's output schema decides the answer's type and drops what it does not declare.
    expect(result).toEqual({ checkoutUrl: '/sandbox/pay/x' });
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/payments/create-checkout-link');
    expect(init).toMatchObject({ method: 'POST', cache: 'no-store', credentials: 'same-origin' });
    expect(init.headers).toMatchObject({ 'Content-Type': 'application/json' });
    expect(JSON.parse(init.body as string)).toEqual({ amount: 149700 });
  });

  it('puts query values in the URL, leaving out empty ones', async () => {
    const fetchMock = vi.fn().mockResolvedValue(answer(200, []));
    vi.stubGlobal('fetch', fetchMock);
    await apiGet('/api/drive', { page: 2, search: '', type: undefined, isPublic: true });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/drive?page=2&isPublic=true');
  });

  it("throws the body's error with the status", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn().mockResolvedValue(answer(409, { error: 'Este email já está cadastrado' })),
    );
    const failure = await apiPost('/api/auth/register', checkoutLink, {}).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ message: 'Este email já está cadastrado', status: 409 });
  });

  it('falls back to "HTTP error! status: {code}" when the body has no error', async () => {
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(answer(404, undefined)));
    await expect(apiGet('/api/nada')).rejects.toThrow('HTTP error! status: 404');
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(answer(502, '<html>Bad gateway</html>')));
    await expect(apiGet('/api/nada')).rejects.toThrow('HTTP error! status: 502');
  });
});

describe('errorText', () => {
  it("shows the server's message, and the screen's fallback for anything else", () => {
    const notFound = new ApiError('Assinante não encontrado', 404, { error: 'Assinante não encontrado' });
    expect(errorText(notFound, 'Erro')).toBe('Assinante não encontrado');
    expect(errorText(new TypeError('Failed to fetch'), 'Erro no login')).toBe('Erro no login');
    expect(errorText('boom', 'Erro ao criar conta')).toBe('Erro ao criar conta');
  });
});

describe('errorText with an unreachable text', () => {
  const fallback = 'Erro ao criar link de pagamento. Tente novamente.';
  const unreachable = 'Erro interno. Tente novamente.';

  it("shows the server's { error } text or a refusal's reason", () => {
    const answered = new ApiError('Link de pagamento não encontrado', 404, {
      error: 'Link de pagamento não encontrado',
    });
    expect(errorText(answered, fallback)).toBe('Link de pagamento não encontrado');
    expect(errorText(new RefusedAnswer('Pagamento recusado pelo emissor do cartão'), fallback)).toBe(
      'Pagamento recusado pelo emissor do cartão',
    );
  });

  it('uses the fallback for an answer without a message, and the unreachable text otherwise', () => {
    expect(errorText(new ApiError('HTTP error! status: 502', 502, null), fallback, unreachable)).toBe(
      fallback,
    );
    expect(errorText(new TypeError('Failed to fetch'), fallback, unreachable)).toBe(unreachable);
    expect(errorText(new TypeError('Failed to fetch'), fallback)).toBe(fallback);
  });

  it('reads a tRPC failure the same way: its message, else the fallback if answered, else unreachable', () => {
    const refused = TRPCClientError.from({
      error: {
        message: 'Muitas tentativas. Aguarde um minuto e tente novamente.',
        code: -32029,
        data: { code: 'TOO_MANY_REQUESTS', httpStatus: 429 },
      },
    });
    expect(errorText(refused, fallback, unreachable)).toBe(
      'Muitas tentativas. Aguarde um minuto e tente novamente.',
    );
    expect(failureStatus(refused)).toBe(429);
    const noShape = new TRPCClientError('Bad gateway', { meta: { response: { status: 502 } } });
    expect(errorText(noShape, fallback, unreachable)).toBe(fallback);
    expect(failureStatus(noShape)).toBe(502);
    const offline = new TRPCClientError('Failed to fetch', { cause: new TypeError('Failed to fetch') });
    expect(errorText(offline, fallback, unreachable)).toBe(unreachable);
    expect(failureStatus(offline)).toBeUndefined();
  });
});

describe('shouldRetryQuery', () => {
  it('retries network failures and 5xx twice, never a REST answer below 500', () => {
    expect(shouldRetryQuery(0, new TypeError('Failed to fetch'))).toBe(true);
    expect(shouldRetryQuery(1, new ApiError('HTTP error! status: 503', 503, null))).toBe(true);
    expect(shouldRetryQuery(2, new ApiError('HTTP error! status: 503', 503, null))).toBe(false);
    expect(shouldRetryQuery(0, new ApiError('Pagamento não encontrado', 404, null))).toBe(false);
    expect(shouldRetryQuery(0, new ApiError('Muitas tentativas.', 429, null))).toBe(false);
    const trpcAnswer = (httpStatus: number) =>
      TRPCClientError.from({ error: { message: 'x', code: -32600, data: { httpStatus } } });
    expect(shouldRetryQuery(0, trpcAnswer(429))).toBe(false);
    expect(shouldRetryQuery(0, trpcAnswer(404))).toBe(false);
    expect(shouldRetryQuery(0, trpcAnswer(500))).toBe(true);
  });
});
