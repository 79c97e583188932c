import type { MemberSubscription } from '../../../shared/member-schemas';
import { formatDate } from '../../../shared/format';

/** Renewal warning (docs/product/back-office-and-member-area.md §9): at 30 days or fewer, urgent at 7 or fewer. */
export function RenewalWarning({ subscription }: { subscription: MemberSubscription }) {
  if (!subscription.renewalWarning || !subscription.subscriptionEndDate) return null;
  const urgent = subscription.renewalWarning === 'urgent';
  const days = subscription.daysLeft ?? 0;
  return (
    <div
      className={`member-warning${urgent ? ' member-warning--urgent' : ''}`}
      role={urgent ? 'alert' : 'status'}
      data-testid="renewal-warning"
    >
      <p>
        <strong>{urgent ? 'Renovação urgente: ' : 'Renovação próxima: '}</strong>
        sua assinatura vence em {days} {days === 1 ? 'dia' : 'dias'} (
        {formatDate(subscription.subscriptionEndDate)}). Renove para continuar com acesso à Confraria.
      </p>
    </div>
  );
}
