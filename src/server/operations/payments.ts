/** The back office's payment operations: links for a subscriber, refunds, the provider's status. */
import { z } from 'zod';
import { paymentLinkDetails } from '../../shared/checkout-schemas';
import { PAYMENT_STATUSES, PLAN_TYPES } from '../../shared/plans';
import { toLinkDetails } from '../services/payment-links';
import { PAYMENT_MSG } from '../services/payments';
import { defineOperation } from './define';
import { paymentProviderStatus } from './system';

export const paymentOperations = {
  /** A renewal or new-subscription link for a subscriber; renewal only for approved ones. */
  createLinkForSubscriber: defineOperation({
    kind: 'mutation',
    access: 'admin',
    input: z.object({
      subscriberId: z.string().min(1).max(64),
      planType: z.enum(PLAN_TYPES).default('annual'),
    }),
    output: paymentLinkDetails,
    run: async ({ services, user }, input) =>
      toLinkDetails(
        await services.paymentLinks.createForSubscriber(input.subscriberId, input.planType, user.id),
      ),
  }),

  refund: defineOperation({
    kind: 'mutation',
    access: 'admin',
    input: z.object({
      paymentId: z.string().min(1).max(64),
      reason: z
        .string({ error: PAYMENT_MSG.refundReasonRequired })
        .trim()
        .min(1, PAYMENT_MSG.refundReasonRequired)
        .max(500),
    }),
    output: z.object({ id: z.string(), status: z.enum(PAYMENT_STATUSES), refundedAt: z.string().nullable() }),
    async run({ services, user }, input) {
      const payment = await services.payments.refund(input.paymentId, input.reason, user.id);
      return {
        id: payment.id,
        status: payment.status,
        refundedAt: payment.refundedAt?.toISOString() ?? null,
      };
    },
  }),

  /** Same check as the public /test-api panel, secrets scrubbed by the same service. */
  providerStatus: defineOperation({
    kind: 'query',
    access: 'admin',
    output: paymentProviderStatus,
    run: ({ services }) => services.diagnostics.paymentProvider(),
  }),
};
