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
import { procedureFor } from '../../operations/procedure';
import { overview } from '../portal/subscription';
import { profile, updateProfile, changePassword } from '../portal/profile';
import { renew, cancel, withdrawCancellation } from '../portal/renewal';
import { memberPayments, exportData, requestDeletion } from '../portal/member-data';

const message = z.object({ success: z.literal(true), message: z.string() });

export const memberProcedures = {
  /** Status, days left, next step: the dashboard, the header's indicator, every page's gate. */
  overview: procedureFor('member')
    .output(memberOverview)
    .query(({ ctx: { services, user } }) => overview(services.memberPortal, user)),

  profile: procedureFor('member')
    .output(memberProfile)
    .query(({ ctx: { services, user } }) => profile(services.memberPortal, user)),

  updateProfile: procedureFor('member')
    .input(memberProfileInput)
    .output(z.object({ success: z.literal(true), message: z.string(), profile: memberProfile }))
    .mutation(({ ctx: { services, user }, input }) => ({
      success: true as const,
      message: MEMBER_MSG.profileSaved,
      profile: updateProfile(services.memberPortal, user, input),
    })),

  changeEmail: procedureFor('member')
    .meta({ rateLimit: 'auth' })
    .input(changeEmailInput)
    .output(message.extend({ email: z.string() }))
    // Effective only once the new address confirms it (ADR 027); `email` is the address waiting.
    .mutation(async ({ ctx: { services, user, ip }, input }) => {
      const { newEmail } = await services.memberContacts.changeEmail(user, input, ip);
      return { success: true as const, message: EMAIL_CHANGE_MSG.requested, email: newEmail };
    }),

  changePassword: procedureFor('member')
    .meta({ rateLimit: 'auth' })
    .input(changePasswordInput)
    .output(message)
    .mutation(async ({ ctx: { services, user, ip }, input }) => {
      await changePassword(services.memberPortal, user, input, ip);
      return { success: true as const, message: MEMBER_MSG.passwordChanged };
    }),

  /** A payment link to renew: 89700 for members approved before, 149700 otherwise. */
  renew: procedureFor('member')
    .meta({ rateLimit: 'checkout' })
    // Optional: automatic renewal ticked at this checkout, with the sentence the box showed.
    .input(renewInput.optional())
    .output(
      z.object({
        id: z.string(),
        url: z.string(),
        planType: z.enum(PLAN_TYPES),
        amount: z.number().int(),
      }),
    )
    .mutation(({ ctx: { services, user }, input }) => renew(services.memberPortal, user, input)),

  /** "Cancele quando quiser" (docs/product/decisions.md §3.5): a mark; access lasts to the end of the paid period. */
  cancel: procedureFor('member')
    .input(cancelInput)
    .output(message.extend({ subscription: memberSubscription }))
    .mutation(({ ctx: { services, user }, input }) => ({
      success: true as const,
      message: MEMBER_MSG.cancelled,
      subscription: cancel(services.memberPortal, user, input.reason),
    })),

  withdrawCancellation: procedureFor('member')
    .output(message.extend({ subscription: memberSubscription }))
    .mutation(({ ctx: { services, user } }) => ({
      success: true as const,
      message: MEMBER_MSG.cancelWithdrawn,
      subscription: withdrawCancellation(services.memberPortal, user),
    })),

  payments: procedureFor('member')
    .output(z.object({ success: z.literal(true), payments: z.array(memberPayment) }))
    .query(({ ctx: { services, user } }) => ({
      success: true as const,
      payments: memberPayments(services.memberPortal, user),
    })),

  /** LGPD: everything held about the member, as JSON. */
  exportData: procedureFor('member')
    .meta({ rateLimit: 'lookup' })
    .output(memberDataExport)
    .query(({ ctx: { services, user } }) => exportData(services.memberPortal, user)),

  /** LGPD: asks the club to erase the member's data (payments are kept). */
  requestDeletion: procedureFor('member')
    .input(deletionInput)
    .output(message.extend({ requestedAt: z.string() }))
    .mutation(({ ctx: { services, user }, input }) => {
      const result = requestDeletion(services.memberPortal, user, input.reason);
      return {
        success: true as const,
        message: result.alreadyRequested ? MEMBER_MSG.deletionAlreadyRequested : MEMBER_MSG.deletionRequested,
        requestedAt: result.requestedAt,
      };
    }),
};
