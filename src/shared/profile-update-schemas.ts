/**
 * The profile-update wizard (/formulario-atualizacao, docs/product/public-site-and-checkout.md §2–§8, docs/product/decisions.md §3.8): one zod
 * schema per form, parsed by react-hook-form in the browser and by the operations on the server,
 * with the Portuguese messages once. Step 1 finds the record (masked answer) and confirms a 6-digit
 * code sent to the contacts on file; only a confirmed code unlocks the full data and step 2.
 */
import { z } from 'zod';
import { CHECKOUT_MSG, cepField, emailField, phoneField, stateField } from './checkout-schemas';
import { digitsOf } from './fields/rules';
import { FIELD_LIMITS } from './fields/limits';
import { nullishText, phoneMessage, requiredText } from './fields/schemas';
import { SHIRT_SIZES } from './subscriber-schemas';
import './zod-config';

export const PROFILE_UPDATE_CODE_LENGTH = 6;
export const PROFILE_UPDATE_CODE_TTL_MINUTES = 10;
export const PROFILE_UPDATE_MAX_TRIES = 5;

/** Sizes the wizard offers (docs/product/public-site-and-checkout.md §9); a size an admin set outside them is kept and shown. */
export const WIZARD_SHIRT_SIZES = ['P', 'M', 'G', 'GG'] as const;

export const PROFILE_UPDATE_MSG = {
  // docs/product/public-site-and-checkout.md §5 and §8, word for word.
  lookupRequired: 'Informe pelo menos o email ou telefone',
  notFound: 'Assinante não encontrado',
  lookupNetwork: 'Erro ao buscar assinante. Verifique sua conexão.',
  updateFailed: 'Erro ao atualizar perfil',
  updateNetwork: 'Erro ao atualizar perfil. Verifique sua conexão.',
  // The code of docs/product/decisions.md §3.8 (the spec has none).
  codeRequired: 'Informe o código de 6 dígitos',
  codeFormat: 'O código tem 6 dígitos',
  codeWrong: (left: number) =>
    `Código incorreto. ${left === 1 ? 'Resta 1 tentativa' : `Restam ${left} tentativas`}.`,
  codeLocked: 'Código bloqueado após 5 tentativas incorretas. Solicite um novo código.',
  codeExpired: 'Código expirado. Solicite um novo código.',
  codeResendTooSoon: 'Um código acabou de ser enviado. Aguarde 1 minuto para pedir outro.',
  tooManyCodes:
    'Muitos códigos pedidos para este cadastro (no máximo 3 por hora). Tente novamente mais tarde.',
  verifyFailed: 'Erro ao confirmar o código. Verifique sua conexão.',
  tokenInvalid: 'Verificação expirada ou inválida. Confirme seu cadastro com um novo código.',
  // Step 2 fields (docs/product/public-site-and-checkout.md §5: required ones).
  firstNameRequired: 'Nome é obrigatório',
  lastNameRequired: 'Sobrenome é obrigatório',
  nameTooLong: 'Nome muito longo',
  shirtSizeRequired: 'Tamanho da camiseta é obrigatório',
  shirtSizeInvalid: 'Tamanho de camiseta inválido',
  emailTaken: 'Este email já pertence a outro cadastro',
  // ADR 018: the lookup answers the same whether a record was found or not.
  lookupAnswer: 'Se encontrarmos o cadastro, enviaremos um código aos contatos confirmados.',
  // ADR 027: a record with an account keeps its sign-in e-mail and WhatsApp here.
  contactsInPortal:
    'Este cadastro tem uma conta: o email de acesso e o telefone/WhatsApp não mudam por aqui. Para trocá-los, entre no Portal do Confrade, em "Meu Perfil".',
} as const;

const PHONE_MSG = {
  required: CHECKOUT_MSG.phoneRequired,
  tooShort: CHECKOUT_MSG.phoneInvalid,
  tooLong: CHECKOUT_MSG.phoneTooLong,
};

/** The wizard's sizes: the shared ones (ADR 037); first and last name are each a name part. */
const FIELD_MAX = {
  name: FIELD_LIMITS.namePart,
  street: FIELD_LIMITS.street,
  number: FIELD_LIMITS.number,
  complement: FIELD_LIMITS.complement,
  neighborhood: FIELD_LIMITS.neighborhood,
  city: FIELD_LIMITS.city,
};

// E-mail and phone: the checkout's rules and messages (one definition, src/shared/checkout-schemas).
const email = emailField;
const phone = phoneField;

const subscriberId = z
  .string()
  .trim()
  .min(1, PROFILE_UPDATE_MSG.notFound)
  .max(64, PROFILE_UPDATE_MSG.notFound);

// ---------------------------------------------------------------- step 1: find

/**
 * POST /api/subscriber-update/request-form: at least one of e-mail or phone. An empty field means
 * "not given"; a filled one must be well formed (its own message, at its field).
 */
export const requestFormInput = z
  .object({
    email: z.string().trim().toLowerCase().max(FIELD_LIMITS.email, CHECKOUT_MSG.emailInvalid).nullish(),
    phone: z.string().trim().max(FIELD_LIMITS.phoneTyped, CHECKOUT_MSG.phoneTooLong).nullish(),
  })
  .superRefine((value, ctx) => {
    if (!value.email && !value.phone) {
      ctx.addIssue({ code: 'custom', path: ['email'], message: PROFILE_UPDATE_MSG.lookupRequired });
      return;
    }
    if (value.email && !z.email().safeParse(value.email).success) {
      ctx.addIssue({ code: 'custom', path: ['email'], message: CHECKOUT_MSG.emailInvalid });
    }
    // A filled phone without digits is too short, as on the checkout.
    const problem = value.phone
      ? phoneMessage(value.phone, { ...PHONE_MSG, required: PHONE_MSG.tooShort })
      : null;
    if (problem) ctx.addIssue({ code: 'custom', path: ['phone'], message: problem });
  })
  .transform((value) => ({
    email: value.email || null,
    phone: value.phone ? digitsOf(value.phone) : null,
  }));
export type RequestFormValues = z.input<typeof requestFormInput>;
export type RequestFormInput = z.output<typeof requestFormInput>;

const addressShape = z.object({
  zipCode: z.string(),
  street: z.string(),
  number: z.string(),
  complement: z.string(),
  neighborhood: z.string(),
  city: z.string(),
  state: z.string(),
});
export type ProfileAddress = z.infer<typeof addressShape>;

/** The record the wizard found, as the code step's answer names it. */
const foundSubscriber = <Address extends z.ZodType, ShirtSize extends z.ZodType>(
  address: Address,
  shirtSize: ShirtSize,
) =>
  z.object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    phone: z.string(),
    currentData: z.object({ firstName: z.string(), lastName: z.string(), address, shirtSize }),
  });

/**
 * The lookup's answer, the same whether a record was found or not (ADR 018): a code goes to
 * the proven contacts of a record found, and `requestId` names this request for the code step.
 * Nothing about the record (not its id, name or contacts) comes before the code.
 */
export const requestFormResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  requestId: z.string(),
});
export type RequestFormResponse = z.infer<typeof requestFormResponse>;

// ---------------------------------------------------------------- step 1: code

/** POST /api/subscriber-update/verify-code. */
export const verifyCodeInput = z.object({
  /** The `requestId` of the lookup's answer. */
  requestId: requiredText(PROFILE_UPDATE_MSG.codeExpired, 64, PROFILE_UPDATE_MSG.codeExpired),
  code: requiredText(PROFILE_UPDATE_MSG.codeRequired, 12, PROFILE_UPDATE_MSG.codeFormat)
    .transform((value) => value.replace(/\s/g, ''))
    .refine((value) => /^\d{6}$/.test(value), PROFILE_UPDATE_MSG.codeFormat),
});
export type VerifyCodeValues = z.input<typeof verifyCodeInput>;
export type VerifyCodeInput = z.output<typeof verifyCodeInput>;

/** A confirmed code: the token step 2 sends back, and the whole current data to pre-fill it. */
export const verifyCodeResponse = z.object({
  success: z.literal(true),
  verificationToken: z.string(),
  /** ISO instant after which the token no longer saves. */
  expiresAt: z.string(),
  subscriber: foundSubscriber(addressShape, z.string()),
  /**
   * The record belongs to an account: step 2 saves its e-mail and phone unchanged; they change in
   * the portal, with the password (ADR 027).
   */
  contactsInPortal: z.boolean(),
});
export type VerifyCodeResponse = z.infer<typeof verifyCodeResponse>;

// ---------------------------------------------------------------- step 2: complete

/** POST /api/subscriber-update/complete-profile: docs/product/public-site-and-checkout.md §7's payload plus the verification token. */
export const completeProfileInput = z.object({
  subscriberId,
  verificationToken: requiredText(PROFILE_UPDATE_MSG.tokenInvalid, 200, PROFILE_UPDATE_MSG.tokenInvalid),
  firstName: requiredText(
    PROFILE_UPDATE_MSG.firstNameRequired,
    FIELD_MAX.name,
    PROFILE_UPDATE_MSG.nameTooLong,
  ),
  lastName: requiredText(PROFILE_UPDATE_MSG.lastNameRequired, FIELD_MAX.name, PROFILE_UPDATE_MSG.nameTooLong),
  email,
  phone,
  address: z.object(
    {
      zipCode: cepField,
      street: requiredText(CHECKOUT_MSG.streetRequired, FIELD_MAX.street, CHECKOUT_MSG.streetTooLong),
      number: requiredText(CHECKOUT_MSG.numberRequired, FIELD_MAX.number, CHECKOUT_MSG.numberTooLong),
      complement: nullishText(FIELD_MAX.complement, CHECKOUT_MSG.complementTooLong),
      neighborhood: nullishText(FIELD_MAX.neighborhood, CHECKOUT_MSG.neighborhoodTooLong),
      city: requiredText(CHECKOUT_MSG.cityRequired, FIELD_MAX.city, CHECKOUT_MSG.cityTooLong),
      state: stateField,
    },
    { error: CHECKOUT_MSG.cepRequired },
  ),
  /** Any size the club knows; the service accepts one outside P/M/G/GG only if it is the current one. */
  shirtSize: z.enum(SHIRT_SIZES, { error: PROFILE_UPDATE_MSG.shirtSizeRequired }),
});
export type CompleteProfileValues = z.input<typeof completeProfileInput>;
export type CompleteProfileInput = z.output<typeof completeProfileInput>;

/** docs/product/public-site-and-checkout.md §3 "Profile update response". */
export const completeProfileResponse = z.object({
  success: z.literal(true),
  credentials: z.object({ email: z.string(), referralCode: z.string() }),
  accessInfo: z.object({ dashboardUrl: z.string() }),
  /** A new e-mail typed in step 2 waits for the link sent to it (ADR 027); null when unchanged. */
  pendingEmail: z.string().nullable(),
  /** The record belongs to an account: its e-mail and phone were kept (they change in "Meu Perfil"). */
  contactsInPortal: z.boolean(),
});
export type CompleteProfileResponse = z.infer<typeof completeProfileResponse>;

export const PROFILE_UPDATE_LIMITS = FIELD_MAX;
