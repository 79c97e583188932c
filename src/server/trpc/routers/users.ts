/** The admin's view of the club's accounts (who can sign in, with which role). */
import { z } from 'zod';
import { adminProcedure, createTRPCRouter } from '../init';

export const usersListInput = z
  .object({
    page: z
      .number({ error: 'Página inválida' })
      .int('Página inválida')
      .min(1, 'Página inválida')
      .max(100_000)
      .default(1),
    search: z.string().trim().max(120).optional(),
  })
  .default({ page: 1 });

export const usersRouter = createTRPCRouter({
  /** Accounts, newest first, 10 a page: `{ users, pagination: { page, limit, total, pages } }`. */
  list: adminProcedure
    .input(usersListInput)
    .query(({ ctx, input }) => ctx.services.accounts.listUsers(input)),
});
