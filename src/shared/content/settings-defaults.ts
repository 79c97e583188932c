/**
 * The club's settings and their defaults: the one content module the owner edits (or overrides
 * from the settings screen). The public site, checkout and messages all read these through the
 * settings service, never a copy of their own.
 */
import { z } from 'zod';
import '../zod-config';
import { digitsOf, phoneDigitsProblem } from '../fields/rules';
import { emailField } from '../fields/schemas';
import { MONEY_MAX_CENTS, MONEY_MSG } from '../money-text';
import { PIX_KEY_MSG, PIX_KEY_TYPES } from '../pix-key';
import { compactTaxId, TAX_ID_MSG, taxIdKind } from '../tax-id';

export const SETTINGS_MSG = {
  webUrlInvalid: 'Link inválido: use um endereço que comece com https:// (ou http://)',
  clubNameRequired: 'Nome do clube é obrigatório',
  serviceInvoicesNeedCnpj:
    'Para ativar a emissão de notas fiscais, informe o CNPJ do clube: a nota fiscal de serviço (NFS-e) é emitida em nome de um CNPJ.',
  emailInvalid: 'Email inválido',
  whatsappInvalid: 'WhatsApp deve ter de 10 a 15 dígitos, com DDD (e código do país)',
  instagramRequired: 'Perfil do Instagram é obrigatório',
  merchantNameRequired: 'Nome do recebedor PIX é obrigatório',
  merchantCityRequired: 'Cidade do recebedor PIX é obrigatória',
  priceInvalid: 'Preço inválido: informe um valor maior que zero',
  invalid: 'Valor inválido',
  tooLong: (max: number) => `Use no máximo ${max} caracteres`,
  statementDescriptorInvalid: 'Nome na fatura do cartão: use de 1 a 13 letras sem acento, números ou espaços',
  noticeDaysInvalid: 'Aviso antes da renovação: informe de 1 a 30 dias',
  retryDaysInvalid:
    'Novas tentativas: informe de 1 a 5 dias depois da data, em ordem crescente, cada um de 1 a 30 (ex.: 1, 3, 7)',
} as const;

/**
 * The name on the member's card bill (Pagar.me `credit_card.statement_descriptor`): Pagar.me v5
 * documents at most 13 characters for PSP accounts (22 for gateway ones; the stricter rule holds
 * for both). Card networks print letters without accents, digits and spaces: anything else is
 * refused on save rather than cut or changed by someone else's rule (ADR 030).
 */
export const STATEMENT_DESCRIPTOR_MAX = 13;

/**
 * The longest text of each free-text setting, for the schema and the settings screen's inputs. A
 * BR Code carries at most 25 characters of merchant name and 15 of city (EMV QR Code).
 */
export const SETTINGS_LIMITS = {
  clubName: 120,
  instagramHandle: 60,
  pixKey: 120,
  merchantName: 25,
  merchantCity: 15,
} as const;
const STATEMENT_DESCRIPTOR = /^[A-Z0-9 ]+$/;

/**
 * A link the site shows or the messages send: web addresses only. A bare `z.url()` also takes
 * `javascript:` or `data:` URLs, which would run in the visitor's browser when clicked.
 */
const webUrl = z.url({ protocol: /^https?$/, error: SETTINGS_MSG.webUrlInvalid });

export const settingsSchema = z.object({
  clubName: z
    .string({ error: SETTINGS_MSG.clubNameRequired })
    .trim()
    .min(1, SETTINGS_MSG.clubNameRequired)
    .max(SETTINGS_LIMITS.clubName, SETTINGS_MSG.tooLong(SETTINGS_LIMITS.clubName)),
  /** The club's CNPJ or CPF, compact, printed on its receipts; empty until the owner types it. */
  clubTaxId: z
    .string({ error: TAX_ID_MSG.invalid })
    .transform(compactTaxId)
    .refine((value) => value === '' || taxIdKind(value) !== null, TAX_ID_MSG.invalid),
  contactEmail: emailField({ required: SETTINGS_MSG.emailInvalid, invalid: SETTINGS_MSG.emailInvalid }),
  /** Digits only, with country code: used for wa.me links and display. */
  whatsappNumber: z
    .string({ error: SETTINGS_MSG.whatsappInvalid })
    .transform(digitsOf)
    .refine((digits) => phoneDigitsProblem(digits) === null, SETTINGS_MSG.whatsappInvalid),
  instagramHandle: z
    .string({ error: SETTINGS_MSG.instagramRequired })
    .trim()
    .min(1, SETTINGS_MSG.instagramRequired)
    .max(SETTINGS_LIMITS.instagramHandle, SETTINGS_MSG.tooLong(SETTINGS_LIMITS.instagramHandle)),
  instagramUrl: webUrl,
  youtubeUrl: webUrl,
  vivinoUrl: webUrl,
  vipGroupLink: webUrl,
  /**
   * Stored in the DICT format (src/shared/pix-key.ts): what banks match a BR Code against. Checked
   * together with `pixKeyType` by the settings service (`resolvePixKeySetting`), since a key may
   * have two readings; a stored key that no longer passes is reported, never replaced.
   */
  pixKey: z
    .string({ error: PIX_KEY_MSG.required })
    .trim()
    .max(SETTINGS_LIMITS.pixKey, SETTINGS_MSG.tooLong(SETTINGS_LIMITS.pixKey)),
  /** The reading of the key the owner chose and we stored; null for keys saved before it existed. */
  pixKeyType: z.enum(PIX_KEY_TYPES, { error: PIX_KEY_MSG.typeInvalid }).nullable(),
  /** BR Code merchant name and city (`SETTINGS_LIMITS`). */
  merchantName: z
    .string({ error: SETTINGS_MSG.merchantNameRequired })
    .trim()
    .min(1, SETTINGS_MSG.merchantNameRequired)
    .max(SETTINGS_LIMITS.merchantName, SETTINGS_MSG.tooLong(SETTINGS_LIMITS.merchantName)),
  merchantCity: z
    .string({ error: SETTINGS_MSG.merchantCityRequired })
    .trim()
    .min(1, SETTINGS_MSG.merchantCityRequired)
    .max(SETTINGS_LIMITS.merchantCity, SETTINGS_MSG.tooLong(SETTINGS_LIMITS.merchantCity)),
  /** Upper case, as the bill prints it ("Confraria" is kept as "CONFRARIA"). */
  statementDescriptor: z
    .string({ error: SETTINGS_MSG.statementDescriptorInvalid })
    .trim()
    .toUpperCase()
    .min(1, SETTINGS_MSG.statementDescriptorInvalid)
    .max(STATEMENT_DESCRIPTOR_MAX, SETTINGS_MSG.statementDescriptorInvalid)
    .regex(STATEMENT_DESCRIPTOR, SETTINGS_MSG.statementDescriptorInvalid),
  /** Prices in cents: new membership and renewal (docs/product/back-office-and-member-area.md §9). */
  priceAnnual: z
    .number({ error: SETTINGS_MSG.priceInvalid })
    .int(SETTINGS_MSG.priceInvalid)
    .positive(SETTINGS_MSG.priceInvalid)
    .max(MONEY_MAX_CENTS, MONEY_MSG.tooHigh),
  priceRenewal: z
    .number({ error: SETTINGS_MSG.priceInvalid })
    .int(SETTINGS_MSG.priceInvalid)
    .positive(SETTINGS_MSG.priceInvalid)
    .max(MONEY_MAX_CENTS, MONEY_MSG.tooHigh),
  /** When on, the daily job sends renewal links by itself (docs/product/decisions.md §3.4). */
  renewalAutomation: z.boolean({ error: SETTINGS_MSG.invalid }),
  /**
   * Automatic annual renewal on the saved card (ADR 052): offered to members only when on. Off,
   * no notice or charge goes out, whatever members chose.
   */
  automaticRenewal: z.boolean({ error: SETTINGS_MSG.invalid }),
  /**
   * "Emissão de notas fiscais": with an invoice provider configured, paid payments get their service
   * invoice and the public texts promise it (docs/product/service-invoices.md). Without a provider it
   * changes nothing.
   */
  serviceInvoices: z.boolean({ error: SETTINGS_MSG.invalid }),
  /** Days before the date the member is told of the charge (amount, date, card, how to turn it off). */
  automaticRenewalNoticeDays: z
    .number({ error: SETTINGS_MSG.noticeDaysInvalid })
    .int(SETTINGS_MSG.noticeDaysInvalid)
    .min(1, SETTINGS_MSG.noticeDaysInvalid)
    .max(30, SETTINGS_MSG.noticeDaysInvalid),
  /** Days after the date a declined renewal is tried again (each a new attempt), increasing. */
  automaticRenewalRetryDays: z
    .array(
      z
        .number({ error: SETTINGS_MSG.retryDaysInvalid })
        .int(SETTINGS_MSG.retryDaysInvalid)
        .min(1, SETTINGS_MSG.retryDaysInvalid)
        .max(30, SETTINGS_MSG.retryDaysInvalid),
      { error: SETTINGS_MSG.retryDaysInvalid },
    )
    .min(1, SETTINGS_MSG.retryDaysInvalid)
    .max(5, SETTINGS_MSG.retryDaysInvalid)
    .refine((days) => days.every((day, i) => i === 0 || day > (days[i - 1] ?? 0)), {
      error: SETTINGS_MSG.retryDaysInvalid,
    }),
});

export type Settings = z.infer<typeof settingsSchema>;
export type SettingKey = keyof Settings;

export const SETTINGS_DEFAULTS: Settings = {
  clubName: 'Confraria Vinhos & Amigos',
  clubTaxId: '',
  contactEmail: 'contato@confraria.local',
  whatsappNumber: '5511999990000',
  instagramHandle: '@confrariavinhos',
  instagramUrl: 'https://www.instagram.com/confrariavinhos',
  youtubeUrl: 'https://www.youtube.com/@confrariavinhos',
  vivinoUrl: 'https://www.vivino.com/users/confrariavinhos',
  vipGroupLink: 'https://chat.whatsapp.com/confraria-vip',
  pixKey: 'contato@confraria.local',
  pixKeyType: null,
  merchantName: 'CONFRARIA VINHOS',
  merchantCity: 'SAO PAULO',
  statementDescriptor: 'CONFRARIA',
  priceAnnual: 149700,
  priceRenewal: 89700,
  renewalAutomation: false,
  automaticRenewal: false,
  serviceInvoices: false,
  automaticRenewalNoticeDays: 7,
  automaticRenewalRetryDays: [1, 3, 7],
};

/** Settings anyone may read (the public site and checkout); the rest stay admin-only. */
export const PUBLIC_SETTING_KEYS = [
  'clubName',
  'contactEmail',
  'whatsappNumber',
  'instagramHandle',
  'instagramUrl',
  'youtubeUrl',
  'vivinoUrl',
  'priceAnnual',
  'serviceInvoices',
] as const satisfies readonly SettingKey[];
export type PublicSettings = Pick<Settings, (typeof PUBLIC_SETTING_KEYS)[number]>;
