/**
 * What /user/drive shows an account whose membership is not in force (ADR 029): why the files are
 * closed to it and the way in — the checkout for someone who never subscribed, the portal's
 * renewal offer for a member whose period ended, a word from the club for the other cases.
 */
import { Link } from '@tanstack/react-router';
import { DRIVE_MSG } from '../../../shared/drive-schemas';
import type { MemberOverview, MemberSubscription } from '../../../shared/member-schemas';
import { RenewCard } from '../member/SubscriptionPage';
import { buttonClass } from '../ui/Button';

function reasonOf(subscription: MemberSubscription): string {
  switch (subscription.status) {
    case 'pending':
      return DRIVE_MSG.lockedPending;
    case 'pending_payment':
      return DRIVE_MSG.lockedPendingPayment;
    case 'cancelled':
      return DRIVE_MSG.lockedCancelled;
    case 'inactive':
      return DRIVE_MSG.lockedInactive;
    // Expired, or an active period that ended a moment ago (the hourly pass has not run yet).
    default:
      return DRIVE_MSG.lockedExpired;
  }
}

export function FilesLocked({ overview }: { overview: MemberOverview }) {
  const subscription = overview.subscription;
  return (
    <div className="member-stack" data-testid="files-locked">
      <div className="card member-next-step">
        <h2>{DRIVE_MSG.lockedTitle}</h2>
        {subscription ? (
          <p>{reasonOf(subscription)}</p>
        ) : (
          <>
            <p>{DRIVE_MSG.lockedJoin}</p>
            {overview.nextStep === 'verify_email' && <p className="member-muted">{DRIVE_MSG.lockedVerify}</p>}
            <div className="member-actions">
              <a className={buttonClass('primary')} href="/checkout">
                Assinar agora
              </a>
            </div>
          </>
        )}
        {subscription?.status === 'inactive' && (
          <div className="member-actions">
            <Link to="/contato" className={buttonClass('secondary')}>
              Falar com o clube
            </Link>
          </div>
        )}
      </div>
      {subscription?.canRenew && <RenewCard subscription={subscription} />}
    </div>
  );
}
