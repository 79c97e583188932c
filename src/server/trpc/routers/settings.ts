import { createTRPCRouter, publicProcedure } from '../init';

export const settingsRouter = createTRPCRouter({
  /** What the public site and checkout show: contacts, social links, price. */
  public: publicProcedure.query(({ ctx }) => ctx.services.settings.getPublic()),
});
