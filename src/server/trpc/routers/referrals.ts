/** Referral procedures: the member's own summary, and the admin paying a confirmed commission out. */
import { z } from 'zod';
import { AppError } from '../../errors';
import { adminProcedure, createTRPCRouter, memberProcedure } from '../init';

export const referralsRouter = createTRPCRouter({
  /** The member's referral page (spec 02 §3 "Referral summary"). */
  mine: memberProcedure.query(({ ctx }) => {
    const subscriber = ctx.services.subscribers.findForUser(ctx.user);
    if (!subscriber) throw new AppError('NOT_FOUND', 'Assinante não encontrado');
    return ctx.services.referrals.summary(subscriber);
  }),

  markPaid: adminProcedure.input(z.object({ id: z.string().min(1).max(64) })).mutation(({ ctx, input }) => {
    const row = ctx.services.referrals.markPaid(input.id, ctx.user.id);
    return { id: row.id, status: row.status };
  }),
});
