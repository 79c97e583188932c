/**
 * Proven contacts (ADR 027), tRPC namespace `identity`: the member's own contacts and their
 * proofs (the WhatsApp code, the pending change of sign-in address), and the public use of the
 * link that confirms a new address.
 */
import { z } from 'zod';
import {
  EMAIL_CHANGE_MSG,
  PHONE_PROOF_MSG,
  confirmEmailChangeInput,
  memberContacts,
  phoneCodeInput,
  requestPhoneCodeInput,
} from '../../../shared/identity-schemas';
import { procedureFor } from '../../operations/procedure';
import { confirm } from '../email-changes/confirm';

const message = z.object({ success: z.literal(true), message: z.string() });

export const identityProcedures = {
  /** Which of the member's contacts are proven, since when, and a change waiting for confirmation. */
  myContacts: procedureFor('member')
    .output(memberContacts)
    .query(({ ctx: { services, user } }) => services.memberContacts.contacts(user)),

  cancelEmailChange: procedureFor('member')
    .output(message)
    .mutation(({ ctx: { services, user } }) => {
      services.memberContacts.cancelEmailChange(user);
      return { success: true as const, message: EMAIL_CHANGE_MSG.cancelled };
    }),

  /** A 6-digit code by WhatsApp to the phone of the member's profile, after the current password. */
  requestPhoneCode: procedureFor('member')
    .meta({ rateLimit: 'contactProof' })
    .input(requestPhoneCodeInput)
    .output(message.extend({ phone: z.string() }))
    .mutation(async ({ ctx: { services, user, ip }, input }) => {
      const { phone } = await services.memberContacts.requestPhoneCode(user, input, ip);
      return { success: true as const, message: PHONE_PROOF_MSG.codeSent(phone), phone };
    }),

  confirmPhone: procedureFor('member')
    .meta({ rateLimit: 'contactProof' })
    .input(phoneCodeInput)
    .output(message.extend({ contacts: memberContacts }))
    .mutation(({ ctx: { services, user }, input }) => ({
      success: true as const,
      message: PHONE_PROOF_MSG.proven,
      contacts: services.memberContacts.confirmPhone(user, input.code),
    })),

  /**
   * The link of "Confirme seu novo email" (`/confirmar-novo-email?token=…`). Public: whoever holds
   * the new mailbox proves it. The browser that opens it signed in as that account stays signed in.
   */
  confirmEmailChange: procedureFor('public')
    .meta({ rateLimit: 'auth' })
    .input(confirmEmailChangeInput)
    .output(message.extend({ email: z.string() }))
    .mutation(({ ctx: { services, auth }, input }) => {
      const caller = auth.user && auth.session ? { userId: auth.user.id, sessionId: auth.session.id } : null;
      return { success: true as const, ...confirm(services.emailChanges, input.token, caller) };
    }),
};
