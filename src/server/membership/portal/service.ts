/**
 * The member portal (docs/product/back-office-and-member-area.md §2 "User layout", docs/product/decisions.md §3.4–§3.6, §4): everything a signed-in
 * member reads or changes of their OWN record. Every function takes the caller (the session's
 * user), never a subscriber id: the record is the one tied to the account (ADR 014), so one member
 * can never reach another's data by sending an id.
 */
import type { MemberProfileInput } from '../../../shared/member-schemas';
import { type Caller, type MemberPortalDeps, type PortalContext } from './deps';
import { exportData, memberPayments, requestDeletion } from './member-data';
import { changePassword, profile, updateProfile } from './profile';
import { cancel, renew, withdrawCancellation } from './renewal';
import { overview, referralsOf } from './subscription';

export type { MemberPortalDeps };
export { daysLeft, MSG_NOT_LINKED, renewalWarning } from './subscription';

export function createMemberPortal(ctx: PortalContext) {
  return {
    overview: (user: Caller) => overview(ctx, user),
    profile: (user: Caller) => profile(ctx, user),
    updateProfile: (user: Caller, input: MemberProfileInput) => updateProfile(ctx, user, input),
    changePassword: (
      user: Caller & { sessionId: string; name?: string; email?: string },
      input: { currentPassword: string; newPassword: string },
      ip?: string,
    ) => changePassword(ctx, user, input, ip),
    renew: (user: Caller) => renew(ctx, user),
    cancel: (user: Caller, reason?: string | null) => cancel(ctx, user, reason),
    withdrawCancellation: (user: Caller) => withdrawCancellation(ctx, user),
    payments: (user: Caller) => memberPayments(ctx, user),
    referrals: (user: Caller, page?: number) => referralsOf(ctx, user, page),
    exportData: (user: Caller) => exportData(ctx, user),
    requestDeletion: (user: Caller, reason?: string | null) => requestDeletion(ctx, user, reason),
  };
}

export type MemberPortal = ReturnType<typeof createMemberPortal>;
