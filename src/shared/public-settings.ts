/**
 * The club's public settings as the public pages print them: every value already text (the price
 * formatted, the phone for display, the checkout link). The pages take this shape so the same
 * components render with real values in the browser and with slot tokens when the landing is
 * pre-rendered at build time; the server then fills the slots (src/server/http/landing.ts).
 *
 * Zod-free on purpose: the browser and the landing's build import it (the settings' schema is in
 * content/settings-defaults.ts; only its type is used here, which the compiler erases).
 */
import type { PublicSettings } from './content/settings-defaults';
import { MONTHLY_PLAN_PRICE_CENTS, displayPhone, subscribeHref } from './content/site';
import { formatMoney } from './format';

export type { PublicSettings };

export interface PublicSettingsText {
  clubName: string;
  contactEmail: string;
  /** Digits, for wa.me links. */
  whatsappNumber: string;
  /** "+55 (11) 99999-0000" */
  whatsappDisplay: string;
  instagramHandle: string;
  instagramUrl: string;
  youtubeUrl: string;
  vivinoUrl: string;
  /** "R$ 1.497,00" */
  priceAnnual: string;
  /** The landing's subscribe link: the checkout with the annual price (docs/product/public-site-and-checkout.md §2). */
  subscribeHref: string;
}

export function publicSettingsText(settings: PublicSettings): PublicSettingsText {
  return {
    clubName: settings.clubName,
    contactEmail: settings.contactEmail,
    whatsappNumber: settings.whatsappNumber,
    whatsappDisplay: displayPhone(settings.whatsappNumber),
    instagramHandle: settings.instagramHandle,
    instagramUrl: settings.instagramUrl,
    youtubeUrl: settings.youtubeUrl,
    vivinoUrl: settings.vivinoUrl,
    priceAnnual: formatMoney(settings.priceAnnual),
    subscribeHref: subscribeHref(settings.priceAnnual),
  };
}

/** Values the content modules' `{{placeholders}}` refer to (see `fillContent` in content/site.ts). */
export function contentVars(text: PublicSettingsText): Record<string, string> {
  return {
    clubName: text.clubName,
    contactEmail: text.contactEmail,
    priceAnnual: text.priceAnnual,
    monthlyPrice: formatMoney(MONTHLY_PLAN_PRICE_CENTS),
  };
}

const SLOT = /\{\{settings\.(\w+)\}\}/g;

const slot = (field: keyof PublicSettingsText) => `{{settings.${field}}}`;

/** The pre-render's stand-ins: `{{settings.clubName}}` etc., one per field. */
export const PUBLIC_SETTINGS_SLOTS: PublicSettingsText = {
  clubName: slot('clubName'),
  contactEmail: slot('contactEmail'),
  whatsappNumber: slot('whatsappNumber'),
  whatsappDisplay: slot('whatsappDisplay'),
  instagramHandle: slot('instagramHandle'),
  instagramUrl: slot('instagramUrl'),
  youtubeUrl: slot('youtubeUrl'),
  vivinoUrl: slot('vivinoUrl'),
  priceAnnual: slot('priceAnnual'),
  subscribeHref: slot('subscribeHref'),
};

/**
 * Replaces every `{{settings.<field>}}` of a pre-rendered page with `escape(value)`. An unknown
 * field is a build mistake, so it throws rather than print a token to visitors.
 */
export function fillSettingsSlots(
  html: string,
  text: PublicSettingsText,
  escape: (value: string) => string,
): string {
  return html.replace(SLOT, (_match, key: string) => {
    if (!Object.hasOwn(text, key)) throw new Error(`unknown settings slot: ${key}`);
    return escape(text[key as keyof PublicSettingsText]);
  });
}

/** The footer's copyright year in a pre-rendered page: filled when served (a build would freeze it). */
export const YEAR_SLOT = '{{year}}';
