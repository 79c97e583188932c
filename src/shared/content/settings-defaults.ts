/**
 * The club's settings and their defaults: the one content module the owner edits (or overrides
 * from the settings screen). The public site, checkout and messages all read these through the
 * settings service, never a copy of their own.
 */
import { z } from 'zod';
import '../zod-config';

export const SETTINGS_MSG = {
  webUrlInvalid: 'Link inválido: use um endereço que comece com https:// (ou http://)',
} as const;

/**
 * A link the site shows or the messages send: web addresses only. A bare `z.url()` also takes
 * `javascript:` or `data:` URLs, which would run in the visitor's browser when clicked.
 */
const webUrl = z.url({ protocol: /^https?$/, error: SETTINGS_MSG.webUrlInvalid });

export const settingsSchema = z.object({
  clubName: z.string().min(1).max(120),
  contactEmail: z.email(),
  /** Digits only, with country code: used for wa.me links and display. */
  whatsappNumber: z.string().regex(/^\d{10,15}$/),
  instagramHandle: z.string().min(1).max(60),
  instagramUrl: webUrl,
  youtubeUrl: webUrl,
  vivinoUrl: webUrl,
  vipGroupLink: webUrl,
  pixKey: z.string().min(1).max(77),
  /** BR Code merchant name (at most 25 characters) and city (at most 15). */
  merchantName: z.string().min(1).max(25),
  merchantCity: z.string().min(1).max(15),
  /** Prices in cents: new membership and renewal (spec 02 §9). */
  priceAnnual: z.number().int().positive(),
  priceRenewal: z.number().int().positive(),
  /** When on, the daily job sends renewal links by itself (DECISIONS §3.4). */
  renewalAutomation: z.boolean(),
});

export type Settings = z.infer<typeof settingsSchema>;
export type SettingKey = keyof Settings;

export const SETTINGS_DEFAULTS: Settings = {
  clubName: 'Confraria Vinhos & Amigos',
  contactEmail: 'contato@confraria.local',
  whatsappNumber: '5511999990000',
  instagramHandle: '@confrariavinhos',
  instagramUrl: 'https://www.instagram.com/confrariavinhos',
  youtubeUrl: 'https://www.youtube.com/@confrariavinhos',
  vivinoUrl: 'https://www.vivino.com/users/confrariavinhos',
  vipGroupLink: 'https://chat.whatsapp.com/confraria-vip',
  pixKey: 'contato@confraria.local',
  merchantName: 'CONFRARIA VINHOS',
  merchantCity: 'SAO PAULO',
  priceAnnual: 149700,
  priceRenewal: 89700,
  renewalAutomation: false,
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
] as const satisfies readonly SettingKey[];
export type PublicSettings = Pick<Settings, (typeof PUBLIC_SETTING_KEYS)[number]>;
