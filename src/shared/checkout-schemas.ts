/**
 * Checkout inputs and answers, shared by the checkout pages, the REST routes, tRPC and the OpenAPI
 * document. The Portuguese messages are the product description's exact words
 * (docs/product/public-site-and-checkout.md §5, docs/product/back-office-and-member-area.md §5,
 * docs/product/decisions.md §4); the server's zod errors answer 400 with the first failing message,
 * the pages collect them all.
 */
import { z } from 'zod';
import { pagarmeHolderName } from './card-fields';
import { addressOfCheckout } from './fields/address';
import {
  cepField as sharedCepField,
  cpfField as sharedCpfField,
  emailField as sharedEmailField,
  optionalText,
  phoneField as sharedPhoneField,
  requiredText,
  stateField as sharedStateField,
} from './fields/schemas';
import { PAYMENT_LINK_STATUSES, PAYMENT_METHODS, PLAN_TYPES } from './plans';
import { CHECKOUT_LIMITS, CHECKOUT_MSG, REFERRAL_CODE } from './checkout-rules';
import './zod-config';

// The rules and texts that need no zod live in checkout-rules.ts (the pages load them without zod).
export {
  CHECKOUT_LIMITS,
  CHECKOUT_MSG,
  checkoutPayloadOf,
  inSpecOrder,
  usableReferralCode,
  type FormIssue,
} from './checkout-rules';

// ---------------------------------------------------------------- building blocks

// The shared field rules (src/shared/fields, ADR 037) in the checkout's words.
export const emailField = sharedEmailField({
  required: CHECKOUT_MSG.emailRequired,
  invalid: CHECKOUT_MSG.emailInvalid,
});

/** Phone: required, stored as digits (10 to 15: with the area code, with or without +55). */
export const phoneField = sharedPhoneField({
  required: CHECKOUT_MSG.phoneRequired,
  tooShort: CHECKOUT_MSG.phoneInvalid,
  tooLong: CHECKOUT_MSG.phoneTooLong,
});

/** CPF: required on checkouts, 11 digits, check digits right; stored as 11 digits. */
export const cpfField = sharedCpfField({
  required: CHECKOUT_MSG.cpfRequired,
  length: CHECKOUT_MSG.cpfLength,
  invalid: CHECKOUT_MSG.cpfInvalid,
});

/** CEP: 8 digits (masked 00000-000 or plain); stored as 8 digits. */
export const cepField = sharedCepField({
  required: CHECKOUT_MSG.cepRequired,
  length: CHECKOUT_MSG.cepLength,
});

export const stateField = sharedStateField({
  required: CHECKOUT_MSG.stateRequired,
  invalid: CHECKOUT_MSG.stateInvalid,
});

/** Referral code as printed on a member's link: letters and digits. Empty means none. */
export const referralCodeField = z
  .string()
  .trim()
  .toUpperCase()
  .max(32, CHECKOUT_MSG.referralInvalid)
  .refine((value) => value === '' || REFERRAL_CODE.test(value), CHECKOUT_MSG.referralInvalid);

/**
 * Amount in cents, given as a number or a numeric string (the old checkout reads it from the query).
 * Missing or zero → "Valor da assinatura não encontrado". Whether it is a price the server offers
 * is decided by the server, not here.
 */
export const amountField = z.preprocess(
  (value) => {
    if (value === undefined || value === null || value === '') return undefined;
    if (typeof value === 'string' && /^\d+$/.test(value.trim())) return Number(value.trim());
    return value;
  },
  z
    .number({ error: CHECKOUT_MSG.amountMissing })
    .int(CHECKOUT_MSG.amountNotOffered)
    .positive(CHECKOUT_MSG.amountMissing)
    .max(100_000_000, CHECKOUT_MSG.amountNotOffered),
);

// ---------------------------------------------------------------- the checkout forms' fields

/**
 * The fields of both checkout forms, keyed by their inputs' names. Each rule and message exists
 * here once: the forms' schemas below are made of them (react-hook-form's `zodResolver` runs those in
 * the browser) and so are the server's payload schemas (`createPublicLinkInput`,
 * `processPaymentInput`), which only give the same field schemas the payload's names.
 */
const nameField = requiredText(CHECKOUT_MSG.nameRequired, CHECKOUT_LIMITS.name, CHECKOUT_MSG.nameTooLong);
/** The old checkout asks for the "full name" (docs/product/back-office-and-member-area.md §5). */
const fullNameField = requiredText(
  CHECKOUT_MSG.fullNameRequired,
  CHECKOUT_LIMITS.name,
  CHECKOUT_MSG.nameTooLong,
);

/** The billing address block, as both forms name its inputs. */
const addressFields = {
  cep: cepField,
  street: requiredText(CHECKOUT_MSG.streetRequired, CHECKOUT_LIMITS.street, CHECKOUT_MSG.streetTooLong),
  number: requiredText(CHECKOUT_MSG.numberRequired, CHECKOUT_LIMITS.number, CHECKOUT_MSG.numberTooLong),
  complement: optionalText(CHECKOUT_LIMITS.complement, CHECKOUT_MSG.complementTooLong),
  neighborhood: requiredText(
    CHECKOUT_MSG.neighborhoodRequired,
    CHECKOUT_LIMITS.neighborhood,
    CHECKOUT_MSG.neighborhoodTooLong,
  ),
  city: requiredText(CHECKOUT_MSG.cityRequired, CHECKOUT_LIMITS.city, CHECKOUT_MSG.cityTooLong),
  state: stateField,
};

// ---------------------------------------------------------------- new checkout (/checkout)

/** The /checkout form (docs/product/public-site-and-checkout.md §3 "Checkout form (new)"), by its inputs' names. */
export const checkoutForm = z.object({
  name: nameField,
  email: emailField,
  phone: phoneField,
  document: cpfField,
  ...addressFields,
});
/** The /checkout form as the page holds it (what the person typed, masks included). */
export type CheckoutFormValues = z.input<typeof checkoutForm>;
/** The /checkout form once its schema accepted it (trimmed, digits only where stored so). */
export type CheckoutFormData = z.output<typeof checkoutForm>;

/**
 * POST /api/payment-links/create-public body (docs/product/public-site-and-checkout.md §3 "Payment-link creation payload"): the
 * /checkout form's very field schemas under the payload's names. Their order is the order the
 * server reports the first failing message in.
 */
export const createPublicLinkInput = z.object({
  customerName: checkoutForm.shape.name,
  customerEmail: checkoutForm.shape.email,
  customerPhone: checkoutForm.shape.phone,
  customerDocument: checkoutForm.shape.document,
  customerCep: checkoutForm.shape.cep,
  customerNumber: checkoutForm.shape.number,
  customerComplement: checkoutForm.shape.complement,
  customerStreet: checkoutForm.shape.street,
  customerNeighborhood: checkoutForm.shape.neighborhood,
  customerCity: checkoutForm.shape.city,
  customerState: checkoutForm.shape.state,
  planType: z.enum(PLAN_TYPES, { error: CHECKOUT_MSG.planInvalid }).default('annual'),
  /** Referral code from `?ref=CODE` on /checkout. */
  ref: referralCodeField.optional(),
});
export type CreatePublicLinkInput = z.input<typeof createPublicLinkInput>;
export type CreatePublicLinkData = z.output<typeof createPublicLinkInput>;

export const paymentLinkRef = z.object({ id: z.string(), url: z.string() });

/**
 * A checkout of a person who has a payment attempt in verification (ADR 030): no link is
 * made, the answer is that attempt, as the in-page checkout answers it (`POST /payments/process`).
 */
export const heldBackAttempt = z.object({
  success: z.literal(true),
  paymentId: z.string(),
  message: z.string(),
  status: z.literal('pending'),
  verifying: z.literal(true),
});
export type HeldBackAttempt = z.infer<typeof heldBackAttempt>;

/**
 * The same for a person whose payment link is past its deadline and the provider's answer awaited
 * (it may have been paid in its last minutes): the page follows that link's status
 * (GET /payment-links/status-public/:id) instead of a payment's.
 */
export const heldBackLink = z.object({
  success: z.literal(true),
  paymentLinkId: z.string(),
  message: z.string(),
  status: z.literal('pending'),
  verifying: z.literal(true),
});
export type HeldBackLink = z.infer<typeof heldBackLink>;

export const createPublicLinkResponse = z.union([
  z.object({ success: z.literal(true), paymentLink: paymentLinkRef }),
  heldBackAttempt,
  heldBackLink,
]);
export type CreatePublicLinkResponse = z.infer<typeof createPublicLinkResponse>;

/** GET /api/payment-links/status-public/:id (docs/product/public-site-and-checkout.md §3 "Payment-link status response"). */
export const paymentLinkStatusResponse = z.object({
  status: z.enum(PAYMENT_LINK_STATUSES),
  customerName: z.string(),
  customerEmail: z.string(),
  /** annual | renewal; shown with planLabel() ("Anual", "Renovação anual", otherwise "Mensal"). */
  planType: z.string(),
  /** Cents. */
  amount: z.number().int(),
  /** ISO time, null until paid. */
  paidAt: z.string().nullable(),
  /** ISO time the link stops being payable. */
  expiresAt: z.string(),
  /** The provider's payment page (to pay again after a failed attempt). */
  url: z.string(),
  /** True when the last attempt failed and the link is still payable. */
  lastAttemptFailed: z.boolean(),
  /**
   * Past its 48 hours and the provider not yet asked (or not reachable): "em verificação" until it
   * says whether the link was paid (ADR 030). `status` stays `pending` meanwhile.
   */
  verifying: z.boolean(),
});
export type PaymentLinkStatusResponse = z.infer<typeof paymentLinkStatusResponse>;

/** A payment link as the member and the admin see it (GET /payment-links/user and /details/:id). */
export const paymentLinkDetails = z.object({
  id: z.string(),
  _id: z.string(),
  subscriberId: z.string(),
  planType: z.string(),
  amount: z.number().int(),
  status: z.enum(PAYMENT_LINK_STATUSES),
  provider: z.string(),
  url: z.string(),
  customerName: z.string(),
  customerEmail: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  paidAt: z.string().nullable(),
  lastAttemptFailed: z.boolean(),
  paymentId: z.string().nullable(),
  /**
   * Past its 48 hours and the provider not yet asked (or not reachable): "em verificação", as in the
   * status answer; `status` stays `pending` until the provider says (ADR 030).
   */
  verifying: z.boolean(),
});
export type PaymentLinkDetails = z.infer<typeof paymentLinkDetails>;

// ---------------------------------------------------------------- after registration

/** POST /api/payments/create-checkout-link body (docs/product/public-site-and-checkout.md §3 "Other checkout payload"). */
export const createCheckoutLinkInput = z.object({
  name: requiredText(CHECKOUT_MSG.nameRequired, CHECKOUT_LIMITS.name, CHECKOUT_MSG.nameTooLong),
  email: emailField,
  amount: amountField,
  description: z.string().trim().max(200).optional(),
});
export type CreateCheckoutLinkInput = z.input<typeof createCheckoutLinkInput>;

export const createCheckoutLinkResponse = z.union([
  z.object({ success: z.literal(true), checkoutUrl: z.string(), paymentLink: paymentLinkRef }),
  heldBackAttempt,
  heldBackLink,
]);

// ---------------------------------------------------------------- old in-page checkout (/checkout/old)

/** MM/AA (also MM/AAAA), month 01–12. */
const EXPIRY_PATTERN = /^(0[1-9]|1[0-2])\s*\/\s*(\d{2}|\d{4})$/;

/** Luhn check of a card number (digits only). */
export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return digits.length > 0 && sum % 10 === 0;
}

export const cardDataInput = z.object({
  cardNumber: z
    .string({ error: CHECKOUT_MSG.cardNumberRequired })
    .trim()
    .min(1, CHECKOUT_MSG.cardNumberRequired)
    .max(30, CHECKOUT_MSG.cardNumberInvalid)
    .transform((value) => value.replace(/[\s.-]/g, ''))
    .refine((digits) => /^\d{13,19}$/.test(digits) && luhnValid(digits), CHECKOUT_MSG.cardNumberInvalid),
  cardHolderName: requiredText(
    CHECKOUT_MSG.cardHolderRequired,
    CHECKOUT_LIMITS.cardHolder,
    CHECKOUT_MSG.cardHolderTooLong,
  ).refine((name) => pagarmeHolderName(name) !== '', CHECKOUT_MSG.cardHolderLetters),
  expiryDate: z
    .string({ error: CHECKOUT_MSG.cardExpiryRequired })
    .trim()
    .min(1, CHECKOUT_MSG.cardExpiryRequired)
    .max(10, CHECKOUT_MSG.cardExpiryInvalid)
    .refine((value) => EXPIRY_PATTERN.test(value), CHECKOUT_MSG.cardExpiryInvalid),
  cvv: z
    .string({ error: CHECKOUT_MSG.cvvRequired })
    .trim()
    .min(1, CHECKOUT_MSG.cvvRequired)
    .refine((value) => /^\d{3,4}$/.test(value), CHECKOUT_MSG.cvvInvalid),
});
export type CardDataInput = z.input<typeof cardDataInput>;

/** Splits "MM/AA" into month and four-digit year. */
export function parseCardExpiry(value: string): { month: number; year: number } | null {
  const match = EXPIRY_PATTERN.exec(value.trim());
  if (!match) return null;
  const year = Number(match[2]);
  return { month: Number(match[1]), year: year < 100 ? 2000 + year : year };
}

/**
 * A card is valid through the last day of its month; one whose month is over cannot pay. An expiry
 * that is not MM/AA is not "expired" (the format has its own message). `now` is whoever asks: the
 * browser's clock on the form, the server's (testable) clock for the sandbox's raw cards.
 */
export function cardExpired(expiryDate: string, now: Date): boolean {
  const expiry = parseCardExpiry(expiryDate);
  return expiry !== null && Date.UTC(expiry.year, expiry.month, 1) <= now.getTime();
}

export const customerAddressInput = z.object({
  street: addressFields.street,
  number: addressFields.number,
  complement: addressFields.complement,
  neighborhood: addressFields.neighborhood,
  city: addressFields.city,
  state: addressFields.state,
  zipCode: addressFields.cep,
});

/** POST /api/payments/process body (docs/product/back-office-and-member-area.md §3 "Old checkout payload"). */
export const processPaymentInput = z.object({
  paymentMethod: z.enum(PAYMENT_METHODS, { error: CHECKOUT_MSG.paymentMethodInvalid }),
  customerData: z.object(
    {
      name: fullNameField,
      email: emailField,
      phone: phoneField,
      cpf: cpfField,
      address: customerAddressInput,
    },
    { error: CHECKOUT_MSG.fullNameRequired },
  ),
  paymentData: z.object(
    {
      amount: amountField,
      /**
       * The card as a provider token (`token_…`, created in the browser with the provider's public
       * key): the card itself never reaches our server.
       */
      cardToken: z
        .string({ error: CHECKOUT_MSG.cardTokenInvalid })
        .trim()
        .regex(/^token_[A-Za-z0-9_]{1,80}$/, CHECKOUT_MSG.cardTokenInvalid)
        .optional(),
      /** Raw card fields: accepted only while the sandbox is the provider (tests, scripts). */
      cardData: cardDataInput.optional(),
    },
    { error: CHECKOUT_MSG.amountMissing },
  ),
  /** The id of a previous attempt (the page's `paymentId` query) to keep one order per customer. */
  paymentId: z.string().trim().max(100).optional(),
});
export type ProcessPaymentInput = z.input<typeof processPaymentInput>;
export type ProcessPaymentData = z.output<typeof processPaymentInput>;

/** The old checkout's customer, address and amount (docs/product/back-office-and-member-area.md §5), by the inputs' names. */
const oldCheckoutCommon = z.object({
  name: fullNameField,
  email: emailField,
  phone: phoneField,
  cpf: cpfField,
  ...addressFields,
  /** From the page's query, not an input: the list names it when missing. */
  amount: amountField,
});

/**
 * The /checkout/old form (docs/product/back-office-and-member-area.md §5): by PIX, the customer and address; by card, also the card.
 * The card never reaches our server (ADR 020: the browser tokenizes it), so its rules are the
 * sandbox's raw-card schema (`cardDataInput`, what the provider's page checks too) plus "Cartão
 * vencido" against the browser's clock, said before anything leaves the browser (ADR 023).
 */
export const oldCheckoutForm = z.discriminatedUnion('paymentMethod', [
  oldCheckoutCommon.extend({ paymentMethod: z.literal('pix') }),
  oldCheckoutCommon.extend({
    paymentMethod: z.literal('credit_card'),
    ...cardDataInput.shape,
    expiryDate: cardDataInput.shape.expiryDate.refine(
      (value) => !cardExpired(value, new Date()),
      CHECKOUT_MSG.cardExpired,
    ),
  }),
]);
/** The old checkout as the page holds it (card fields typed before choosing PIX are ignored then). */
export type OldCheckoutFormValues = z.input<typeof oldCheckoutForm>;
export type OldCheckoutFormData = z.output<typeof oldCheckoutForm>;

/** The old checkout's accepted form as the payload the server parses (`processPaymentInput`), without the card. */
export function processPaymentPayloadOf(
  values: OldCheckoutFormData,
  paymentId?: string,
): ProcessPaymentInput {
  return {
    paymentMethod: values.paymentMethod,
    customerData: {
      name: values.name,
      email: values.email,
      phone: values.phone,
      cpf: values.cpf,
      address: addressOfCheckout(values),
    },
    paymentData: { amount: values.amount },
    ...(paymentId ? { paymentId } : {}),
  };
}

export const pixData = z.object({
  /** data:image/png;base64,… of the QR code. */
  qrCode: z.string(),
  /** The BR Code "copia e cola" text. */
  qrCodeText: z.string(),
  /** ISO time the PIX code stops being payable. */
  expiresAt: z.string(),
});
export type PixData = z.infer<typeof pixData>;

/** Status of an in-page payment as polled by /checkout/old (`completed` means paid). */
export const CHECKOUT_PAYMENT_STATUSES = ['pending', 'completed', 'failed', 'cancelled', 'refunded'] as const;
export type CheckoutPaymentStatus = (typeof CHECKOUT_PAYMENT_STATUSES)[number];

export const processPaymentResponse = z.object({
  success: z.boolean(),
  paymentId: z.string(),
  message: z.string(),
  status: z.enum(CHECKOUT_PAYMENT_STATUSES),
  pixData: pixData.optional(),
  /** The subscriber's stored end date once the payment is confirmed (a renewal extends it). */
  subscriptionEndDate: z.string().nullable().optional(),
  /**
   * The provider's answer was lost (ADR 030): the payment is "em verificação", `message`
   * says so, and the customer must not pay again while it is looked up.
   */
  verifying: z.literal(true).optional(),
});
export type ProcessPaymentResponse = z.infer<typeof processPaymentResponse>;

/** GET /api/payments/status/:id */
export const paymentStatusResponse = z.object({
  status: z.enum(CHECKOUT_PAYMENT_STATUSES),
  paymentId: z.string(),
  amount: z.number().int(),
  method: z.enum(PAYMENT_METHODS).nullable(),
  paidAt: z.string().nullable(),
  /** The subscriber's stored end date (set when the payment is confirmed). */
  subscriptionEndDate: z.string().nullable(),
  /** Pending and "em verificação": the provider's answer is being looked up (ADR 030). */
  verifying: z.literal(true).optional(),
});
export type PaymentStatusResponse = z.infer<typeof paymentStatusResponse>;

/** POST /api/emails/payment-confirmation and /api/emails/welcome: only the payment's own customer. */
export const paymentEmailInput = z.object({
  paymentId: z
    .string({ error: CHECKOUT_MSG.paymentNotFound })
    .trim()
    .min(1, CHECKOUT_MSG.paymentNotFound)
    .max(100),
});
export const paymentEmailResponse = z.object({ success: z.literal(true), message: z.string() });

// ---------------------------------------------------------------- CEP, referral click, sandbox

export const cepParams = z.object({
  cep: sharedCepField({ required: CHECKOUT_MSG.cepLength, length: CHECKOUT_MSG.cepLength }),
});

export const cepAddress = z.object({
  street: z.string(),
  neighborhood: z.string(),
  city: z.string(),
  state: z.string(),
  zipCode: z.string(),
});
export type CepAddress = z.infer<typeof cepAddress>;

export const cepResponse = z.object({ success: z.literal(true), address: cepAddress });
export type CepResponse = z.infer<typeof cepResponse>;

export const referralClickInput = z.object({
  code: referralCodeField.refine((value) => value !== '', CHECKOUT_MSG.referralInvalid),
});
export const referralClickResponse = z.object({ success: z.literal(true), counted: z.boolean() });

export const SANDBOX_OUTCOMES = ['paid', 'failed', 'expired'] as const;
export type SandboxOutcome = (typeof SANDBOX_OUTCOMES)[number];
export const sandboxOutcomeInput = z.object({
  outcome: z.enum(SANDBOX_OUTCOMES, { error: 'Resultado inválido' }),
  method: z.enum(PAYMENT_METHODS, { error: CHECKOUT_MSG.paymentMethodInvalid }).default('credit_card'),
});
