/**
 * The back office's settings screen: the answer of GET/POST /admin/settings, the screen's messages,
 * and the form's schema (prices typed in reais, sent in cents; everything else as the server
 * validates it, so the browser shows the server's own messages).
 */
import { z } from 'zod';
import { SETTINGS_MSG, settingsSchema } from './content/settings-defaults';
import { MONEY_MAX_CENTS, MONEY_MSG, reaisToCents } from './money-text';
import { normalizePixKey } from './pix-key';

export { centsToReais } from './money-text';
import './zod-config';

export const SETTINGS_SCREEN_MSG = {
  loadFailed: 'Erro ao carregar configurações',
  saveFailed: 'Erro ao salvar configurações',
  saved: 'Configurações salvas com sucesso!',
  testFailed: 'Erro ao testar o provedor',
  priceInvalid: 'Preço inválido: informe um valor como 1.497,00',
  // The PIX key's type, shown as it is typed (ADR 031).
  pixKeyDetected: (label: string) => `Tipo de chave: ${label}`,
  pixKeyUnknown: 'Tipo de chave: ainda não reconhecido',
  pixKeyEither: 'CPF ou telefone',
  pixKeyChoose: 'Esta chave pode ser um CPF ou um celular. Qual das duas é a sua chave PIX?',
} as const;

export const settingsResponse = z.object({
  success: z.literal(true),
  settings: settingsSchema,
  /** Which provider each service uses now; keys and tokens stay in the environment. */
  providers: z.object({
    payment: z.enum(['sandbox', 'pagarme']),
    email: z.enum(['log', 'smtp']),
    whatsapp: z.enum(['log', 'cloud-api']),
    /** The invoice provider; null: no invoices ("Emissão de notas fiscais" unavailable). */
    invoice: z.enum(['focusnfe', 'sandbox']).nullable(),
  }),
});
export type SettingsResponse = z.infer<typeof settingsResponse>;

/** A price typed in reais (the shared money text): more than zero and a plausible amount. */
const reais = z.string({ error: SETTINGS_SCREEN_MSG.priceInvalid }).transform((value, ctx) => {
  const cents = reaisToCents(value);
  if (cents === null || cents === 0) {
    ctx.addIssue({ code: 'custom', message: SETTINGS_SCREEN_MSG.priceInvalid });
    return z.NEVER;
  }
  if (cents > MONEY_MAX_CENTS) {
    ctx.addIssue({ code: 'custom', message: MONEY_MSG.tooHigh });
    return z.NEVER;
  }
  return cents;
});

/** The notice days typed as text ("7"), checked by the server's own rule. */
const noticeDays = z
  .string({ error: SETTINGS_MSG.noticeDaysInvalid })
  .trim()
  .regex(/^\d{1,3}$/, SETTINGS_MSG.noticeDaysInvalid)
  .transform(Number)
  .pipe(settingsSchema.shape.automaticRenewalNoticeDays);

/** The retry schedule typed as "1, 3, 7" (commas or spaces), checked by the server's own rule. */
const retryDays = z
  .string({ error: SETTINGS_MSG.retryDaysInvalid })
  .trim()
  .regex(/^\d{1,3}([\s,;]+\d{1,3})*$/, SETTINGS_MSG.retryDaysInvalid)
  .transform((text) => text.split(/[\s,;]+/).map(Number))
  .pipe(settingsSchema.shape.automaticRenewalRetryDays);

/** How the screen shows a saved retry schedule. */
export const retryDaysText = (days: readonly number[]) => days.join(', ');

/**
 * The key with its type, as the server checks them on save: an error on the key, or on the type
 * when the key has two readings and none was chosen.
 */
export const settingsForm = settingsSchema
  .extend({
    priceAnnual: reais,
    priceRenewal: reais,
    automaticRenewalNoticeDays: noticeDays,
    automaticRenewalRetryDays: retryDays,
  })
  .superRefine(({ pixKey, pixKeyType }, ctx) => {
    const pix = normalizePixKey(pixKey, pixKeyType);
    if (pix.ok) return;
    ctx.addIssue({ code: 'custom', path: [pix.choices ? 'pixKeyType' : 'pixKey'], message: pix.message });
  });
export type SettingsFormInput = z.input<typeof settingsForm>;
export type SettingsFormOutput = z.output<typeof settingsForm>;
