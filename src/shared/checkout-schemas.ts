/**
 * Checkout inputs and answers, shared by the checkout pages, the REST routes, tRPC and the OpenAPI
 * document. The Portuguese messages are the spec's exact words (spec 01 §5, spec 02 §5, DECISIONS
 * §4); the server's zod errors answer 400 with the first failing message, the pages collect them all.
 */
import { z } from 'zod';
import { BRAZIL_STATES } from './brazil';
import { cpfDigits, isValidCpf } from './cpf';
import { MSG } from './messages';
import { PAYMENT_LINK_STATUSES, PAYMENT_METHODS, PLAN_TYPES } from './plans';
import './zod-config';

export const CHECKOUT_MSG = {
  nameRequired: MSG.nameRequired, // "Nome é obrigatório"
  fullNameRequired: 'Nome completo é obrigatório',
  emailRequired: MSG.emailRequired, // "Email é obrigatório"
  emailInvalid: MSG.emailInvalid, // "Email inválido"
  phoneRequired: 'Telefone é obrigatório',
  phoneInvalid: 'Telefone deve ter pelo menos 10 dígitos',
  cpfRequired: 'CPF é obrigatório',
  cpfLength: 'CPF deve ter 11 dígitos',
  cpfInvalid: 'CPF inválido',
  cepRequired: 'CEP é obrigatório',
  cepLength: 'CEP deve ter 8 dígitos',
  cepNotFound: 'CEP não encontrado',
  cepLookupFailed: 'Não foi possível consultar o CEP. Preencha o endereço manualmente.',
  streetRequired: 'Endereço é obrigatório',
  numberRequired: 'Número é obrigatório',
  neighborhoodRequired: 'Bairro é obrigatório',
  cityRequired: 'Cidade é obrigatória',
  stateRequired: 'Estado é obrigatório',
  stateInvalid: 'Estado inválido',
  planInvalid: 'Plano inválido',
  referralInvalid: 'Código de indicação inválido',
  amountMissing: 'Valor da assinatura não encontrado',
  amountNotOffered: 'Valor da assinatura inválido para este cliente',
  paymentMethodInvalid: 'Forma de pagamento inválida',
  cardNumberRequired: 'Número do cartão é obrigatório',
  cardNumberInvalid: 'Número do cartão inválido',
  cardHolderRequired: 'Nome no cartão é obrigatório',
  cardExpiryRequired: 'Validade do cartão é obrigatória',
  cardExpiryInvalid: 'Validade do cartão inválida (use MM/AA)',
  cardExpired: 'Cartão vencido',
  cvvRequired: 'CVV é obrigatório',
  cvvInvalid: 'CVV inválido',
  cardDataRequired: 'Dados do cartão são obrigatórios',
  cardTokenInvalid: 'Token do cartão inválido',
  cardDataNotAccepted:
    'Por segurança, o servidor não recebe os dados do cartão: envie apenas o token do cartão (cardToken) criado com a chave pública do provedor.',
  cardTokenizeFailed: 'Não foi possível validar o cartão. Confira os dados e tente novamente.',
  cardUnavailable: 'Pagamento com cartão indisponível no momento. Use o PIX ou tente mais tarde.',
  // A value longer than its field holds (the schema-level "é obrigatório" must not answer it).
  nameTooLong: MSG.nameTooLong, // "Nome muito longo"
  streetTooLong: 'Endereço muito longo',
  numberTooLong: 'Número muito longo',
  phoneTooLong: 'Telefone muito longo',
  complementTooLong: 'Complemento muito longo',
  neighborhoodTooLong: 'Bairro muito longo',
  cityTooLong: 'Nome da cidade muito longo',
  cardHolderTooLong: 'Nome no cartão muito longo',
  // Screens (spec 01 §8, spec 02 §8).
  createLinkFailed: 'Erro ao criar link de pagamento. Tente novamente.',
  internalError: 'Erro interno. Tente novamente.',
  paymentLinkIdMissing: 'ID do Payment Link não encontrado na URL',
  statusCheckFailed: 'Erro ao verificar status do pagamento',
  paymentFailed: 'Erro ao processar pagamento',
  pixCopied: 'Código PIX copiado para a área de transferência!',
  // Server answers.
  paymentLinkNotFound: 'Link de pagamento não encontrado',
  paymentLinkExpired: 'Link de pagamento expirado',
  paymentLinkAlreadyPaid: 'Este link de pagamento já foi pago',
  paymentNotFound: 'Pagamento não encontrado',
  paymentAlreadyPaid: 'Este pagamento já foi confirmado',
  providerUnavailable: 'Serviço de pagamento indisponível no momento. Tente novamente.',
  renewalNotAllowed: 'A renovação é oferecida apenas a assinantes já aprovados',
  paymentApproved: 'Pagamento aprovado com sucesso!',
  pixCreated: 'PIX gerado com sucesso. Pague com o QR Code ou o código copia e cola.',
  emailQueued: 'Email enviado com sucesso',
} as const;

/** Longest text each checkout field takes: the schemas below and the inputs' `maxLength` share them. */
export const CHECKOUT_LIMITS = {
  name: 120,
  email: 254,
  street: 200,
  number: 20,
  complement: 100,
  neighborhood: 100,
  city: 100,
  cardHolder: 60,
} as const;

// ---------------------------------------------------------------- building blocks

const requiredText = (message: string, max: number, tooLong: string) =>
  z.string({ error: message }).trim().min(1, message).max(max, tooLong);

const optionalText = (max: number, tooLong: string) =>
  z
    .string()
    .trim()
    .max(max, tooLong)
    .optional()
    .transform((value) => value ?? '');

export const emailField = z
  .string({ error: CHECKOUT_MSG.emailRequired })
  .trim()
  .toLowerCase()
  .min(1, CHECKOUT_MSG.emailRequired)
  .max(CHECKOUT_LIMITS.email, CHECKOUT_MSG.emailInvalid)
  .pipe(z.email(CHECKOUT_MSG.emailInvalid));

/** Phone: required, stored as digits (10 or 11 with the area code). */
export const phoneField = z
  .string({ error: CHECKOUT_MSG.phoneRequired })
  .trim()
  .min(1, CHECKOUT_MSG.phoneRequired)
  .max(30, CHECKOUT_MSG.phoneTooLong)
  .transform((value) => value.replace(/\D/g, ''))
  .refine((digits) => digits.length >= 10, CHECKOUT_MSG.phoneInvalid)
  .refine((digits) => digits.length <= 13, CHECKOUT_MSG.phoneTooLong);

/** CPF: required on checkouts, 11 digits, check digits right; stored as 11 digits. */
export const cpfField = z
  .string({ error: CHECKOUT_MSG.cpfRequired })
  .trim()
  .min(1, CHECKOUT_MSG.cpfRequired)
  .max(20, CHECKOUT_MSG.cpfLength)
  .refine((value) => cpfDigits(value).length === 11, CHECKOUT_MSG.cpfLength)
  .refine((value) => isValidCpf(cpfDigits(value)), CHECKOUT_MSG.cpfInvalid)
  .transform(cpfDigits);

/** CEP: 8 digits (masked 00000-000 or plain); stored as 8 digits. */
export const cepField = z
  .string({ error: CHECKOUT_MSG.cepRequired })
  .trim()
  .min(1, CHECKOUT_MSG.cepRequired)
  .max(12, CHECKOUT_MSG.cepLength)
  .transform((value) => value.replace(/\D/g, ''))
  .refine((digits) => digits.length === 8, CHECKOUT_MSG.cepLength);

export const stateField = z
  .string({ error: CHECKOUT_MSG.stateRequired })
  .trim()
  .toUpperCase()
  .min(1, CHECKOUT_MSG.stateRequired)
  .refine((value) => (BRAZIL_STATES as readonly string[]).includes(value), CHECKOUT_MSG.stateInvalid);

/** Referral code as printed on a member's link: letters and digits. Empty means none. */
export const referralCodeField = z
  .string()
  .trim()
  .toUpperCase()
  .max(32, CHECKOUT_MSG.referralInvalid)
  .refine((value) => value === '' || /^[A-Z0-9]{4,32}$/.test(value), CHECKOUT_MSG.referralInvalid);

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

// ---------------------------------------------------------------- new checkout (/checkout)

/** The /checkout form as the page holds it (spec 01 §3 "Checkout form (new)"). */
export interface CheckoutFormValues {
  name: string;
  email: string;
  phone: string;
  document: string;
  cep: string;
  street: string;
  number: string;
  complement: string;
  neighborhood: string;
  city: string;
  state: string;
  planType?: string;
}

/** One failing field of a checkout form: `field` is the input's `name`, so the page can mark it. */
export interface FormIssue {
  field: string;
  message: string;
}

/** The /checkout form's fields by the payload field that carries them. */
const CHECKOUT_FIELD_OF: Record<string, keyof CheckoutFormValues> = {
  customerName: 'name',
  customerEmail: 'email',
  customerPhone: 'phone',
  customerDocument: 'document',
  customerCep: 'cep',
  customerStreet: 'street',
  customerNumber: 'number',
  customerNeighborhood: 'neighborhood',
  customerCity: 'city',
  customerState: 'state',
  customerComplement: 'complement',
};
/** Spec 01 §5's order: missing customer fields, malformed ones (CPF before phone), the address. */
const CHECKOUT_MESSAGE_ORDER = [
  ['name', 'email', 'phone', 'document', 'cpf'],
  ['name', 'email', 'document', 'cpf', 'phone'],
  ['cep', 'street', 'number', 'neighborhood', 'city', 'state', 'complement'],
];
const CUSTOMER_FIELDS = new Set<string>(['name', 'email', 'phone', 'document', 'cpf']);
const REQUIRED_MESSAGES = new Set<string>([
  CHECKOUT_MSG.nameRequired,
  CHECKOUT_MSG.fullNameRequired,
  CHECKOUT_MSG.emailRequired,
  CHECKOUT_MSG.phoneRequired,
  CHECKOUT_MSG.cpfRequired,
]);

/** The /checkout form as the payload the server parses (`createPublicLinkInput`). */
export function checkoutPayloadOf(values: CheckoutFormValues): CreatePublicLinkInput {
  return {
    customerName: values.name,
    customerEmail: values.email,
    customerPhone: values.phone,
    customerDocument: values.document,
    customerCep: values.cep,
    customerNumber: values.number,
    customerComplement: values.complement,
    customerStreet: values.street,
    customerNeighborhood: values.neighborhood,
    customerCity: values.city,
    customerState: values.state,
    planType: 'annual',
  };
}

/**
 * Every failing field of the /checkout form with its message, checked with the very schema the
 * server parses the link request with (`createPublicLinkInput`), so the page and the server can never
 * disagree. One message per field (the first rule it breaks), in the spec's order (spec 01 §5): the
 * customer's missing fields, then their malformed ones, then the address. Empty array = valid.
 */
export function checkoutFormIssues(values: CheckoutFormValues): FormIssue[] {
  const result = createPublicLinkInput.safeParse(checkoutPayloadOf(values));
  return result.success
    ? []
    : inSpecOrder(result.error.issues, (path) => CHECKOUT_FIELD_OF[String(path[0])], []);
}

/**
 * One issue per form field (the first rule it breaks), in the order spec 01 §5 lists them: the
 * customer's missing fields, their malformed ones (CPF before phone), the address, then `after`
 * (the old checkout's card and amount), each group in its own order.
 */
function inSpecOrder(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  fieldOf: (path: readonly PropertyKey[]) => string | undefined,
  after: readonly string[],
): FormIssue[] {
  const byField = new Map<string, string>();
  for (const issue of issues) {
    const field = fieldOf(issue.path);
    if (field && !byField.has(field)) byField.set(field, issue.message);
  }
  const groups = [...CHECKOUT_MESSAGE_ORDER, after];
  const rank = ([field, message]: [string, string]) =>
    CUSTOMER_FIELDS.has(field) ? (REQUIRED_MESSAGES.has(message) ? 0 : 1) : after.includes(field) ? 3 : 2;
  const position = (entry: [string, string]) => groups[rank(entry)]!.indexOf(entry[0]);
  return [...byField]
    .sort((a, b) => rank(a) - rank(b) || position(a) - position(b))
    .map(([field, message]) => ({ field, message }));
}

/**
 * Every failing message of the /checkout form, in the spec's order (spec 01 §5), so the page can
 * show them as a list without calling the server. Empty array = valid.
 */
export function checkoutFormErrors(values: CheckoutFormValues): string[] {
  return checkoutFormIssues(values).map((issue) => issue.message);
}

/** POST /api/payment-links/create-public body (spec 01 §3 "Payment-link creation payload"). */
export const createPublicLinkInput = z.object({
  customerName: requiredText(CHECKOUT_MSG.nameRequired, CHECKOUT_LIMITS.name, CHECKOUT_MSG.nameTooLong),
  customerEmail: emailField,
  customerPhone: phoneField,
  customerDocument: cpfField,
  customerCep: cepField,
  customerNumber: requiredText(
    CHECKOUT_MSG.numberRequired,
    CHECKOUT_LIMITS.number,
    CHECKOUT_MSG.numberTooLong,
  ),
  customerComplement: optionalText(CHECKOUT_LIMITS.complement, CHECKOUT_MSG.complementTooLong),
  customerStreet: requiredText(
    CHECKOUT_MSG.streetRequired,
    CHECKOUT_LIMITS.street,
    CHECKOUT_MSG.streetTooLong,
  ),
  customerNeighborhood: requiredText(
    CHECKOUT_MSG.neighborhoodRequired,
    CHECKOUT_LIMITS.neighborhood,
    CHECKOUT_MSG.neighborhoodTooLong,
  ),
  customerCity: requiredText(CHECKOUT_MSG.cityRequired, CHECKOUT_LIMITS.city, CHECKOUT_MSG.cityTooLong),
  customerState: stateField,
  planType: z.enum(PLAN_TYPES, { error: CHECKOUT_MSG.planInvalid }).default('annual'),
  /** Referral code from `?ref=CODE` on /checkout. */
  ref: referralCodeField.optional(),
});
export type CreatePublicLinkInput = z.input<typeof createPublicLinkInput>;
export type CreatePublicLinkData = z.output<typeof createPublicLinkInput>;

export const paymentLinkRef = z.object({ id: z.string(), url: z.string() });

export const createPublicLinkResponse = z.object({
  success: z.literal(true),
  paymentLink: paymentLinkRef,
});
export type CreatePublicLinkResponse = z.infer<typeof createPublicLinkResponse>;

/** GET /api/payment-links/status-public/:id (spec 01 §3 "Payment-link status response"). */
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
});
export type PaymentLinkDetails = z.infer<typeof paymentLinkDetails>;

// ---------------------------------------------------------------- after registration

/** POST /api/payments/create-checkout-link body (spec 01 §3 "Other checkout payload"). */
export const createCheckoutLinkInput = z.object({
  name: requiredText(CHECKOUT_MSG.nameRequired, CHECKOUT_LIMITS.name, CHECKOUT_MSG.nameTooLong),
  email: emailField,
  amount: amountField,
  description: z.string().trim().max(200).optional(),
});
export type CreateCheckoutLinkInput = z.input<typeof createCheckoutLinkInput>;

export const createCheckoutLinkResponse = z.object({
  success: z.literal(true),
  checkoutUrl: z.string(),
  paymentLink: paymentLinkRef,
});

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
  ),
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

export const customerAddressInput = z.object({
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
  zipCode: cepField,
});

/** POST /api/payments/process body (spec 02 §3 "Old checkout payload"). */
export const processPaymentInput = z.object({
  paymentMethod: z.enum(PAYMENT_METHODS, { error: CHECKOUT_MSG.paymentMethodInvalid }),
  customerData: z.object(
    {
      name: requiredText(CHECKOUT_MSG.fullNameRequired, CHECKOUT_LIMITS.name, CHECKOUT_MSG.nameTooLong),
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

/** The old checkout's form, for the page to list every failing message (spec 02 §5). */
export interface OldCheckoutFormValues {
  name: string;
  email: string;
  phone: string;
  cpf: string;
  amount: string | number | null | undefined;
  paymentMethod: 'credit_card' | 'pix';
  cardNumber?: string;
  cardHolderName?: string;
  expiryDate?: string;
  cvv?: string;
  cep?: string;
  street?: string;
  number?: string;
  neighborhood?: string;
  city?: string;
  state?: string;
}

/**
 * Every failing field of the old checkout (spec 02 §5): the customer and address rules of
 * /checkout (with "Nome completo é obrigatório"), the card when paying by card, and the amount
 * (`field: 'amount'` has no input: it comes from the query).
 */
export function oldCheckoutFormIssues(values: OldCheckoutFormValues): FormIssue[] {
  const byCard = values.paymentMethod === 'credit_card';
  const payload: ProcessPaymentInput = {
    paymentMethod: values.paymentMethod,
    customerData: {
      name: values.name,
      email: values.email,
      phone: values.phone,
      cpf: values.cpf,
      address: {
        street: values.street ?? '',
        number: values.number ?? '',
        neighborhood: values.neighborhood ?? '',
        city: values.city ?? '',
        state: values.state ?? '',
        zipCode: values.cep ?? '',
      },
    },
    paymentData: {
      amount: values.amount ?? undefined,
      ...(byCard
        ? {
            cardData: {
              cardNumber: values.cardNumber ?? '',
              cardHolderName: values.cardHolderName ?? '',
              expiryDate: values.expiryDate ?? '',
              cvv: values.cvv ?? '',
            },
          }
        : {}),
    },
  };
  // The very schema POST /api/payments/process parses: the page refuses what the server refuses.
  const result = processPaymentInput.safeParse(payload);
  return result.success ? [] : inSpecOrder(result.error.issues, oldCheckoutFieldOf, OLD_CHECKOUT_AFTER);
}

/** The card fields, then the amount (it has no input: it comes from the query). */
const OLD_CHECKOUT_AFTER = ['cardNumber', 'cardHolderName', 'expiryDate', 'cvv', 'amount'];

/** The old checkout's input name of a `processPaymentInput` issue path. */
function oldCheckoutFieldOf(path: readonly PropertyKey[]): string | undefined {
  const [group, field, sub] = path.map(String);
  if (group === 'customerData') {
    if (field !== 'address') return field;
    return sub === 'zipCode' ? 'cep' : sub;
  }
  if (group === 'paymentData') return field === 'cardData' ? sub : field;
  return undefined;
}

export function oldCheckoutFormErrors(values: OldCheckoutFormValues): string[] {
  return oldCheckoutFormIssues(values).map((issue) => issue.message);
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
  cep: z
    .string()
    .trim()
    .transform((value) => value.replace(/\D/g, ''))
    .refine((digits) => digits.length === 8, CHECKOUT_MSG.cepLength),
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
