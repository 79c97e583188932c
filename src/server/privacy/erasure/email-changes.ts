/** Changes of e-mail asked for the person: pending or done, they name old and new addresses. */
import { eq, or, type SQL } from 'drizzle-orm';
import { emailChanges } from '../../db/schema';
import type { DataErasureDeps } from './subject';

/**
 * Deletes every change of e-mail of the account or the record (a pending one can no longer be
 * confirmed) and returns the addresses they named, whose messages are scrubbed next.
 */
export function dropEmailChanges(
  { db }: DataErasureDeps,
  userId: string | null,
  subscriberId: string | null,
): string[] {
  const mine: SQL[] = [];
  if (userId) mine.push(eq(emailChanges.userId, userId));
  if (subscriberId) mine.push(eq(emailChanges.subscriberId, subscriberId));
  if (!mine.length) return [];
  const rows = db
    .select({ oldEmail: emailChanges.oldEmail, newEmail: emailChanges.newEmail })
    .from(emailChanges)
    .where(or(...mine))
    .all();
  db.delete(emailChanges)
    .where(or(...mine))
    .run();
  return rows.flatMap((row) => [row.oldEmail, row.newEmail]);
}
