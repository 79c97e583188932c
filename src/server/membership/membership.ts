/**
 * "Membership in force": the one rule for what a paid membership gives (the club's files today,
 * the portal's "hasAccess"), decided here and nowhere else (docs/decisions/029-files-and-lgpd-requests.md).
 *
 * In force: `active` with its paid period still running (or no end date: an admin made the member
 * active by hand), or `cancelled` with paid time left (a refund that gave back only the latest
 * period, say). Not in force: `pending` (paid, but the club's approval is what opens the member
 * area), `pending_payment`, `expired`, `inactive`, and an `active` period whose end has passed but
 * that the hourly pass has not expired yet.
 */
import type { PublicUser } from '../../shared/auth-schemas';
import { DRIVE_MSG } from '../../shared/drive-schemas';
import type { Subscriber } from '../db/schema';
import { AppError } from '../lib/errors';
import type { ServiceDeps } from '../lib/deps';
import type { SubscribersService } from './subscribers/subscribers';

type MembershipFacts = Pick<Subscriber, 'status' | 'subscriptionEndDate'>;

export function membershipInForce(subscriber: MembershipFacts | null | undefined, now: Date): boolean {
  if (!subscriber) return false;
  const end = subscriber.subscriptionEndDate;
  switch (subscriber.status) {
    case 'active':
      return end === null || end > now;
    case 'cancelled':
      return end !== null && end > now;
    default:
      return false;
  }
}

/** Who asks for the club's files: the session's account. */
export type FilesViewer = Pick<PublicUser, 'id' | 'role'>;

export function createMembershipAccess({
  clock,
  subscribers,
}: Pick<ServiceDeps, 'clock'> & { subscribers: Pick<SubscribersService, 'findForUser'> }) {
  /** Admins always; anyone else through the record tied to the account (ADR 014). */
  function mayUseFiles(viewer: FilesViewer): boolean {
    if (viewer.role === 'admin') return true;
    return membershipInForce(subscribers.findForUser(viewer), clock.now());
  }

  return {
    mayUseFiles,
    /** 403 with what to do, before anything about a file (even whether it exists) is read. */
    requireFiles(viewer: FilesViewer): void {
      if (!mayUseFiles(viewer)) throw new AppError('FORBIDDEN', DRIVE_MSG.membersOnly);
    },
  };
}

export type MembershipAccess = ReturnType<typeof createMembershipAccess>;
