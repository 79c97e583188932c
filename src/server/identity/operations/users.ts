/** The admin's view of the club's accounts (who can sign in, with which role). */
import { z } from 'zod';
import { publicUser } from '../../../shared/auth-schemas';
import { procedureFor } from '../../operations/procedure';
import { pagination } from '../../lib/output';
import { listUsers } from '../accounts/account-reads';

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

export const userProcedures = {
  /** Accounts, newest first, 10 a page: `{ users, pagination: { page, limit, total, pages } }`. */
  list: procedureFor('admin')
    .input(usersListInput)
    .output(z.object({ users: z.array(publicUser.extend({ createdAt: z.string() })), pagination }))
    .query(({ ctx: { services }, input }) => listUsers(services.accounts, input)),
};
