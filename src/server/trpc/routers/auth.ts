import {
  forgotPasswordInput,
  loginInput,
  registerInput,
  setPasswordInput,
} from '../../../shared/auth-schemas';
import { MSG } from '../../../shared/messages';
import { authedProcedure, createTRPCRouter, memberProcedure, publicProcedure } from '../init';

export const authRouter = createTRPCRouter({
  /** The signed-in person, or null: the client's session query. */
  me: publicProcedure.query(({ ctx }) => ctx.auth.user),

  /** The member's own account (the portal's profile header and "membro desde"). */
  account: memberProcedure.query(({ ctx }) => ctx.services.accounts.getAccount(ctx.user.id)),

  login: publicProcedure.input(loginInput).mutation(async ({ ctx, input }) => {
    const result = await ctx.services.accounts.login(input);
    ctx.sessionCookie.set(result.token, result.expiresAt);
    return { user: result.user };
  }),

  register: publicProcedure.input(registerInput).mutation(async ({ ctx, input }) => {
    const result = await ctx.services.accounts.register(input, {
      allowRole: ctx.auth.user?.role === 'admin',
    });
    // An admin creating an account stays signed in as themselves.
    if (ctx.auth.user?.role !== 'admin') ctx.sessionCookie.set(result.token, result.expiresAt);
    return { user: result.user };
  }),

  logout: authedProcedure.mutation(({ ctx }) => {
    ctx.services.accounts.logout(ctx.user.sessionId);
    ctx.sessionCookie.clear();
    return { success: true };
  }),

  forgotPassword: publicProcedure.input(forgotPasswordInput).mutation(({ ctx, input }) => {
    ctx.services.accounts.requestPasswordReset(input.email);
    return { message: MSG.forgotPasswordSent };
  }),

  setPassword: publicProcedure.input(setPasswordInput).mutation(async ({ ctx, input }) => {
    const result = await ctx.services.accounts.setPassword(input.token, input.password);
    ctx.sessionCookie.set(result.token, result.expiresAt);
    return { user: result.user };
  }),
});
