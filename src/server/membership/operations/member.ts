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
import { renewInput } from '../../../shared/automatic-renewal';
import { PLAN_TYPES } from '../../../shared/plans';
import { defineOperation } from '../../operations/define';
import { overview } from '../portal/subscription';
import { profile, updateProfile, changePassword } from '../portal/profile';
import { renew, cancel, withdrawCancellation } from '../portal/renewal';
import { memberPayments, exportData, requestDeletion } from '../portal/member-data';

const message = z.object({ success: z.literal(true), message: z.string() });

export const memberOperations = {
  /** Status, days left, next step: the dashboard, the header's indicator, every page's gate. */
  overview: defineOperation({
    kind: 'query',
    access: 'member',
    output: memberOverview,
    run: ({ services, user }) => overview(services.memberPortal, user),
  }),

  profile: defineOperation({
    kind: 'query',
    access: 'member',
    output: memberProfile,
    run: ({ services, user }) => profile(services.memberPortal, user),
  }),

  updateProfile: defineOperation({
    kind: 'mutation',
    access: 'member',
    input: memberProfileInput,
    output: z.object({ success: z.literal(true), message: z.string(), profile: memberProfile }),
    run: ({ services, user }, input) => ({
      success: true as const,
      message: MEMBER_MSG.profileSaved,
      profile: updateProfile(services.memberPortal, user, input),
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
      await changePassword(services.memberPortal, user, input, ip);
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
    // Optional: automatic renewal ticked at this checkout, with the sentence the box showed.
    input: renewInput.optional(),
    run: ({ services, user }, input) => renew(services.memberPortal, user, input),
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
      subscription: cancel(services.memberPortal, user, input.reason),
    }),
  }),

  withdrawCancellation: defineOperation({
    kind: 'mutation',
    access: 'member',
    output: message.extend({ subscription: memberSubscription }),
    run: ({ services, user }) => ({
      success: true as const,
      message: MEMBER_MSG.cancelWithdrawn,
      subscription: withdrawCancellation(services.memberPortal, user),
    }),
  }),

  payments: defineOperation({
    kind: 'query',
    access: 'member',
    output: z.object({ success: z.literal(true), payments: z.array(memberPayment) }),
    run: ({ services, user }) => ({
      success: true as const,
      payments: memberPayments(services.memberPortal, user),
    }),
  }),

  /** LGPD: everything held about the member, as JSON. */
  exportData: defineOperation({
    kind: 'query',
    access: 'member',
    rateLimit: 'lookup',
    output: memberDataExport,
    run: ({ services, user }) => exportData(services.memberPortal, user),
  }),

  /** LGPD: asks the club to erase the member's data (payments are kept). */
  requestDeletion: defineOperation({
    kind: 'mutation',
    access: 'member',
    input: deletionInput,
    output: message.extend({ requestedAt: z.string() }),
    run({ services, user }, input) {
      const result = requestDeletion(services.memberPortal, user, input.reason);
      return {
        success: true as const,
        message: result.alreadyRequested ? MEMBER_MSG.deletionAlreadyRequested : MEMBER_MSG.deletionRequested,
        requestedAt: result.requestedAt,
      };
    },
  }),
};
