/**
 * The contact form's input (docs/product/public-site-and-checkout.md §3, §5): the same zod schema checks the browser's payload on
 * the server, for REST and tRPC alike, with the Portuguese messages the form shows.
 * `to` is accepted because the old client sends it, and then ignored: the server always writes to
 * the club's configured address, so nobody can relay mail through the form.
 */
import { z } from 'zod';
import { CONTACT_LIMITS, CONTACT_MSG } from './contact-texts';
import { emailField, requiredText } from './fields/schemas';
import { MSG } from './messages';
import './zod-config';

export const contactInput = z.object({
  name: requiredText(MSG.nameRequired, CONTACT_LIMITS.name, CONTACT_MSG.nameTooLong),
  // The address is forwarded as typed (the club replies to it), so its case is kept.
  email: emailField({ required: MSG.emailRequired, invalid: MSG.emailInvalid }, { keepCase: true }),
  subject: requiredText(CONTACT_MSG.subjectRequired, CONTACT_LIMITS.subject, CONTACT_MSG.subjectTooLong),
  message: requiredText(CONTACT_MSG.messageRequired, CONTACT_LIMITS.message, CONTACT_MSG.messageTooLong),
  /** Sent by the spec's client; never used (see the module comment). */
  to: z.unknown().optional(),
});

export type ContactInput = z.input<typeof contactInput>;
export type ContactMessageInput = z.output<typeof contactInput>;
