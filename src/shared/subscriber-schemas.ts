/**
 * The back office's subscriber: one zod schema for the admin form (react-hook-form in the browser)
 * and the admin operations on the server, with the messages of docs/product/back-office-and-member-area.md §5 once. The documented
 * legacy names (docs/product/decisions.md §5: `name`, `cpfCnpj`, `tshirtSize`, `startDate`, `endDate`, `notes`,
 * `internalNotes`) are accepted on REST input (`SUBSCRIBER_LEGACY_NAMES`) and present on output.
 */
import { z } from 'zod';
import { FIELD_LIMITS } from './fields/limits';
import {
  emailField,
  nameField,
  nullableText,
  optionalCepField,
  optionalCpfField,
  optionalStateField,
  phoneField,
} from './fields/schemas';
import { MONEY_MAX_CENTS, MONEY_MSG } from './money-text';
import { RENEWAL_FILTERS, SUBSCRIBER_STATUSES } from './plans';
import { SUBSCRIBER_SORTS } from './list-choices';
import './zod-config';
import { recordId } from './record-id';

export const SUBSCRIBER_MSG = {
  nameRequired: 'Nome completo é obrigatório',
  nameTooLong: 'Nome muito longo',
  emailRequired: 'Email é obrigatório',
  emailInvalid: 'Formato de email inválido',
  phoneRequired: 'Telefone é obrigatório',
  phoneTooShort: 'Telefone deve ter pelo menos 10 dígitos',
  phoneTooLong: 'Telefone muito longo',
  cpfLength: 'CPF deve ter exatamente 11 dígitos',
  cpfInvalid: 'CPF inválido',
  cepLength: 'CEP deve ter 8 dígitos',
  stateLength: 'Estado deve ter no máximo 2 caracteres',
  birthFuture: 'Data de nascimento não pode ser no futuro',
  birthTooOld: 'Data de nascimento muito antiga',
  dateInvalid: 'Data inválida',
  priceRequired: 'Preço é obrigatório',
  priceNegative: 'Preço não pode ser negativo',
  statusRequired: 'Status é obrigatório',
  endBeforeStart: 'Data de término deve ser posterior à data de início',
  tooLong: 'Texto muito longo',
  // Warnings: shown, never blocking (docs/product/back-office-and-member-area.md §5).
  underage: 'Assinante menor de 18 anos',
  addressRecommended: 'Endereço, cidade e estado são recomendados quando o CEP é informado',
  // Screens (docs/product/back-office-and-member-area.md §8).
  validationPrefix: 'Erro de validação: ',
  notFound: 'Assinante não encontrado',
  loadFailed: 'Erro ao carregar assinantes',
  createFailed: 'Erro ao criar assinante',
  updateFailed: 'Erro ao atualizar assinante',
  deleteFailed: 'Erro ao deletar assinante',
  deleteFailedAlt: 'Erro ao excluir assinante',
  approveFailed: 'Erro ao aprovar cadastro',
  renewalLinkFailed: 'Erro ao gerar link de renovação',
  newLinkFailed: 'Erro ao gerar link de nova assinatura',
  noneSelected: 'Erro: Nenhum assinante selecionado para edição',
  idMissing: 'Erro: ID do assinante não encontrado',
  phoneMissing: 'Telefone não encontrado para este assinante',
  invalidOption: 'Opção inválida. Operação cancelada.',
  created: 'Assinante criado com sucesso! Todos os campos foram salvos.',
  updated: 'Assinante atualizado com sucesso!',
  deleted: 'Assinante excluído com sucesso!',
  notAllSaved: 'Alguns campos podem não ter sido salvos',
  draftLoaded: 'Rascunho carregado com sucesso!',
  deleteConfirmWord: 'CONFIRMAR',
  deleteWordMismatch: 'Digite CONFIRMAR, em letras maiúsculas, para liberar a exclusão.',
  hasPayments:
    'Este assinante tem pagamentos registrados e não pode ser excluído: desative ou cancele o cadastro.',
  statusChangeRefused:
    'Mudança de status não permitida por edição. Use as ações do assinante (aprovar, cancelar, reembolsar).',
  // The renewals filter of the list (ADR 034).
  endingWithinDaysInvalid: 'Informe um número de dias entre 1 e 366 para o vencimento.',
  // Members to win back (ADR 046).
  expiredWithinDaysInvalid: 'Informe um número de dias entre 1 e 366 para a expiração.',
  // The renewal filter (automatic renewal, docs/decisions/052-automatic-renewal.md).
  renewalInvalid: 'Filtro de renovação inválido: use automatic, manual ou retrying.',
} as const;

export const SHIRT_SIZES = ['PP', 'P', 'M', 'G', 'GG', 'XG', 'XXG'] as const;
export const GENDERS = ['masculine', 'feminine', 'other'] as const;
export const GENDER_LABELS: Record<(typeof GENDERS)[number], string> = {
  masculine: 'Masculino',
  feminine: 'Feminino',
  other: 'Outro',
};
export const SUBSCRIBER_PAGE_SIZE = 10;
const YEAR_MS = 365.25 * 24 * 3600 * 1000;

const optionalText = (max: number) => nullableText(max, SUBSCRIBER_MSG.tooLong);

/** A calendar date `YYYY-MM-DD` (or a full ISO instant, whose date part is kept). */
const calendarDate = z
  .string()
  .trim()
  .nullish()
  .transform((value) => (value ? value.slice(0, 10) : null))
  .refine((value) => value === null || /^\d{4}-\d{2}-\d{2}$/.test(value), SUBSCRIBER_MSG.dateInvalid)
  .refine(
    (value) => value === null || !Number.isNaN(new Date(`${value}T12:00:00Z`).getTime()),
    SUBSCRIBER_MSG.dateInvalid,
  );

/** An instant (ISO string); a bare date means noon UTC of that day. Empty means none. */
const instant = z
  .string()
  .trim()
  .nullish()
  .transform((value, ctx) => {
    if (!value) return null;
    const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T12:00:00Z` : value);
    if (Number.isNaN(date.getTime())) {
      ctx.addIssue({ code: 'custom', message: SUBSCRIBER_MSG.dateInvalid });
      return z.NEVER;
    }
    return date.toISOString();
  });

export const subscriberFields = z.object({
  fullName: nameField({ required: SUBSCRIBER_MSG.nameRequired, tooLong: SUBSCRIBER_MSG.nameTooLong }),
  email: emailField({ required: SUBSCRIBER_MSG.emailRequired, invalid: SUBSCRIBER_MSG.emailInvalid }),
  phone: phoneField({
    required: SUBSCRIBER_MSG.phoneRequired,
    tooShort: SUBSCRIBER_MSG.phoneTooShort,
    tooLong: SUBSCRIBER_MSG.phoneTooLong,
  }),
  /** Optional on the admin form (docs/product/decisions.md §4); when filled, 11 digits with check digits right. */
  cpf: optionalCpfField({ length: SUBSCRIBER_MSG.cpfLength, invalid: SUBSCRIBER_MSG.cpfInvalid }),
  birthDate: calendarDate,
  gender: z.enum(GENDERS).nullish().catch(null),
  profession: optionalText(FIELD_LIMITS.profession),
  shirtSize: z.enum(SHIRT_SIZES).default('M'),
  winePreference: optionalText(FIELD_LIMITS.winePreference),
  address: optionalText(FIELD_LIMITS.street),
  number: optionalText(FIELD_LIMITS.number),
  complement: optionalText(FIELD_LIMITS.complement),
  neighborhood: optionalText(FIELD_LIMITS.neighborhood),
  city: optionalText(FIELD_LIMITS.city),
  state: optionalStateField({ tooLong: SUBSCRIBER_MSG.stateLength }),
  zipCode: optionalCepField({ length: SUBSCRIBER_MSG.cepLength }),
  status: z.enum(SUBSCRIBER_STATUSES, { error: SUBSCRIBER_MSG.statusRequired }),
  /** Cents (the form shows reais with 2 decimals). */
  subscriptionPrice: z
    .number({ error: SUBSCRIBER_MSG.priceRequired })
    .int(SUBSCRIBER_MSG.priceRequired)
    .min(0, SUBSCRIBER_MSG.priceNegative)
    .max(MONEY_MAX_CENTS, MONEY_MSG.tooHigh),
  subscriptionStartDate: instant,
  subscriptionEndDate: instant,
  adminNotes: optionalText(2000),
});

/** The rules that look at more than one field, or at today's date. */
function crossFieldRules(
  value: {
    birthDate: string | null;
    subscriptionStartDate: string | null;
    subscriptionEndDate: string | null;
  },
  ctx: z.RefinementCtx,
) {
  if (value.birthDate) {
    const birth = new Date(`${value.birthDate}T12:00:00Z`).getTime();
    if (birth > Date.now())
      ctx.addIssue({ code: 'custom', path: ['birthDate'], message: SUBSCRIBER_MSG.birthFuture });
    else if (Date.now() - birth > 120 * YEAR_MS)
      ctx.addIssue({ code: 'custom', path: ['birthDate'], message: SUBSCRIBER_MSG.birthTooOld });
  }
  if (
    value.subscriptionStartDate &&
    value.subscriptionEndDate &&
    value.subscriptionEndDate <= value.subscriptionStartDate
  ) {
    ctx.addIssue({ code: 'custom', path: ['subscriptionEndDate'], message: SUBSCRIBER_MSG.endBeforeStart });
  }
}

/** The documented legacy input names (docs/product/decisions.md §5), legacy → ours; the REST binding accepts them. */
export const SUBSCRIBER_LEGACY_NAMES = {
  name: 'fullName',
  cpfCnpj: 'cpf',
  tshirtSize: 'shirtSize',
  startDate: 'subscriptionStartDate',
  endDate: 'subscriptionEndDate',
  notes: 'adminNotes',
  internalNotes: 'adminNotes',
} as const;

/** Create (and the whole form): every field of docs/product/back-office-and-member-area.md §3 a person types. */
export const subscriberInput = subscriberFields.superRefine(crossFieldRules);
export type SubscriberInput = z.output<typeof subscriberFields>;
export type SubscriberFormValues = z.input<typeof subscriberFields>;

/** Update: the same form with the record's id (a path parameter on REST). */
export const subscriberUpdateInput = subscriberFields.extend({ id: recordId }).superRefine(crossFieldRules);

/** Non-blocking warnings of the form (docs/product/back-office-and-member-area.md §5): under 18; address recommended with a CEP. */
export function subscriberWarnings(values: Partial<SubscriberFormValues>): string[] {
  const warnings: string[] = [];
  if (values.birthDate) {
    const birth = new Date(`${values.birthDate.slice(0, 10)}T12:00:00Z`).getTime();
    if (!Number.isNaN(birth) && Date.now() - birth < 18 * YEAR_MS && birth <= Date.now())
      warnings.push(SUBSCRIBER_MSG.underage);
  }
  if (values.zipCode && (!values.address || !values.city || !values.state))
    warnings.push(SUBSCRIBER_MSG.addressRecommended);
  return warnings;
}

/**
 * "Vencem em até N dias" (ADR 034): the list and its CSV export read the same query parameter, so
 * the file holds what the screen shows.
 */
export const endingWithinDaysField = z.coerce
  .number({ error: SUBSCRIBER_MSG.endingWithinDaysInvalid })
  .int({ error: SUBSCRIBER_MSG.endingWithinDaysInvalid })
  .min(1, { error: SUBSCRIBER_MSG.endingWithinDaysInvalid })
  .max(366, { error: SUBSCRIBER_MSG.endingWithinDaysInvalid })
  .optional();

/**
 * "Expiraram nos últimos N dias" (ADR 046): members whose period ended within that many days and
 * was not renewed, to win them back. The list and its CSV export read it, like the renewals window.
 */
export const expiredWithinDaysField = z.coerce
  .number({ error: SUBSCRIBER_MSG.expiredWithinDaysInvalid })
  .int({ error: SUBSCRIBER_MSG.expiredWithinDaysInvalid })
  .min(1, { error: SUBSCRIBER_MSG.expiredWithinDaysInvalid })
  .max(366, { error: SUBSCRIBER_MSG.expiredWithinDaysInvalid })
  .optional();

/**
 * `renewal` (docs/decisions/052-automatic-renewal.md): automatic renewal on, off, or declined and
 * in retry — the dashboard's renewal figures open the list with it. The list and its CSV export read it.
 */
export const renewalFilterField = z
  .enum(RENEWAL_FILTERS, { error: SUBSCRIBER_MSG.renewalInvalid })
  .optional();

/**
 * List filters (docs/product/back-office-and-member-area.md §3): status (all or one), search, sortBy, sortOrder, page, limit; and
 * `endingWithinDays` (ADR 034): only active subscriptions whose period ends within that many days
 * from now, the dashboard's renewals shortcut.
 */
export const subscriberListInput = z
  .object({
    status: z.union([z.literal('all'), z.enum(SUBSCRIBER_STATUSES)]).default('all'),
    search: z.string().trim().max(120).default(''),
    sortBy: z.enum(SUBSCRIBER_SORTS).default('createdAt'),
    sortOrder: z.enum(['asc', 'desc']).default('desc'),
    page: z.coerce.number().int().min(1).max(1_000_000).default(1),
    limit: z.coerce.number().int().min(1).max(100).default(SUBSCRIBER_PAGE_SIZE),
    endingWithinDays: endingWithinDaysField,
    expiredWithinDays: expiredWithinDaysField,
    renewal: renewalFilterField,
  })
  .default({
    status: 'all',
    search: '',
    sortBy: 'createdAt',
    sortOrder: 'desc',
    page: 1,
    limit: SUBSCRIBER_PAGE_SIZE,
  });
export type SubscriberListInput = z.output<typeof subscriberListInput>;

const billingData = z.object({
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  cpfCnpj: z.string(),
  address: z.string(),
  number: z.string(),
  complement: z.string(),
  neighborhood: z.string(),
  city: z.string(),
  state: z.string(),
  zipCode: z.string(),
});

/** A subscriber's address as the record and the member's profile answer it: NULL where not given. */
export const subscriberAddressAnswer = z.object({
  address: z.string().nullable(),
  number: z.string().nullable(),
  complement: z.string().nullable(),
  neighborhood: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  zipCode: z.string().nullable(),
});

/** A subscriber as the back office and the REST API answer it: our names and the legacy ones. */
export const subscriberRecord = z.object({
  id: z.string(),
  _id: z.string(),
  fullName: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  cpf: z.string().nullable(),
  cpfCnpj: z.string().nullable(),
  birthDate: z.string().nullable(),
  gender: z.enum(GENDERS).nullable(),
  profession: z.string().nullable(),
  shirtSize: z.string(),
  tshirtSize: z.string(),
  winePreference: z.string().nullable(),
  ...subscriberAddressAnswer.shape,
  status: z.enum(SUBSCRIBER_STATUSES),
  subscriptionStatus: z.enum(SUBSCRIBER_STATUSES),
  paymentStatus: z.string(),
  subscriptionPrice: z.number().int(),
  subscriptionStartDate: z.string().nullable(),
  subscriptionEndDate: z.string().nullable(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  adminNotes: z.string().nullable(),
  notes: z.string().nullable(),
  internalNotes: z.string().nullable(),
  approvedBy: z.string().nullable(),
  approvedAt: z.string().nullable(),
  cancelRequestedAt: z.string().nullable(),
  profileCompleted: z.boolean(),
  profileCompletedAt: z.string().nullable(),
  referralCode: z.string(),
  hasAccount: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  createdBy: z.string().nullable(),
  lastModifiedBy: z.string().nullable(),
  billingData: billingData.nullable(),
});
export type SubscriberRecord = z.infer<typeof subscriberRecord>;

/** One line of a subscriber's history (view mode). */
export const subscriberActivityEntry = z.object({
  id: z.string(),
  event: z.string(),
  label: z.string(),
  fromStatus: z.string().nullable(),
  toStatus: z.string().nullable(),
  actorKind: z.string(),
  actorName: z.string().nullable(),
  reason: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
  createdAt: z.string(),
});
export type SubscriberActivityEntry = z.infer<typeof subscriberActivityEntry>;
