import { describe, expect, it } from 'vitest';
import { parseEnv } from './env';
import { isLoopbackUrl, startupRefusal } from './startup-checks';

const env = (raw: Record<string, string>) => parseEnv({ NODE_ENV: 'production', ...raw });

describe('startupRefusal', () => {
  it('refuses the sandbox behind a public address, naming what to set', () => {
    expect(startupRefusal(env({ PUBLIC_URL: 'https://clube.exemplo.com.br' }))).toBe(
      'PUBLIC_URL (https://clube.exemplo.com.br) é um endereço público, mas nenhum provedor de pagamento ' +
        'real está configurado: defina PAGARME_SECRET_KEY, ou PAYMENT_PROVIDER=sandbox para manter o sandbox de propósito.',
    );
  });

  it('lets the sandbox run on a loopback address, or anywhere when asked for on purpose', () => {
    expect(startupRefusal(env({}))).toBeNull();
    expect(startupRefusal(env({ PUBLIC_URL: 'http://127.0.0.1:3000' }))).toBeNull();
    expect(
      startupRefusal(env({ PUBLIC_URL: 'https://demo.exemplo.com.br', PAYMENT_PROVIDER: 'sandbox' })),
    ).toBeNull();
  });

  it('lets Pagar.me run anywhere', () => {
    expect(
      startupRefusal(env({ PUBLIC_URL: 'https://clube.exemplo.com.br', PAGARME_SECRET_KEY: 'sk_x' })),
    ).toBeNull();
  });

  it('keeps the sandbox when PAYMENT_PROVIDER=sandbox even with a key, and refuses pagarme without one', () => {
    expect(env({ PAGARME_SECRET_KEY: 'sk_x', PAYMENT_PROVIDER: 'sandbox' }).paymentProvider).toBe('sandbox');
    expect(() => env({ PAYMENT_PROVIDER: 'pagarme' })).toThrow(
      'Configuração inválida: PAYMENT_PROVIDER=pagarme exige PAGARME_SECRET_KEY',
    );
  });
});

describe('isLoopbackUrl', () => {
  it.each([
    ['http://localhost:3000', true],
    ['http://app.localhost', true],
    ['http://127.0.0.2:8080', true],
    ['http://[::1]:3000', true],
    ['http://192.168.0.10:3000', false],
    ['https://clube.exemplo.com.br', false],
    ['http://localhost.exemplo.com', false],
  ])('%s → %s', (url, expected) => {
    expect(isLoopbackUrl(url)).toBe(expected);
  });
});
