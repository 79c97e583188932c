import { z } from 'zod';
import {
  forgotPasswordInput,
  loginInput,
  publicUser,
  registerInput,
  setPasswordInput,
} from '../../../shared/auth-schemas';
import { MSG } from '../../../shared/messages';
import { defineRoute } from '../route';

export const authRoutes = [
  defineRoute({
    method: 'POST',
    path: '/auth/login',
    access: 'public',
    tag: 'auth',
    summary: 'Login: devolve o token de sessão (Bearer) e o usuário',
    body: loginInput,
    response: z.object({ token: z.string(), user: publicUser }),
    errors: { 400: MSG.loginRequired, 401: MSG.invalidCredentials, 429: MSG.tooManyRequests },
    rateLimit: 'auth',
    async handler({ body, services }) {
      const { token, user } = await services.accounts.login(body);
      return { token, user };
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/auth/register',
    access: 'public',
    tag: 'auth',
    summary: 'Cria uma conta (papel user; o papel informado vale só quando um admin chama)',
    body: registerInput,
    response: z.object({ user: publicUser, token: z.string() }),
    successStatus: 201,
    errors: { 400: MSG.invalidInput, 409: MSG.emailTaken, 429: MSG.tooManyRequests },
    rateLimit: 'auth',
    async handler({ body, services, user }) {
      const result = await services.accounts.register(body, { allowRole: user?.role === 'admin' });
      return { user: result.user, token: result.token };
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/auth/verify',
    access: 'authenticated',
    tag: 'auth',
    summary: 'Confere o token e devolve o usuário',
    response: z.object({ user: publicUser }),
    errors: { 401: MSG.notAuthenticated },
    handler({ user }) {
      const { sessionId: _sessionId, ...rest } = user;
      return { user: rest };
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/auth/logout',
    access: 'authenticated',
    tag: 'auth',
    summary: 'Encerra a sessão do token',
    response: z.object({ success: z.literal(true) }),
    errors: { 401: MSG.notAuthenticated },
    handler({ user, services }) {
      services.accounts.logout(user.sessionId);
      return { success: true as const };
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/auth/forgot-password',
    access: 'public',
    tag: 'auth',
    summary: 'Envia por email um link de uso único (7 dias) para definir a senha',
    description: 'A resposta é a mesma para emails cadastrados ou não, para não revelar quem tem conta.',
    body: forgotPasswordInput,
    response: z.object({ message: z.string() }),
    errors: { 400: MSG.emailInvalid, 429: MSG.tooManyRequests },
    rateLimit: 'auth',
    handler({ body, services }) {
      services.accounts.requestPasswordReset(body.email);
      return { message: MSG.forgotPasswordSent };
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/auth/set-password',
    access: 'public',
    tag: 'auth',
    summary:
      'Define a senha com o token do link /definir-senha; encerra as outras sessões e devolve uma nova',
    body: setPasswordInput,
    response: z.object({ token: z.string(), user: publicUser }),
    errors: { 400: MSG.setPasswordTokenInvalid, 429: MSG.tooManyRequests },
    rateLimit: 'auth',
    async handler({ body, services }) {
      const { token, user } = await services.accounts.setPassword(body.token, body.password);
      return { token, user };
    },
  }),
];
