/** Checkout and payments procedures: thin callers of the same services the REST routes use. */
import { z } from 'zod';
import {
  createCheckoutLinkInput,
  createPublicLinkInput,
  processPaymentInput,
} from '../../../shared/checkout-schemas';
import { PLAN_TYPES } from '../../../shared/plans';
import { toLinkDetails } from '../../services/payment-links';
import { PAYMENT_MSG } from '../../services/payments';
import { adminProcedure, authedProcedure, createTRPCRouter, memberProcedure, publicProcedure } from '../init';

const byId = z.object({ id: z.string().trim().min(1).max(64) });

export const paymentsRouter = createTRPCRouter({
  createPublicLink: publicProcedure.input(createPublicLinkInput).mutation(async ({ ctx, input }) => ({
    success: true as const,
    paymentLink: await ctx.services.paymentLinks.createPublic(input, ctx.auth.user),
  })),

  linkStatus: publicProcedure
    .input(byId)
    .query(({ ctx, input }) => ctx.services.paymentLinks.statusPublic(input.id)),

  createCheckoutLink: publicProcedure
    .input(createCheckoutLinkInput)
    .mutation(({ ctx, input }) => ctx.services.paymentLinks.createCheckoutLink(input, ctx.auth.user)),

  process: publicProcedure
    .input(processPaymentInput)
    .mutation(({ ctx, input }) => ctx.services.payments.process(input)),

  status: publicProcedure.input(byId).query(({ ctx, input }) => ctx.services.payments.status(input.id)),

  myLinks: memberProcedure.query(({ ctx }) => ctx.services.paymentLinks.listForUser(ctx.user)),

  linkDetails: authedProcedure
    .input(byId)
    .query(({ ctx, input }) => ctx.services.paymentLinks.detailsFor(input.id, ctx.user)),

  /** A renewal or new-subscription link for a subscriber (back office); renewal only for approved ones. */
  createLinkForSubscriber: adminProcedure
    .input(
      z.object({ subscriberId: z.string().min(1).max(64), planType: z.enum(PLAN_TYPES).default('annual') }),
    )
    .mutation(async ({ ctx, input }) =>
      toLinkDetails(
        await ctx.services.paymentLinks.createForSubscriber(input.subscriberId, input.planType, ctx.user.id),
      ),
    ),

  refund: adminProcedure
    .input(
      z.object({
        paymentId: z.string().min(1).max(64),
        reason: z
          .string({ error: PAYMENT_MSG.refundReasonRequired })
          .trim()
          .min(1, PAYMENT_MSG.refundReasonRequired)
          .max(500),
      }),
    )
    .mutation(async ({ ctx, input }) => {
      const payment = await ctx.services.payments.refund(input.paymentId, input.reason, ctx.user.id);
      return {
        id: payment.id,
        status: payment.status,
        refundedAt: payment.refundedAt?.toISOString() ?? null,
      };
    }),

  providerStatus: adminProcedure.query(({ ctx }) => ctx.services.payments.providerStatus()),
});
