/** Reading accounts: by e-mail or id, the person's own, the admin's paged list. */
import { count, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { PublicUser } from '../../../shared/auth-schemas';
import { normalizedEmail } from '../../../shared/email-address';
import { MSG } from '../../../shared/messages';
import { users } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { ServiceDeps } from '../../lib/deps';
import { likeTerm } from '../../lib/like-term';
import { pageOffset, paginationOf } from '../../lib/paging';

export const USERS_PAGE_SIZE = 10;

/** What a person sees of their own account (and an admin of everyone's). Dates as ISO strings. */
export interface AccountView extends PublicUser {
  createdAt: string;
}

export interface Pagination {
  page: number;
  limit: number;
  total: number;
  pages: number;
}

export const toPublicUser = (row: typeof users.$inferSelect): PublicUser => ({
  id: row.id,
  name: row.name,
  email: row.email,
  role: row.role,
});

const accountColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  role: users.role,
  createdAt: users.createdAt,
};
const toAccountView = (row: PublicUser & { createdAt: Date }): AccountView => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
});

export function findByEmail({ db }: Pick<ServiceDeps, 'db'>, email: string) {
  return db
    .select()
    .from(users)
    .where(eq(users.email, normalizedEmail(email)))
    .get();
}

export function getUser({ db }: Pick<ServiceDeps, 'db'>, id: string): PublicUser | undefined {
  const row = db.select().from(users).where(eq(users.id, id)).get();
  return row && toPublicUser(row);
}

export function hasAdmin({ db }: Pick<ServiceDeps, 'db'>): boolean {
  return db.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).limit(1).get() !== undefined;
}

/** The signed-in person's own account. */
export function getAccount({ db }: Pick<ServiceDeps, 'db'>, userId: string): AccountView {
  const row = db.select(accountColumns).from(users).where(eq(users.id, userId)).get();
  if (!row) throw new AppError('NOT_FOUND', MSG.notFound);
  return toAccountView(row);
}

/** Case-insensitive substring match where `%` and `_` typed by a person stay literal characters. */
function contains(column: typeof users.name | typeof users.email, text: string): SQL {
  return sql`${column} like ${likeTerm(text)} escape '\\'`;
}

/** Every account, newest first, a page at a time; `search` matches name or e-mail. */
export function listUsers(
  { db }: Pick<ServiceDeps, 'db'>,
  { page = 1, search }: { page?: number; search?: string } = {},
): { users: AccountView[]; pagination: Pagination } {
  const limit = USERS_PAGE_SIZE;
  const term = search?.trim().toLowerCase();
  const where: SQL | undefined = term
    ? or(contains(users.name, term), contains(users.email, term))
    : undefined;
  const total = db.select({ total: count() }).from(users).where(where).get()?.total ?? 0;
  const rows = db
    .select(accountColumns)
    .from(users)
    .where(where)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(limit)
    .offset(pageOffset({ page, limit }))
    .all();
  return {
    users: rows.map(toAccountView),
    pagination: paginationOf({ page, limit }, total, 0),
  };
}
