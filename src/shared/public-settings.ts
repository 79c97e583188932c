/**
 * The club's public settings as the public pages print them: every value already text (the price
 * formatted, the phone for display, the checkout link), in the browser and when the server renders
 * the public pages (ADR 040).
 *
 * Zod-free on purpose: the browser imports it (the settings' schema is in
 * content/settings-defaults.ts; only its type is used here, which the compiler erases).
 */
import type { PublicSettings } from './content/settings-defaults';
import { MONTHLY_PLAN_PRICE_CENTS, displayPhone, subscribeHref } from './content/site';
import { formatMoney } from './format';
import { invoiceContentVars } from './content/invoice-wording';

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
  /** Whether the club issues service invoices: the public texts promise them only then. */
  serviceInvoices: boolean;
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
    serviceInvoices: settings.serviceInvoices,
  };
}

/** Values the content modules' `{{placeholders}}` refer to (see `fillContent` in content/site.ts). */
export function contentVars(text: PublicSettingsText): Record<string, string> {
  return {
    clubName: text.clubName,
    contactEmail: text.contactEmail,
    priceAnnual: text.priceAnnual,
    monthlyPrice: formatMoney(MONTHLY_PLAN_PRICE_CENTS),
    ...invoiceContentVars(text.serviceInvoices),
  };
}
