/** Referrals: the member's own summary (spec 02 §3) and the admin paying a confirmed commission out. */
import { z } from 'zod';
import { REFERRAL_STATUSES } from '../../shared/plans';
import { AppError } from '../errors';
import { defineOperation } from './define';

const referralSummary = z.object({
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
});

export const referralOperations = {
  mine: defineOperation({
    kind: 'query',
    access: 'member',
    output: referralSummary,
    run({ services, user }) {
      const subscriber = services.subscribers.findForUser(user);
      if (!subscriber) throw new AppError('NOT_FOUND', 'Assinante não encontrado');
      return services.referrals.summary(subscriber);
    },
  }),

  markPaid: defineOperation({
    kind: 'mutation',
    access: 'admin',
    input: z.object({ id: z.string().min(1).max(64) }),
    output: z.object({ id: z.string(), status: z.enum(REFERRAL_STATUSES) }),
    run({ services, user }, input) {
      const row = services.referrals.markPaid(input.id, user.id);
      return { id: row.id, status: row.status };
    },
  }),
};
