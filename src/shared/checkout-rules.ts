/**
 * The checkout's rules and texts that need no zod: the spec's messages, the fields' limits, the
 * order the pages list failures in, the payload a form becomes. The pages load these with their
 * first paint; the zod schemas built from them (checkout-schemas.ts) load when a form is first
 * checked (ADR 024: the checkout's first load stays within 200 KB).
 */
import type { CheckoutFormData, CreatePublicLinkInput } from './checkout-schemas';
import { FIELD_LIMITS } from './fields/limits';
import { MSG } from './messages';

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
  // Screens (docs/product/public-site-and-checkout.md §8, docs/product/back-office-and-member-area.md §8).
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
  paymentLinkCancelled: 'Este link de pagamento foi cancelado pelo clube',
  paymentNotFound: 'Pagamento não encontrado',
  paymentAlreadyPaid: 'Este pagamento já foi confirmado',
  providerUnavailable: 'Serviço de pagamento indisponível no momento. Tente novamente.',
  renewalNotAllowed: 'A renovação é oferecida apenas a assinantes já aprovados',
  renewalSignInRequired:
    'A renovação pelo valor de renovação é feita na área do confrade: entre com seu email e senha para renovar.',
  paymentApproved: 'Pagamento aprovado com sucesso!',
  pixCreated: 'PIX gerado com sucesso. Pague com o QR Code ou o código copia e cola.',
  emailQueued: 'Email enviado com sucesso',
  // The card's name as Pagar.me takes it: letters and spaces (ADR 020).
  cardHolderLetters: 'Nome no cartão deve ter letras, como está impresso no cartão',
} as const;

/** Longest text each checkout field takes: the schemas below and the inputs' `maxLength` share them. */
export const CHECKOUT_LIMITS = {
  name: FIELD_LIMITS.name,
  email: FIELD_LIMITS.email,
  street: FIELD_LIMITS.street,
  number: FIELD_LIMITS.number,
  complement: FIELD_LIMITS.complement,
  neighborhood: FIELD_LIMITS.neighborhood,
  city: FIELD_LIMITS.city,
  cardHolder: 60,
} as const;

/** A referral code as printed on a member's link: letters and digits. */
export const REFERRAL_CODE = /^[A-Z0-9]{4,32}$/;

/** A referral code worth sending (as `referralCodeField` accepts it), or undefined. */
export function usableReferralCode(ref: string | undefined): string | undefined {
  const code = ref?.trim().toUpperCase();
  return code && REFERRAL_CODE.test(code) ? code : undefined;
}

/** One failing field of a checkout form: `field` is the input's `name`, so the page can mark it. */
export interface FormIssue {
  field: string;
  message: string;
}

/** docs/product/public-site-and-checkout.md §5's order: missing customer fields, malformed ones (CPF before phone), the address. */
const CHECKOUT_MESSAGE_ORDER = [
  ['name', 'email', 'phone', 'document', 'cpf'],
  ['name', 'email', 'document', 'cpf', 'phone'],
  ['cep', 'street', 'number', 'neighborhood', 'city', 'state', 'complement'],
  // The old checkout's card, then its amount (it has no input: it comes from the query).
  ['cardNumber', 'cardHolderName', 'expiryDate', 'cvv', 'amount'],
];
const CUSTOMER_FIELDS = new Set<string>(CHECKOUT_MESSAGE_ORDER[0]);
const AFTER_ADDRESS = new Set<string>(CHECKOUT_MESSAGE_ORDER[3]);
const REQUIRED_MESSAGES = new Set<string>([
  CHECKOUT_MSG.nameRequired,
  CHECKOUT_MSG.fullNameRequired,
  CHECKOUT_MSG.emailRequired,
  CHECKOUT_MSG.phoneRequired,
  CHECKOUT_MSG.cpfRequired,
]);

/**
 * A checkout form's failing fields (one message each) in the order docs/product/public-site-and-checkout.md §5 and docs/product/back-office-and-member-area.md §5 list
 * them: the customer's missing fields, their malformed ones (CPF before phone), the address, then
 * the old checkout's card and amount, each group in its own order. The page shows them as a list.
 */
export function inSpecOrder(issues: readonly FormIssue[]): FormIssue[] {
  const rank = ({ field, message }: FormIssue) =>
    CUSTOMER_FIELDS.has(field) ? (REQUIRED_MESSAGES.has(message) ? 0 : 1) : AFTER_ADDRESS.has(field) ? 3 : 2;
  const position = (issue: FormIssue) => CHECKOUT_MESSAGE_ORDER[rank(issue)]!.indexOf(issue.field);
  return [...issues].sort((a, b) => rank(a) - rank(b) || position(a) - position(b));
}

/** The /checkout form as the payload the server parses (`createPublicLinkInput`). */
export function checkoutPayloadOf(values: CheckoutFormData, ref?: string): CreatePublicLinkInput {
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
    ...(ref ? { ref } : {}),
  };
}
