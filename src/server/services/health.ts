import { sql } from 'drizzle-orm';
import type { ServiceDeps } from './deps';

export function createHealthService({ db }: ServiceDeps) {
  return {
    databaseOk(): boolean {
      try {
        return db.get<{ ok: number }>(sql`select 1 as ok`)?.ok === 1;
      } catch {
        return false;
      }
    },
  };
}
