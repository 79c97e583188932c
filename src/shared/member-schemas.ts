/**
 * The member portal (docs/product/back-office-and-member-area.md §2 "User layout", docs/product/decisions.md §3.4–§3.6): what a signed-in member may
 * read and change of their own record. One schema per form, shared by the browser's form
 * (react-hook-form) and the member operations, with the Portuguese messages once.
 */
import { memberInvoice } from './invoice';
import { z } from 'zod';
import { emailField } from './fields/schemas';
import { MSG } from './messages';
import { PASSWORD_MIN } from './auth-schemas';
import {
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  PLAN_TYPES,
  REFERRAL_STATUSES,
  SUBSCRIBER_STATUSES,
} from './plans';
import { GENDERS, SUBSCRIBER_MSG, subscriberAddressAnswer, subscriberFields } from './subscriber-schemas';
import './zod-config';
import { FIELD_LIMITS } from './fields/limits';

/** Renewal warnings (docs/product/back-office-and-member-area.md §9): 30 days or fewer, urgent at 7 or fewer. */
export const RENEWAL_WARNING_DAYS = 30;
export const RENEWAL_URGENT_DAYS = 7;

export const MEMBER_MSG = {
  // Account not tied to a subscriber record yet (docs/product/decisions.md §3.3, ADR 014).
  verifyEmailTitle: 'Confirme seu email',
  verifyEmail:
    'Para ver sua assinatura, confirme seu email pelo link que enviamos. Não recebeu? Peça um novo link.',
  checkoutTitle: 'Sua assinatura ainda não começou',
  checkout:
    'Não encontramos uma assinatura paga para a sua conta. Assine pelo checkout para entrar na Confraria.',
  // Profile.
  profileSaved: 'Perfil atualizado com sucesso!',
  profileFailed: 'Erro ao atualizar perfil',
  currentPasswordRequired: 'Informe sua senha atual',
  currentPasswordWrong: 'Senha atual incorreta',
  emailSame: 'Este já é o seu email',
  passwordChanged: 'Senha alterada com sucesso! As outras sessões da sua conta foram encerradas.',
  newPasswordSame: 'A nova senha deve ser diferente da atual',
  // Subscription.
  renewNotAllowedPending: 'Seu pagamento já foi recebido: aguarde a aprovação do clube.',
  renewNotAllowedInactive: 'Sua assinatura está inativa. Fale com o clube para reativá-la.',
  renewFailed: 'Erro ao gerar link de renovação',
  cancelled: 'Cancelamento registrado. Seu acesso continua até o fim do período pago.',
  cancelWithdrawn: 'Cancelamento desfeito. Sua assinatura continua normalmente.',
  cancelFailed: 'Erro ao cancelar assinatura',
  // Payments.
  paymentsFailed: 'Erro ao carregar pagamentos',
  // Referrals (docs/product/back-office-and-member-area.md §8).
  referralsFailed: 'Erro ao carregar dados de indicações',
  linkCopied: 'Link copiado!',
  // LGPD.
  deletionRequested:
    'Pedido de exclusão registrado. O clube vai analisar e responder pelo seu email. Os registros de pagamento são mantidos por obrigação legal.',
  deletionAlreadyRequested: 'Seu pedido de exclusão já foi registrado e está em análise.',
  deletionNeedsRecord:
    'Sua conta ainda não tem dados de assinatura. Para excluí-la, fale com o clube pela página de contato.',
  loadFailed: 'Erro ao carregar seus dados',
} as const;

/** Header and dashboard words for each status ("Confrade Ativo" only when active, docs/product/decisions.md §4). */
export const MEMBER_STATUS_INDICATOR: Record<(typeof SUBSCRIBER_STATUSES)[number], string> = {
  active: 'Confrade Ativo',
  pending: 'Aguardando aprovação',
  pending_payment: 'Aguardando pagamento',
  expired: 'Assinatura expirada',
  cancelled: 'Assinatura cancelada',
  inactive: 'Assinatura inativa',
};

/** What the member may change of their own record: not status, price, dates, notes or e-mail. */
export const memberProfileInput = subscriberFields
  .pick({
    fullName: true,
    phone: true,
    cpf: true,
    birthDate: true,
    gender: true,
    profession: true,
    shirtSize: true,
    winePreference: true,
    address: true,
    number: true,
    complement: true,
    neighborhood: true,
    city: true,
    state: true,
    zipCode: true,
  })
  .superRefine((value, ctx) => {
    if (!value.birthDate) return;
    const birth = new Date(`${value.birthDate}T12:00:00Z`).getTime();
    if (birth > Date.now())
      ctx.addIssue({ code: 'custom', path: ['birthDate'], message: SUBSCRIBER_MSG.birthFuture });
    else if (Date.now() - birth > 120 * 365.25 * 24 * 3600 * 1000)
      ctx.addIssue({ code: 'custom', path: ['birthDate'], message: SUBSCRIBER_MSG.birthTooOld });
  });
export type MemberProfileInput = z.output<typeof memberProfileInput>;
export type MemberProfileFormValues = z.input<typeof memberProfileInput>;

/** The current password a member types again before changing a credential or a contact that receives one. */
export const currentPassword = z
  .string({ error: MEMBER_MSG.currentPasswordRequired })
  .min(1, MEMBER_MSG.currentPasswordRequired)
  .max(200, MSG.passwordTooLong);

export const changeEmailInput = z.object({
  email: emailField({ required: MSG.emailRequired, invalid: MSG.emailInvalid }),
  currentPassword,
});
export type ChangeEmailFormValues = z.input<typeof changeEmailInput>;

export const changePasswordInput = z
  .object({
    currentPassword,
    newPassword: z
      .string({ error: MSG.passwordTooShort })
      .min(PASSWORD_MIN, MSG.passwordTooShort)
      .max(200, MSG.passwordTooLong),
    confirmPassword: z.string().max(200, MSG.passwordTooLong),
  })
  .refine((value) => value.newPassword === value.confirmPassword, {
    path: ['confirmPassword'],
    message: MSG.passwordsDontMatch,
  });
export type ChangePasswordFormValues = z.input<typeof changePasswordInput>;

export const cancelInput = z
  .object({ reason: z.string().trim().max(FIELD_LIMITS.reason, SUBSCRIBER_MSG.tooLong).optional() })
  .default({});

export const deletionInput = z
  .object({ reason: z.string().trim().max(1000, SUBSCRIBER_MSG.tooLong).optional() })
  .default({});

/** The member's subscription as the portal shows it (dates ISO, money cents). */
export const memberSubscription = z.object({
  id: z.string(),
  status: z.enum(SUBSCRIBER_STATUSES),
  statusLabel: z.string(),
  indicator: z.string(),
  paymentStatus: z.string(),
  planType: z.enum(PLAN_TYPES).nullable(),
  planLabel: z.string(),
  /** What the member paid for the current period (the last confirmed payment); null before any payment. */
  pricePaid: z.number().int().nullable(),
  subscriptionStartDate: z.string().nullable(),
  subscriptionEndDate: z.string().nullable(),
  daysLeft: z.number().int().nullable(),
  /** `warning` at ≤ 30 days, `urgent` at ≤ 7 (docs/product/back-office-and-member-area.md §9); null otherwise or when ending by choice. */
  renewalWarning: z.enum(['warning', 'urgent']).nullable(),
  /** The membership is in force: the club's files are open (services/membership.ts, ADR 029). */
  hasAccess: z.boolean(),
  cancelRequestedAt: z.string().nullable(),
  canCancel: z.boolean(),
  canWithdrawCancellation: z.boolean(),
  canRenew: z.boolean(),
  /**
   * When a renewal was paid, while the renewed period runs beyond the renewal warning (ADR 017):
   * the page thanks the member and `canRenew` is false. Null otherwise.
   */
  renewedAt: z.string().nullable(),
  /** The plan a renewal button buys: renewal (89700) for members approved before, annual otherwise. */
  renewalPlan: z.enum(PLAN_TYPES),
  renewalPrice: z.number().int(),
  approvedAt: z.string().nullable(),
  referralCode: z.string(),
  deletionRequestedAt: z.string().nullable(),
  /** The legal deadline of that request (ADR 029): the end of the 15th São Paulo day after it. */
  deletionDueAt: z.string().nullable(),
});
export type MemberSubscription = z.infer<typeof memberSubscription>;

/**
 * The portal's first read: who is signed in and whether the account is tied to a subscriber yet.
 * `nextStep` tells a member without a record what to do (never an error).
 */
export const memberOverview = z.object({
  account: z.object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    emailVerified: z.boolean(),
    createdAt: z.string(),
  }),
  nextStep: z.enum(['verify_email', 'checkout']).nullable(),
  subscription: memberSubscription.nullable(),
});
export type MemberOverview = z.infer<typeof memberOverview>;

export const memberProfile = z.object({
  email: z.string(),
  fullName: z.string(),
  phone: z.string(),
  cpf: z.string().nullable(),
  birthDate: z.string().nullable(),
  gender: z.enum(GENDERS).nullable(),
  profession: z.string().nullable(),
  shirtSize: z.string(),
  winePreference: z.string().nullable(),
  ...subscriberAddressAnswer.shape,
});
export type MemberProfile = z.infer<typeof memberProfile>;

export const memberPayment = z.object({
  id: z.string(),
  _id: z.string(),
  transactionId: z.string().nullable(),
  amount: z.number().int(),
  status: z.enum(PAYMENT_STATUSES),
  statusLabel: z.string(),
  method: z.enum(PAYMENT_METHODS).nullable(),
  cardBrand: z.string().nullable(),
  cardLast4: z.string().nullable(),
  planType: z.enum(PLAN_TYPES),
  description: z.string(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  date: z.string(),
  /** Its service invoice's number and link, once it has one (docs/product/service-invoices.md). */
  invoice: memberInvoice.nullable(),
});
export type MemberPayment = z.infer<typeof memberPayment>;

/** docs/product/back-office-and-member-area.md §3 "Referral summary" (GET /api/user/referrals). */
export const referralSummary = z.object({
  totalReferrals: z.number().int(),
  earnedAmount: z.number().int(),
  pendingAmount: z.number().int(),
  conversionRate: z.number(),
  totalClicks: z.number().int(),
  myReferralCode: z.string(),
  myReferralLink: z.string(),
  activeReferrals: z.array(
    z.object({
      _id: z.string(),
      id: z.string(),
      referredSubscriber: z.object({ fullName: z.string(), email: z.string() }),
      status: z.enum(REFERRAL_STATUSES),
      commissionAmount: z.number().int(),
      referralCode: z.string(),
      createdAt: z.string(),
    }),
  ),
  /** Over `activeReferrals`, newest first, 100 a page; the totals above count every referral. */
  pagination: z.object({
    page: z.number().int(),
    limit: z.number().int(),
    total: z.number().int(),
    pages: z.number().int(),
  }),
});
export type ReferralSummaryOutput = z.infer<typeof referralSummary>;

export const referralSummaryInput = z
  .object({ page: z.coerce.number().int().min(1).max(1_000_000).default(1) })
  .default({ page: 1 });

/** Referral status labels (docs/product/back-office-and-member-area.md §4). */
export const REFERRAL_STATUS_LABELS: Record<(typeof REFERRAL_STATUSES)[number], string> = {
  pending: 'Pendente',
  confirmed: 'Confirmada',
  paid: 'Paga',
  cancelled: 'Cancelada',
};

/** LGPD: everything held about the member, as one JSON document. */
export const memberDataExport = z.object({
  exportedAt: z.string(),
  account: z.record(z.string(), z.unknown()),
  subscriber: z.record(z.string(), z.unknown()).nullable(),
  payments: z.array(z.record(z.string(), z.unknown())),
  paymentLinks: z.array(z.record(z.string(), z.unknown())),
  referrals: z.object({
    asReferrer: z.array(z.record(z.string(), z.unknown())),
    referredBy: z.record(z.string(), z.unknown()).nullable(),
  }),
  activity: z.array(z.record(z.string(), z.unknown())),
  /** Automatic renewal (ADR 052): the choice, the consent (when, the exact text) and the card on file. */
  automaticRenewal: z.record(z.string(), z.unknown()).nullable(),
});
export type MemberDataExport = z.infer<typeof memberDataExport>;

/** Admin referrals list (GET /api/admin/referrals). */
export const REFERRAL_PAGE_SIZE = 20;
export const adminReferralListInput = z
  .object({
    status: z.union([z.literal('all'), z.enum(REFERRAL_STATUSES)]).default('all'),
    search: z.string().trim().max(120).default(''),
    page: z.coerce.number().int().min(1).max(1_000_000).default(1),
    limit: z.coerce.number().int().min(1).max(100).default(REFERRAL_PAGE_SIZE),
  })
  .default({ status: 'all', search: '', page: 1, limit: REFERRAL_PAGE_SIZE });
export type AdminReferralListInput = z.output<typeof adminReferralListInput>;

export const adminReferral = z.object({
  id: z.string(),
  _id: z.string(),
  referrer: z.object({ id: z.string(), fullName: z.string(), email: z.string() }),
  referredSubscriber: z.object({ id: z.string(), fullName: z.string(), email: z.string() }),
  referralCode: z.string(),
  status: z.enum(REFERRAL_STATUSES),
  commissionAmount: z.number().int(),
  paymentId: z.string().nullable(),
  createdAt: z.string(),
  confirmedAt: z.string().nullable(),
  paidAt: z.string().nullable(),
  paidBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  cancelledAt: z.string().nullable(),
});
export type AdminReferral = z.infer<typeof adminReferral>;

const totalOf = z.object({ count: z.number().int(), amount: z.number().int() });
export const referralTotals = z.object({
  pending: totalOf,
  confirmed: totalOf,
  paid: totalOf,
  cancelled: totalOf,
});

export const adminReferralList = z.object({
  success: z.literal(true),
  referrals: z.array(adminReferral),
  totals: referralTotals,
  pagination: z.object({
    page: z.number().int(),
    limit: z.number().int(),
    total: z.number().int(),
    pages: z.number().int(),
  }),
});
export type AdminReferralList = z.infer<typeof adminReferralList>;

export const ADMIN_REFERRAL_MSG = {
  loadFailed: 'Erro ao carregar indicações',
  processed: 'Comissão marcada como paga',
  processFailed: 'Erro ao marcar comissão como paga',
} as const;

// Member subscription page after a renewal (ADR 017).
export const MEMBER_RENEWAL_MSG = {
  /** `end`: the renewed period's last day, dd/mm/aaaa. */
  thanks: (end: string) => `Obrigado por renovar! Sua assinatura vai até ${end}.`,
} as const;
