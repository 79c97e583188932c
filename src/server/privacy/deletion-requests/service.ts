/**
 * Members' requests to erase their personal data (LGPD art. 18, VI; ADR 029), from the portal to the
 * owner: each request is a row with its legal deadline (15 São Paulo calendar days after the day it
 * was made), the admins are e-mailed when one arrives, the back office lists them and completes one
 * by erasing the data (data-erasure.ts) — once, whoever clicks first.
 */
import type { DeletionRequestFilter } from '../../../shared/privacy-schemas';
import type { Subscriber } from '../../db/schema';
import { complete, list, summary } from './back-office';
import type { RequestsContext } from './deps';
import { latestFor, open } from './member-request';

export {
  daysToDeadline,
  DELETION_REQUESTED_EVENT,
  DELETION_REQUESTS_PAGE_SIZE,
  deletionDueAt,
  type DeletionRequestsDeps,
} from './deps';

export function createDeletionRequests(ctx: RequestsContext) {
  return {
    open: (subscriber: Subscriber, userId: string | null, reason: string | null) =>
      open(ctx, subscriber, userId, reason),
    latestFor: (subscriberId: string) => latestFor(ctx, subscriberId),
    list: (filter: DeletionRequestFilter, page: number) => list(ctx, filter, page),
    summary: () => summary(ctx),
    complete: (id: string, adminId: string) => complete(ctx, id, adminId),
  };
}

export type DeletionRequests = ReturnType<typeof createDeletionRequests>;
