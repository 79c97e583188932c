import { afterEach, describe, expect, it, vi } from 'vitest';
import { RefusedAnswer } from '../../lib/errors';
import { tokenizeCard } from './card-tokenizer';

afterEach(() => vi.unstubAllGlobals());

const card = {
  cardNumber: '4111 1111 1111 1111',
  cardHolderName: ' MARIANA C RIBEIRO ',
  expiryDate: '12/30',
  cvv: '123',
};
const pagarme = { url: 'https://api.pagar.me/core/v5/tokens', publicKey: 'pk_test_abc' };

describe('tokenizeCard', () => {
  it('posts the card in Pagar.me’s shape to the tokenizer with the public key, without our cookies', async () => {
    const fetchMock = vi.fn().mockResolvedValue(Response.json({ id: 'token_abc123', type: 'card' }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(tokenizeCard(pagarme, card)).resolves.toBe('token_abc123');
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('https://api.pagar.me/core/v5/tokens?appId=pk_test_abc');
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('omit');
    expect(JSON.parse(init.body as string)).toEqual({
      type: 'card',
      card: {
        number: '4111111111111111',
        holder_name: 'MARIANA C RIBEIRO',
        exp_month: 12,
        exp_year: 2030,
        cvv: '123',
      },
    });
  });

  it('the sandbox’s same-origin tokenizer gets the same request', async () => {
    const fetchMock = vi.fn().mockResolvedValue(Response.json({ id: 'token_sbx' }));
    vi.stubGlobal('fetch', fetchMock);
    await tokenizeCard({ url: '/sandbox/tokens', publicKey: 'pk_sandbox_confraria' }, card);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/sandbox/tokens?appId=pk_sandbox_confraria');
  });

  it.each([
    [
      'a 422 from the provider',
      () => Promise.resolve(Response.json({ message: 'The request is invalid.' }, { status: 422 })),
    ],
    ['an answer without a token', () => Promise.resolve(Response.json({ id: 'x' }))],
    ['no network', () => Promise.reject(new TypeError('Failed to fetch'))],
  ])('%s: a Portuguese refusal, never the provider’s English', async (_name, respond) => {
    vi.stubGlobal('fetch', vi.fn().mockImplementation(respond));
    const failure = tokenizeCard(pagarme, card);
    await expect(failure).rejects.toBeInstanceOf(RefusedAnswer);
    await expect(failure).rejects.toThrow(
      'Não foi possível validar o cartão. Confira os dados e tente novamente.',
    );
  });
});
