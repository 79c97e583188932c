/**
 * The club's settings: as the public site and checkout show them (contacts, social links, price),
 * and the back office's settings screen (everything, plus which providers are active and a test of
 * each; secrets come from the environment and are never part of an answer).
 */
import { z } from 'zod';
import { PUBLIC_SETTING_KEYS, settingsSchema } from '../../../shared/content/settings-defaults';
import { SECURITY_MSG } from '../../../shared/security-schemas';
import { settingsResponse, SETTINGS_SCREEN_MSG } from '../../../shared/settings-schemas';
import { procedureFor } from '../../operations/procedure';
import type { Services } from '../../services';
import { messagingStatus, paymentProviderStatus } from '../../system/operations';

const TAG = ['admin: configurações'];
const TOO_MANY_CHECKS = 'Muitas verificações em pouco tempo';

type PublicKey = (typeof PUBLIC_SETTING_KEYS)[number];
const publicKeys = Object.fromEntries(PUBLIC_SETTING_KEYS.map((key) => [key, true])) as Record<
  PublicKey,
  true
>;

/** What the public site and the checkout show (the `settings.public` answer; prerendered pages too). */
export const publicSettings = (services: Services) => ({
  ...services.settings.getPublic(),
  // Promised only when they are issued: the setting on and a provider configured.
  serviceInvoices: services.settings.get().serviceInvoices && services.invoices.provider !== null,
  cardTokenizer: services.payments.cardTokenizer(),
});

const providersOf = (services: Services) => ({
  payment: services.env.paymentProvider,
  email: services.messaging.providers.email,
  whatsapp: services.messaging.providers.whatsapp,
  invoice: services.env.invoiceProvider,
});

export const settingsProcedures = {
  public: procedureFor('public')
    .output(
      settingsSchema.pick(publicKeys).extend({
        /** Where the checkout turns a card into a token (null: no card payments now). */
        cardTokenizer: z.object({ url: z.string(), publicKey: z.string() }).nullable(),
      }),
    )
    .query(({ ctx: { services } }) => publicSettings(services)),

  /** Every setting and the active providers (names only). */
  get: procedureFor('admin')
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/settings',
        tags: TAG,
        summary: 'Configurações do clube (contatos, PIX, preços, lembretes) e provedores ativos',
      },
    })
    .output(settingsResponse)
    .query(({ ctx: { services } }) => ({
      success: true as const,
      settings: services.settings.get(),
      providers: providersOf(services),
    })),

  /** Any subset of the settings; the PIX key is stored normalized (DICT format). */
  update: procedureFor('admin')
    .meta({
      // The PIX key, prices and links that go to every member: the admin confirms their identity first.
      stepUp: true,
      openapi: {
        method: 'POST',
        path: '/admin/settings',
        tags: TAG,
        summary: 'Salva configurações (qualquer subconjunto); chave PIX normalizada, inválida recusada',
        errorResponses: {
          400: 'Chave PIX inválida: use CPF, CNPJ, telefone com DDD, e-mail ou chave aleatória',
          403: SECURITY_MSG.stepUpRequired,
        },
      },
    })
    .input(settingsSchema.partial())
    .output(settingsResponse.extend({ message: z.string() }))
    .mutation(({ ctx: { services }, input }) => ({
      success: true as const,
      message: SETTINGS_SCREEN_MSG.saved,
      settings: services.settings.update(input),
      providers: providersOf(services),
    })),

  testPayment: procedureFor('admin')
    .meta({
      rateLimit: 'diagnostics',
      openapi: {
        method: 'POST',
        path: '/admin/settings/test-pagarme',
        tags: TAG,
        summary: 'Testa o provedor de pagamentos ativo (sandbox ou Pagar.me)',
        errorResponses: { 429: TOO_MANY_CHECKS },
      },
    })
    .output(paymentProviderStatus)
    .mutation(({ ctx: { services } }) => services.diagnostics.paymentProvider()),

  testMessaging: procedureFor('admin')
    .meta({
      rateLimit: 'diagnostics',
      openapi: {
        method: 'POST',
        path: '/admin/settings/test-whatsapp',
        tags: TAG,
        summary: 'Testa os provedores de mensagens ativos (WhatsApp e e-mail)',
        errorResponses: { 429: TOO_MANY_CHECKS },
      },
    })
    .output(messagingStatus)
    .mutation(({ ctx: { services } }) => services.diagnostics.messaging()),
};
