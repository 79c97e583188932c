/**
 * Nothing a client sends turns into an English message: zod's defaults fall back to "Dados
 * inválidos", too-long values say so (not "é obrigatório"), and Fastify's own early errors (a URL
 * that is not valid percent-encoding) answer `{ error }` like everything else.
 */
import { describe, expect, it } from 'vitest';
import { useTestApp, type TestApp } from '../../../tests/app';
import { checkoutPayload } from '../../../tests/checkout';
import { PRACA_DA_SE } from '../../../tests/people';
import { createCheckoutLinkInput, processPaymentInput } from '../../shared/checkout-schemas';
import { FIELD_LIMITS } from '../../shared/fields/limits';

let t: TestApp;
useTestApp((app) => (t = app));

describe('Portuguese { error } for any bad input', () => {
  it('a 65-character link id', async () => {
    const res = await t.request({
      method: 'GET',
      url: `/api/payment-links/status-public/${'a'.repeat(65)}`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'Dados inválidos' });
  });

  it.each([['"texto"'], ['[1, 2]'], ['42']])('a body that is not an object: %s', async (payload) => {
    const res = await t.request({
      method: 'POST',
      url: '/api/payment-links/create-public',
      headers: { 'content-type': 'application/json' },
      payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'Dados inválidos' });
  });

  it('a URL that is not valid percent-encoding (%E0%A4%A)', async () => {
    const res = await t.request({ method: 'GET', url: '/api/payment-links/status-public/%E0%A4%A' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'Dados inválidos' });
  });

  it('a too-long name says it is too long, not that it is missing', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/payment-links/create-public',
      payload: checkoutPayload({ customerName: 'M'.repeat(121) }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'Nome muito longo' });

    const register = await t.request({
      method: 'POST',
      url: '/api/auth/register',
      payload: { name: 'N'.repeat(121), email: 'ana@teste.com.br', password: '123456' },
    });
    expect(register.json()).toEqual({ error: 'Nome muito longo' });
  });

  // One past each part's shared size (src/shared/fields, ADR 037).
  it.each([
    ['street', 'Endereço muito longo', FIELD_LIMITS.street + 1],
    ['number', 'Número muito longo', FIELD_LIMITS.number + 1],
    ['complement', 'Complemento muito longo', FIELD_LIMITS.complement + 1],
    ['neighborhood', 'Bairro muito longo', FIELD_LIMITS.neighborhood + 1],
    ['city', 'Nome da cidade muito longo', FIELD_LIMITS.city + 1],
  ])('too-long %s: "%s"', (field, message, length) => {
    const result = processPaymentInput.safeParse({
      paymentMethod: 'pix',
      customerData: {
        name: 'Mariana',
        email: 'mariana@example.com',
        phone: '11987654321',
        cpf: '52998224725',
        address: { ...PRACA_DA_SE, number: '101', zipCode: '01001000', [field]: 'x'.repeat(length) },
      },
      paymentData: { amount: 149700 },
    });
    expect(result.error?.issues[0]?.message).toBe(message);
  });

  it('a schema without a message of its own never answers zod’s English', () => {
    const result = createCheckoutLinkInput.safeParse({
      name: 'Bia',
      email: 'bia@example.com',
      amount: 149700,
      description: 'd'.repeat(201),
    });
    expect(result.error?.issues[0]?.message).toBe('Dados inválidos');
  });
});
