import { sql } from 'drizzle-orm';
import type { ServiceDeps } from './deps';

export function createHealthService({ db }: ServiceDeps) {
  // Prepared once: monitors poll /api/health, and drizzle re-prepares one-off queries on every call.
  const ping = db
    .select({ ok: sql<number>`1` })
    .from(sql`(select 1)`)
    .prepare();
  return {
    databaseOk(): boolean {
      try {
        return ping.get()?.ok === 1;
      } catch {
        return false;
      }
    },
  };
}
