import { z } from 'zod';
import { loginInput, publicUser, registerInput } from '../../../shared/auth-schemas';
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
      errors: { 400: 'Email e senha são obrigatórios', 401: 'Email ou senha inválidos', 429: 'Muitas tentativas' },
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
      errors: { 400: 'Dados inválidos', 409: 'Este email já está cadastrado', 429: 'Muitas tentativas' },
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
      errors: { 401: 'Não autenticado' },
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
      handler({ user, services }) {
        services.accounts.logout(user.sessionId);
        return { success: true as const };
      },
    }),
];
