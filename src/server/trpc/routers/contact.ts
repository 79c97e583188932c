import { contactInput } from '../../../shared/contact';
import { createTRPCRouter, publicProcedure } from '../init';

export const contactRouter = createTRPCRouter({
  /** The contact form (rate-limited with POST /api/emails/contact: group `contact`). */
  send: publicProcedure.input(contactInput).mutation(({ ctx, input }) => {
    ctx.services.contact.send(input);
    return { success: true as const };
  }),
});
