/**
 * Who is who (ADR 027): proven and claimed contacts. The messages of the approval, of a change of
 * sign-in address and of the WhatsApp proof, and the shapes the portal and the back office read,
 * once for the screens, the server and the tests.
 */
import { z } from 'zod';
import { payoutPixKey } from './commission-payout-schemas';
import { currentPassword, MEMBER_MSG } from './member-schemas';
import { SECURITY_MSG } from './security-schemas';
import './zod-config';
import { FIELD_LIMITS } from './fields/limits';

export const APPROVAL_MSG = {
  approvedNewAccount:
    'Cadastro aprovado! O link para definir a senha foi enviado ao email do cadastro; o WhatsApp recebeu só um aviso.',
  approvedExistingAccount:
    'Cadastro aprovado! Este email já tinha uma conta: ela foi avisada por email, sem link de acesso.',
  adminEmail:
    'Este cadastro não pode ser aprovado: o email dele é de um administrador do clube. Corrija o email do cadastro antes de aprovar.',
} as const;

/** The admin's "Boas-vindas" when the record's WhatsApp is not the number the account proved. */
export const WELCOME_BY_EMAIL_MSG =
  'O WhatsApp recebeu um aviso; o link para definir a senha foi enviado ao email da conta, porque este número não foi confirmado pelo assinante.';

export const EMAIL_CHANGE_MSG = {
  requested:
    'Enviamos um link de confirmação para o novo email. A troca só vale depois da confirmação; até lá, continue entrando com o email atual.',
  adminRequested:
    'Assinante atualizado. O novo email só passa a valer quando for confirmado pelo link enviado a ele; o email atual foi avisado.',
  same: 'Este já é o seu email',
  linkInvalid: 'Link de confirmação inválido, expirado ou já usado. Peça a troca de email novamente.',
  takenSince: 'Este email passou a ser usado por outra conta ou cadastro. A troca não foi feita.',
  confirmed: (email: string) =>
    `Email confirmado! A partir de agora, entre com ${email}. As outras sessões da conta foram encerradas.`,
  confirmedRecord: (email: string) => `Email confirmado! O seu cadastro passa a usar ${email}.`,
  cancelled: 'Troca de email cancelada. Seu email de acesso continua o mesmo.',
  nothingPending: 'Não há troca de email aguardando confirmação.',
  tooMany: 'Muitos pedidos de troca de email nesta última hora. Tente novamente mais tarde.',
  pendingBadge: 'aguardando confirmação',
  /** Who asked, as the current address reads it in the notice. */
  requesters: {
    member: 'feito no Portal do Confrade, com a senha da conta',
    admin: 'feito pela equipe do clube',
    wizard: 'feito na Atualização de Dados, com o código enviado a você',
  },
} as const;

export const PHONE_PROOF_MSG = {
  codeSent: (phone: string) =>
    `Enviamos um código de 6 dígitos por WhatsApp para ${phone}. Ele vale por 10 minutos.`,
  // A code still pending when the page opens again (a phone reloads it on the way back from WhatsApp).
  codePending: (phone: string, until: string) =>
    `Enviamos um código de 6 dígitos por WhatsApp para ${phone}. Ele vale até ${until}: digite-o abaixo.`,
  noPhone: 'Cadastre um telefone em "Dados pessoais" antes de confirmar o WhatsApp.',
  alreadyProven: 'Este WhatsApp já está confirmado.',
  resendTooSoon: 'Um código acabou de ser enviado. Aguarde 1 minuto para pedir outro.',
  tooManyCodes: 'Muitos códigos pedidos para esta conta. Tente novamente em 1 hora.',
  codeRequired: 'Informe o código de 6 dígitos',
  codeFormat: 'O código tem 6 dígitos',
  codeWrong: (left: number) =>
    `Código incorreto. ${left === 1 ? 'Resta 1 tentativa' : `Restam ${left} tentativas`}.`,
  codeLocked: 'Código bloqueado após 5 tentativas incorretas. Peça um novo código.',
  codeExpired: 'Código expirado ou inexistente. Peça um novo código.',
  proven: 'WhatsApp confirmado! Códigos e links de acesso podem ser enviados a este número.',
  failed: 'Erro ao confirmar o WhatsApp',
} as const;

export const phoneCodeInput = z.object({
  code: z
    .string({ error: PHONE_PROOF_MSG.codeRequired })
    .trim()
    .min(1, PHONE_PROOF_MSG.codeRequired)
    .max(12, PHONE_PROOF_MSG.codeFormat)
    .transform((value) => value.replace(/\s/g, ''))
    .refine((value) => /^\d{6}$/.test(value), PHONE_PROOF_MSG.codeFormat),
});
export type PhoneCodeValues = z.input<typeof phoneCodeInput>;

/**
 * Proving a new WhatsApp number makes it receive codes and links: the member types the current
 * password again first (ADR 027), as for a change of sign-in address. An account with
 * two-factor sign-in (an admin) gives the authenticator app's code instead, as at its step-up.
 */
export const requestPhoneCodeInput = z
  .object({
    currentPassword: currentPassword.optional(),
    code: z
      .string({ error: SECURITY_MSG.codeFormat })
      .trim()
      .regex(/^\d{6}$/, SECURITY_MSG.codeFormat)
      .optional(),
  })
  .superRefine((value, ctx) => {
    if (value.currentPassword === undefined && value.code === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['currentPassword'],
        message: MEMBER_MSG.currentPasswordRequired,
      });
    }
  });
export type RequestPhoneCodeValues = z.input<typeof requestPhoneCodeInput>;
/** The portal's form of that proof for an account without two-factor: the password only. */
export const phoneProofByPassword = z.object({ currentPassword });
export type PhoneProofByPasswordValues = z.input<typeof phoneProofByPassword>;

export const confirmEmailChangeInput = z.object({
  token: z
    .string({ error: EMAIL_CHANGE_MSG.linkInvalid })
    .trim()
    .min(1, EMAIL_CHANGE_MSG.linkInvalid)
    .max(FIELD_LIMITS.linkToken, EMAIL_CHANGE_MSG.linkInvalid),
});

/** A change of e-mail waiting for the new address's confirmation. */
export const pendingEmailChange = z.object({
  newEmail: z.string(),
  requestedBy: z.enum(['member', 'admin', 'wizard']),
  requestedAt: z.string(),
  expiresAt: z.string(),
});
export type PendingEmailChange = z.infer<typeof pendingEmailChange>;

/** The member's own contacts: which are proven and since when (the profile's "Contatos" card). */
export const memberContacts = z.object({
  email: z.string(),
  emailVerifiedAt: z.string().nullable(),
  pendingEmail: pendingEmailChange.nullable(),
  /** The phone of the member's record (what the profile shows), digits. */
  phone: z.string(),
  /** Whether that phone is the number the account proved. */
  phoneProven: z.boolean(),
  /** The number the account proved (digits) and when, whatever the record's phone is now. */
  provenPhone: z.string().nullable(),
  phoneProvenAt: z.string().nullable(),
  /**
   * A code sent to that phone and still usable (not expired, used or locked): the page shows its
   * field again after a reload instead of asking for a new code, which would end this one.
   */
  pendingPhoneCode: z.object({ phone: z.string(), expiresAt: z.string() }).nullable(),
  /** Two-factor sign-in is on: the proof of a new number is the app's code, not the password. */
  twoFactor: z.boolean(),
});
export type MemberContacts = z.infer<typeof memberContacts>;

/** What the back office shows of a record's access: the account, its proven contacts, the approval. */
export const subscriberAccess = z.object({
  account: z
    .object({
      email: z.string(),
      role: z.string(),
      emailVerifiedAt: z.string().nullable(),
      provenPhone: z.string().nullable(),
      phoneProvenAt: z.string().nullable(),
      /** Whether the account is tied to this record (else it only shares its e-mail). */
      tied: z.boolean(),
    })
    .nullable(),
  pendingEmail: pendingEmailChange.nullable(),
  /** Why the approval is refused (shown before the click), or null. */
  approvalRefusal: z.string().nullable(),
  /** Where the member's commissions are paid, as the member typed it in the portal (ADR 046). */
  payoutPixKey: payoutPixKey.nullable(),
});
export type SubscriberAccess = z.infer<typeof subscriberAccess>;
