/** Accounts and sessions (docs/product/decisions.md §2): who is signed in, login, registration, passwords. */
import { z } from 'zod';
import {
  forgotPasswordInput,
  loginInput,
  publicUser,
  registerInput,
  setPasswordInput,
  verifyEmailInput,
} from '../../../shared/auth-schemas';
import { MSG } from '../../../shared/messages';
import { NOT_ME_MSG, notMeInput, SECURITY_MSG } from '../../../shared/security-schemas';
import { procedureFor } from '../../operations/procedure';
import { getAccount } from '../accounts/account-reads';
import { login, register, logout, setPassword } from '../accounts/sign-in';
import { requestPasswordReset, verifyEmail, resendVerification } from '../accounts/account-links';
import { reportNotMe } from '../accounts/not-me';

const userAnswer = z.object({ user: publicUser });
const TAG = ['auth'];

export const authProcedures = {
  /** The signed-in person, or null: the client's session query. */
  me: procedureFor('public')
    .output(publicUser.nullable())
    .query(
      ({ ctx: { user } }) => user && { id: user.id, name: user.name, email: user.email, role: user.role },
    ),

  /** The member's own account (the portal's profile header and "membro desde"). */
  account: procedureFor('member')
    .output(publicUser.extend({ createdAt: z.string() }))
    .query(({ ctx: { services, user } }) => getAccount(services.accounts, user.id)),

  login: procedureFor('public')
    .meta({
      rateLimit: 'auth',
      issuesSession: 'always',
      openapi: {
        method: 'POST',
        path: '/auth/login',
        tags: TAG,
        summary: 'Login: devolve o token de sessão (Bearer) e o usuário',
        description:
          'Conta com verificação em duas etapas (administradores que a ativaram): envie também `code`, ' +
          'o código de 6 dígitos do aplicativo autenticador ou um código de recuperação. Sem ele, a ' +
          'resposta é 401 com `code: "two_factor_required"`. Tentativas erradas numa mesma conta ' +
          'esperam cada vez mais (429 com Retry-After).',
        errorResponses: {
          400: MSG.loginRequired,
          401: `${MSG.invalidCredentials} | ${MSG.twoFactorCodeRequired}`,
          429: MSG.tooManyRequests,
        },
      },
    })
    .input(loginInput)
    .output(userAnswer)
    .mutation(async ({ ctx, input }) => {
      const { user, token, expiresAt } = await login(ctx.services.accounts, input, { ip: ctx.ip });
      ctx.issueSession({ token, expiresAt });
      return { user };
    }),

  register: procedureFor('public')
    .meta({
      rateLimit: 'auth',
      issuesSession: 'sometimes',
      // Making someone an admin is a sensitive change: the admin confirms their identity first.
      stepUp: 'sometimes',
      successStatus: 201,
      openapi: {
        method: 'POST',
        path: '/auth/register',
        tags: TAG,
        summary: 'Cria uma conta (papel user; o papel informado vale só quando um admin chama)',
        description:
          'Devolve o token da nova sessão, exceto quando um administrador cria a conta de outra pessoa.',
        errorResponses: {
          400: MSG.invalidInput,
          403: SECURITY_MSG.stepUpRequired,
          409: MSG.emailTaken,
          429: MSG.tooManyRequests,
        },
      },
    })
    .input(registerInput)
    .output(userAnswer)
    .mutation(async ({ ctx, input }) => {
      const byAdmin = ctx.user?.role === 'admin';
      if (byAdmin && input.role === 'admin') ctx.services.stepUp.require(ctx.auth.session);
      const { user, token, expiresAt } = await register(ctx.services.accounts, input, { allowRole: byAdmin });
      // An admin creating an account stays signed in as themselves.
      if (!byAdmin) ctx.issueSession({ token, expiresAt });
      return { user };
    }),

  logout: procedureFor('authenticated')
    .meta({
      openapi: {
        method: 'POST',
        path: '/auth/logout',
        tags: TAG,
        summary: 'Encerra a sessão do token',
        errorResponses: { 401: MSG.notAuthenticated },
      },
    })
    .output(z.object({ success: z.literal(true) }))
    .mutation(({ ctx }) => {
      logout(ctx.services.accounts, ctx.user.sessionId);
      ctx.endSession();
      return { success: true as const };
    }),

  forgotPassword: procedureFor('public')
    .meta({
      rateLimit: 'auth',
      openapi: {
        method: 'POST',
        path: '/auth/forgot-password',
        tags: TAG,
        summary: 'Envia por email um link de uso único (7 dias) para definir a senha',
        description: 'A resposta é a mesma para emails cadastrados ou não, para não revelar quem tem conta.',
        errorResponses: { 400: MSG.emailInvalid, 429: MSG.tooManyRequests },
      },
    })
    .input(forgotPasswordInput)
    .output(z.object({ message: z.string() }))
    .mutation(({ ctx: { services }, input }) => {
      requestPasswordReset(services.accounts, input.email);
      return { message: MSG.forgotPasswordSent };
    }),

  setPassword: procedureFor('public')
    .meta({
      rateLimit: 'auth',
      issuesSession: 'always',
      openapi: {
        method: 'POST',
        path: '/auth/set-password',
        tags: TAG,
        summary:
          'Define a senha com o token do link /definir-senha; encerra as outras sessões e devolve uma nova',
        description:
          'Conta com verificação em duas etapas: envie também `code` (aplicativo autenticador ou código de ' +
          'recuperação); sem ele, 401 com `code: "two_factor_required"` e nada muda.',
        errorResponses: {
          400: MSG.setPasswordTokenInvalid,
          401: MSG.twoFactorCodeRequired,
          429: MSG.tooManyRequests,
        },
      },
    })
    .input(setPasswordInput)
    .output(userAnswer)
    .mutation(async ({ ctx, input }) => {
      const { user, token, expiresAt } = await setPassword(
        ctx.services.accounts,
        input.token,
        input.password,
        {
          code: input.code,
          ip: ctx.ip,
        },
      );
      ctx.issueSession({ token, expiresAt });
      return { user };
    }),

  /**
   * The link of the "Confirme seu email" message (`/confirmar-email?token=…`): proves the address,
   * and only then the account gets the records filed under it (ADR 014).
   */
  verifyEmail: procedureFor('public')
    .meta({ rateLimit: 'auth' })
    .input(verifyEmailInput)
    // The proof is the credential (ADR 027): the registration's password stops working and the
    // person who proved the address chooses a new one with this token (`/definir-senha?token=…`).
    .output(z.object({ message: z.string(), setPasswordToken: z.string() }))
    .mutation(({ ctx: { services }, input }) => verifyEmail(services.accounts, input.token)),

  /**
   * The link of every security notice (`/nao-fui-eu?token=…`): ends every session of the account,
   * voids its password, proven WhatsApp, pending changes and links, and mails a set-password link.
   */
  notMe: procedureFor('public')
    .meta({
      rateLimit: 'auth',
      openapi: {
        method: 'POST',
        path: '/auth/not-me',
        tags: TAG,
        summary: '"Não fui eu": encerra todas as sessões da conta e envia um link para definir nova senha',
        description:
          'Usa o token do link de um aviso de segurança (uma vez, 7 dias). A senha atual deixa de valer, o ' +
          'WhatsApp confirmado é esquecido, trocas de email pendentes e links não usados são cancelados, e um ' +
          'link para definir a senha vai ao email da conta.',
        errorResponses: { 400: NOT_ME_MSG.linkInvalid, 429: MSG.tooManyRequests },
      },
    })
    .input(notMeInput)
    .output(z.object({ message: z.string() }))
    .mutation(({ ctx: { services }, input }) => reportNotMe(services.accounts, input.token)),

  /** A new confirmation link for the signed-in person. */
  resendVerification: procedureFor('authenticated')
    .meta({ rateLimit: 'auth' })
    .output(z.object({ message: z.string() }))
    .mutation(({ ctx: { services, user } }) => resendVerification(services.accounts, user.id)),
};

/** REST only: REST callers check their token; the SPA asks `me`. */
export const authRestProcedures = {
  verify: procedureFor('authenticated')
    .meta({
      openapi: {
        method: 'GET',
        path: '/auth/verify',
        tags: TAG,
        summary: 'Confere o token e devolve o usuário',
        errorResponses: { 401: MSG.notAuthenticated },
      },
    })
    .output(userAnswer)
    .query(({ ctx: { user } }) => ({
      user: { id: user.id, name: user.name, email: user.email, role: user.role },
    })),
};
