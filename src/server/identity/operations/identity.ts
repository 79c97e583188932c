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
import { defineOperation } from '../../operations/define';
import { confirm } from '../email-changes/confirm';

const message = z.object({ success: z.literal(true), message: z.string() });

export const identityOperations = {
  /** Which of the member's contacts are proven, since when, and a change waiting for confirmation. */
  myContacts: defineOperation({
    kind: 'query',
    access: 'member',
    output: memberContacts,
    run: ({ services, user }) => services.memberContacts.contacts(user),
  }),

  cancelEmailChange: defineOperation({
    kind: 'mutation',
    access: 'member',
    output: message,
    run({ services, user }) {
      services.memberContacts.cancelEmailChange(user);
      return { success: true as const, message: EMAIL_CHANGE_MSG.cancelled };
    },
  }),

  /** A 6-digit code by WhatsApp to the phone of the member's profile, after the current password. */
  requestPhoneCode: defineOperation({
    kind: 'mutation',
    access: 'member',
    rateLimit: 'contactProof',
    input: requestPhoneCodeInput,
    output: message.extend({ phone: z.string() }),
    async run({ services, user, ip }, input) {
      const { phone } = await services.memberContacts.requestPhoneCode(user, input, ip);
      return { success: true as const, message: PHONE_PROOF_MSG.codeSent(phone), phone };
    },
  }),

  confirmPhone: defineOperation({
    kind: 'mutation',
    access: 'member',
    rateLimit: 'contactProof',
    input: phoneCodeInput,
    output: message.extend({ contacts: memberContacts }),
    run: ({ services, user }, input) => ({
      success: true as const,
      message: PHONE_PROOF_MSG.proven,
      contacts: services.memberContacts.confirmPhone(user, input.code),
    }),
  }),

  /**
   * The link of "Confirme seu novo email" (`/confirmar-novo-email?token=…`). Public: whoever holds
   * the new mailbox proves it. The browser that opens it signed in as that account stays signed in.
   */
  confirmEmailChange: defineOperation({
    kind: 'mutation',
    access: 'public',
    rateLimit: 'auth',
    input: confirmEmailChangeInput,
    output: message.extend({ email: z.string() }),
    run({ services, auth }, input) {
      const caller = auth.user && auth.session ? { userId: auth.user.id, sessionId: auth.session.id } : null;
      return { success: true as const, ...confirm(services.emailChanges, input.token, caller) };
    },
  }),
};
