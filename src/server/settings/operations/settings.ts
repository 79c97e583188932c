/**
 * The club's settings: as the public site and checkout show them (contacts, social links, price),
 * and the back office's settings screen (everything, plus which providers are active and a test of
 * each; secrets come from the environment and are never part of an answer).
 */
import { z } from 'zod';
import { PUBLIC_SETTING_KEYS, settingsSchema } from '../../../shared/content/settings-defaults';
import { SECURITY_MSG } from '../../../shared/security-schemas';
import { settingsResponse, SETTINGS_SCREEN_MSG } from '../../../shared/settings-schemas';
import { defineOperation } from '../../operations/define';
import { messagingStatus, paymentProviderStatus } from '../../system/operations';

const TAG = 'admin: configurações';
const TOO_MANY_CHECKS = 'Muitas verificações em pouco tempo';

type PublicKey = (typeof PUBLIC_SETTING_KEYS)[number];
const publicKeys = Object.fromEntries(PUBLIC_SETTING_KEYS.map((key) => [key, true])) as Record<
  PublicKey,
  true
>;

export const settingsOperations = {
  public: defineOperation({
    kind: 'query',
    access: 'public',
    output: settingsSchema.pick(publicKeys).extend({
      /** Where the checkout turns a card into a token (null: no card payments now). */
      cardTokenizer: z.object({ url: z.string(), publicKey: z.string() }).nullable(),
    }),
    run: ({ services }) => ({
      ...services.settings.getPublic(),
      // Promised only when they are issued: the setting on and a provider configured.
      serviceInvoices: services.settings.get().serviceInvoices && services.invoices.provider !== null,
      cardTokenizer: services.payments.cardTokenizer(),
    }),
  }),

  /** Every setting and the active providers (names only). */
  get: defineOperation({
    kind: 'query',
    access: 'admin',
    output: settingsResponse,
    run: ({ services }) => ({
      success: true as const,
      settings: services.settings.get(),
      providers: {
        payment: services.env.paymentProvider,
        email: services.messaging.providers.email,
        whatsapp: services.messaging.providers.whatsapp,
        invoice: services.env.invoiceProvider,
      },
    }),
    rest: {
      method: 'GET',
      path: '/admin/settings',
      tag: TAG,
      summary: 'Configurações do clube (contatos, PIX, preços, lembretes) e provedores ativos',
    },
  }),

  /** Any subset of the settings; the PIX key is stored normalized (DICT format). */
  update: defineOperation({
    kind: 'mutation',
    access: 'admin',
    // The PIX key, prices and links that go to every member: the admin confirms their identity first.
    stepUp: true,
    input: settingsSchema.partial(),
    output: settingsResponse.extend({ message: z.string() }),
    run: ({ services }, input) => ({
      success: true as const,
      message: SETTINGS_SCREEN_MSG.saved,
      settings: services.settings.update(input),
      providers: {
        payment: services.env.paymentProvider,
        email: services.messaging.providers.email,
        whatsapp: services.messaging.providers.whatsapp,
        invoice: services.env.invoiceProvider,
      },
    }),
    rest: {
      method: 'POST',
      path: '/admin/settings',
      tag: TAG,
      summary: 'Salva configurações (qualquer subconjunto); chave PIX normalizada, inválida recusada',
      errors: {
        400: 'Chave PIX inválida: use CPF, CNPJ, telefone com DDD, e-mail ou chave aleatória',
        403: SECURITY_MSG.stepUpRequired,
      },
    },
  }),

  testPayment: defineOperation({
    kind: 'mutation',
    access: 'admin',
    rateLimit: 'diagnostics',
    output: paymentProviderStatus,
    run: ({ services }) => services.diagnostics.paymentProvider(),
    rest: {
      method: 'POST',
      path: '/admin/settings/test-pagarme',
      tag: TAG,
      summary: 'Testa o provedor de pagamentos ativo (sandbox ou Pagar.me)',
      errors: { 429: TOO_MANY_CHECKS },
    },
  }),

  testMessaging: defineOperation({
    kind: 'mutation',
    access: 'admin',
    rateLimit: 'diagnostics',
    output: messagingStatus,
    run: ({ services }) => services.diagnostics.messaging(),
    rest: {
      method: 'POST',
      path: '/admin/settings/test-whatsapp',
      tag: TAG,
      summary: 'Testa os provedores de mensagens ativos (WhatsApp e e-mail)',
      errors: { 429: TOO_MANY_CHECKS },
    },
  }),
};
