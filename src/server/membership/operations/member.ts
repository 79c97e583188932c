/**
 * The member portal (docs/product/back-office-and-member-area.md §2 "User layout", docs/product/decisions.md §3.4–§3.6, §4): tRPC namespace `member`.
 * Every operation is `member` access and reaches only the caller's own record: the services derive
 * the subscriber from the session's user, and no input carries an id.
 */
import { z } from 'zod';
import {
  cancelInput,
  changeEmailInput,
  changePasswordInput,
  deletionInput,
  MEMBER_MSG,
  memberDataExport,
  memberOverview,
  memberPayment,
  memberProfile,
  memberProfileInput,
  memberSubscription,
} from '../../../shared/member-schemas';
import { EMAIL_CHANGE_MSG } from '../../../shared/identity-schemas';
import { PLAN_TYPES } from '../../../shared/plans';
import { defineOperation } from '../../operations/define';

const message = z.object({ success: z.literal(true), message: z.string() });

export const memberOperations = {
  /** Status, days left, next step: the dashboard, the header's indicator, every page's gate. */
  overview: defineOperation({
    kind: 'query',
    access: 'member',
    output: memberOverview,
    run: ({ services, user }) => services.memberPortal.overview(user),
  }),

  profile: defineOperation({
    kind: 'query',
    access: 'member',
    output: memberProfile,
    run: ({ services, user }) => services.memberPortal.profile(user),
  }),

  updateProfile: defineOperation({
    kind: 'mutation',
    access: 'member',
    input: memberProfileInput,
    output: z.object({ success: z.literal(true), message: z.string(), profile: memberProfile }),
    run: ({ services, user }, input) => ({
      success: true as const,
      message: MEMBER_MSG.profileSaved,
      profile: services.memberPortal.updateProfile(user, input),
    }),
  }),

  changeEmail: defineOperation({
    kind: 'mutation',
    access: 'member',
    rateLimit: 'auth',
    input: changeEmailInput,
    output: message.extend({ email: z.string() }),
    // Effective only once the new address confirms it (ADR 027); `email` is the address waiting.
    async run({ services, user, ip }, input) {
      const { newEmail } = await services.memberContacts.changeEmail(user, input, ip);
      return { success: true as const, message: EMAIL_CHANGE_MSG.requested, email: newEmail };
    },
  }),

  changePassword: defineOperation({
    kind: 'mutation',
    access: 'member',
    rateLimit: 'auth',
    input: changePasswordInput,
    output: message,
    async run({ services, user, ip }, input) {
      await services.memberPortal.changePassword(user, input, ip);
      return { success: true as const, message: MEMBER_MSG.passwordChanged };
    },
  }),

  /** A payment link to renew: 89700 for members approved before, 149700 otherwise. */
  renew: defineOperation({
    kind: 'mutation',
    access: 'member',
    rateLimit: 'checkout',
    output: z.object({
      id: z.string(),
      url: z.string(),
      planType: z.enum(PLAN_TYPES),
      amount: z.number().int(),
    }),
    run: ({ services, user }) => services.memberPortal.renew(user),
  }),

  /** "Cancele quando quiser" (docs/product/decisions.md §3.5): a mark; access lasts to the end of the paid period. */
  cancel: defineOperation({
    kind: 'mutation',
    access: 'member',
    input: cancelInput,
    output: message.extend({ subscription: memberSubscription }),
    run: ({ services, user }, input) => ({
      success: true as const,
      message: MEMBER_MSG.cancelled,
      subscription: services.memberPortal.cancel(user, input.reason),
    }),
  }),

  withdrawCancellation: defineOperation({
    kind: 'mutation',
    access: 'member',
    output: message.extend({ subscription: memberSubscription }),
    run: ({ services, user }) => ({
      success: true as const,
      message: MEMBER_MSG.cancelWithdrawn,
      subscription: services.memberPortal.withdrawCancellation(user),
    }),
  }),

  payments: defineOperation({
    kind: 'query',
    access: 'member',
    output: z.object({ success: z.literal(true), payments: z.array(memberPayment) }),
    run: ({ services, user }) => ({ success: true as const, payments: services.memberPortal.payments(user) }),
  }),

  /** LGPD: everything held about the member, as JSON. */
  exportData: defineOperation({
    kind: 'query',
    access: 'member',
    rateLimit: 'lookup',
    output: memberDataExport,
    run: ({ services, user }) => services.memberPortal.exportData(user),
  }),

  /** LGPD: asks the club to erase the member's data (payments are kept). */
  requestDeletion: defineOperation({
    kind: 'mutation',
    access: 'member',
    input: deletionInput,
    output: message.extend({ requestedAt: z.string() }),
    run({ services, user }, input) {
      const result = services.memberPortal.requestDeletion(user, input.reason);
      return {
        success: true as const,
        message: result.alreadyRequested ? MEMBER_MSG.deletionAlreadyRequested : MEMBER_MSG.deletionRequested,
        requestedAt: result.requestedAt,
      };
    },
  }),
};
