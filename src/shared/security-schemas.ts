/**
 * The owner's account (ADR 028): two-factor sign-in with an
 * authenticator app and its recovery codes, and the step-up (the password or a code again) asked
 * before sensitive changes. Inputs, answers and the screens' words, shared by server and browser.
 */
import { z } from 'zod';
import './zod-config';
import { FIELD_LIMITS } from './fields/limits';

export const SECURITY_MSG = {
  stepUpRequired:
    'Por segurança, confirme sua senha (ou o código do aplicativo autenticador) para continuar.',
  stepUpPasswordWrong: 'Senha incorreta. Digite a senha com que você entra no painel.',
  stepUpCredentialRequired: 'Digite sua senha ou o código do aplicativo autenticador.',
  stepUpCodeNotEnabled: 'A verificação em duas etapas não está ativa: confirme com a sua senha.',
  stepUpCodeRequired:
    'Sua conta usa a verificação em duas etapas: confirme com o código do aplicativo autenticador.',
  stepUpDone: 'Identidade confirmada.',
  codeFormat: 'Digite os 6 dígitos que o aplicativo autenticador mostra agora.',
  setupCodeInvalid:
    'Código incorreto. Confira se o relógio do celular está certo e digite o código que o aplicativo mostra agora.',
  alreadyEnabled: 'A verificação em duas etapas já está ativa nesta conta.',
  notEnabled: 'A verificação em duas etapas não está ativa nesta conta.',
  noSetupStarted: 'Comece a ativação de novo: o código QR desta tela expirou.',
  enabled: 'Verificação em duas etapas ativada.',
  disabled: 'Verificação em duas etapas desativada.',
  recoveryCodesRenewed: 'Novos códigos de recuperação gerados. Os anteriores deixaram de valer.',
  publicWithoutTwoFactor:
    'Sua conta de administrador não tem verificação em duas etapas. Com o site aberto na internet, ' +
    'quem descobrir sua senha entra no painel.',
} as const;

/** "Confirme sua identidade": the password, or (two-factor on) the app's current code; one of them. */
export const stepUpInput = z
  .object({
    password: z.string({ error: SECURITY_MSG.stepUpCredentialRequired }).max(200).optional(),
    code: z
      .string({ error: SECURITY_MSG.codeFormat })
      .trim()
      .regex(/^\d{6}$/, SECURITY_MSG.codeFormat)
      .optional(),
  })
  .refine((value) => Boolean(value.password) !== Boolean(value.code), {
    message: SECURITY_MSG.stepUpCredentialRequired,
  });
export type StepUpInput = z.infer<typeof stepUpInput>;

/** The first code, typed to prove the app was set up. */
export const twoFactorConfirmInput = z.object({
  code: z
    .string({ error: SECURITY_MSG.codeFormat })
    .trim()
    .transform((value) => value.replace(/\s/g, ''))
    .pipe(z.string().regex(/^\d{6}$/, SECURITY_MSG.codeFormat)),
});
export type TwoFactorConfirmInput = z.input<typeof twoFactorConfirmInput>;

export const securityStatus = z.object({
  twoFactor: z.object({
    enabled: z.boolean(),
    enabledAt: z.string().nullable(),
    recoveryCodesLeft: z.number().int(),
  }),
  /** Two-factor off while the site is on a public address: the dashboard says so on every visit. */
  warnTwoFactorOff: z.boolean(),
  /** Until when a sensitive change needs no new confirmation (ISO), or null. */
  stepUpUntil: z.string().nullable(),
});
export type SecurityStatus = z.infer<typeof securityStatus>;

/** The enrolment screen: the QR code and the same key as text for typing it in by hand. */
export const twoFactorSetup = z.object({
  /** Base32, in groups of four, as authenticator apps ask for it. */
  secret: z.string(),
  /** The otpauth:// URI the QR code carries. */
  uri: z.string(),
  /** The QR code as an SVG data URL. */
  qrCode: z.string(),
});
export type TwoFactorSetup = z.infer<typeof twoFactorSetup>;

/** Shown once: each code works once, in place of the app's code, to sign in. */
export const recoveryCodesAnswer = z.object({
  message: z.string(),
  recoveryCodes: z.array(z.string()),
});

export const stepUpAnswer = z.object({ message: z.string(), stepUpUntil: z.string() });

/**
 * What the account-security notice says (the `change` of the e-mail): one sentence per kind of
 * change. No link that opens the account, no code, no password.
 */
export const ACCOUNT_NOTICES = {
  password_changed:
    'A senha da sua conta foi alterada. As sessões abertas com a senha anterior foram encerradas.',
  sign_in_email_changed:
    'O email de acesso da sua conta foi trocado por outro endereço. As sessões abertas antes da troca foram encerradas.',
  two_factor_enabled: 'A verificação em duas etapas foi ativada na sua conta.',
  two_factor_disabled: 'A verificação em duas etapas foi desativada na sua conta.',
  recovery_code_used: 'Um código de recuperação foi usado para entrar na sua conta.',
  two_factor_codes_locked:
    'Alguém digitou a senha certa da sua conta e errou o código do aplicativo autenticador 10 vezes. Os códigos do aplicativo ficam suspensos por 24 horas; para entrar, use um código de recuperação. Se não foi você, troque a sua senha em "Esqueci minha senha".',
  recovery_codes_renewed:
    'Novos códigos de recuperação foram gerados para a sua conta; os anteriores deixaram de valer.',
  // Contacts (ADR 027): each change of a contact, and each proof of a new phone, is told too.
  phone_proven: 'Um novo número de WhatsApp foi confirmado na sua conta e passa a receber códigos e links.',
  phone_replaced:
    'O WhatsApp confirmado da sua conta foi trocado por outro número e deixa de receber códigos e links.',
  profile_phone_changed: 'O telefone do seu cadastro foi alterado no Portal do Confrade.',
  contacts_corrected: 'A equipe do clube corrigiu o telefone do seu cadastro.',
  email_change_requested:
    'Foi pedida a troca do email de acesso da sua conta por outro endereço. A troca só vale depois que o novo endereço confirmar.',
  // Where commissions are paid (ADR 046): a place money goes is told like a contact.
  payout_pix_key_changed:
    'A chave PIX para receber suas comissões de indicação foi alterada no Portal do Confrade. As próximas comissões serão pagas na nova chave.',
  payout_pix_key_removed:
    'A chave PIX para receber suas comissões de indicação foi removida no Portal do Confrade.',
} as const;
export type AccountNotice = keyof typeof ACCOUNT_NOTICES;

/** "Não fui eu" (ADR 027): the link in every security notice, and the page it opens. */
export const NOT_ME_MSG = {
  advice: (url: string) =>
    'Se foi você, não precisa fazer nada. Se não foi, use este link: ele encerra todas as sessões da ' +
    `conta, cancela as trocas pendentes e envia a este email um link para definir uma nova senha: ${url}`,
  adviceWithoutLink: 'Se não foi você, fale com o clube imediatamente.',
  done:
    'Pronto: todas as sessões da sua conta foram encerradas, as trocas pendentes foram canceladas e a senha ' +
    'anterior deixou de valer. Enviamos ao email da conta um link para definir uma nova senha.',
  linkInvalid:
    'Link inválido, expirado ou já usado. Se ainda precisar, use "Esqueci minha senha" na página de login.',
} as const;

export const notMeInput = z.object({
  token: z
    .string({ error: NOT_ME_MSG.linkInvalid })
    .trim()
    .min(1, NOT_ME_MSG.linkInvalid)
    .max(FIELD_LIMITS.linkToken, NOT_ME_MSG.linkInvalid),
});
