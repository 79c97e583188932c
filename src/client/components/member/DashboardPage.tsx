import { Link } from '@tanstack/react-router';
import { formatDate } from '../../../shared/format';
import type { MemberSubscription } from '../../../shared/member-schemas';
import { buttonClass } from '../ui/Button';
import { MemberGate } from './MemberGate';
import { RenewalWarning } from './RenewalWarning';

/** What the member should do next, from the facts of the membership. */
function nextSteps(subscription: MemberSubscription): string[] {
  const steps: string[] = [];
  switch (subscription.status) {
    case 'pending':
      steps.push(
        'Seu pagamento foi recebido. O clube vai aprovar seu cadastro e você receberá o acesso por email.',
      );
      break;
    case 'pending_payment':
      steps.push('Conclua o pagamento da assinatura para entrar na Confraria.');
      break;
    case 'expired':
      steps.push('Sua assinatura venceu. Renove para voltar a ter acesso.');
      break;
    case 'cancelled':
      steps.push('Sua assinatura foi cancelada. Você pode voltar quando quiser renovando.');
      break;
    case 'inactive':
      steps.push('Sua assinatura está inativa. Fale com o clube para reativá-la.');
      break;
    case 'active':
      if (subscription.cancelRequestedAt && subscription.subscriptionEndDate)
        steps.push(
          `Cancelamento solicitado: seu acesso continua até ${formatDate(subscription.subscriptionEndDate)}.`,
        );
      else if (subscription.renewalWarning) steps.push('Renove sua assinatura antes do vencimento.');
      break;
  }
  // The plan is a membership (group, meetings, classes, summaries): nothing is shipped to the member.
  steps.push(
    'Mantenha seu email e WhatsApp atualizados para receber os avisos do clube: encontros, resumos semanais e compras coletivas.',
  );
  steps.push('Indique amigos e ganhe 10% do valor de cada nova assinatura.');
  return steps;
}

export function DashboardPage() {
  return (
    <section className="member-section member-stack" aria-labelledby="member-section-title">
      <h1 id="member-section-title">Dashboard</h1>
      <MemberGate>
        {(subscription, overview) => (
          <>
            <p className="member-lead">
              Olá, {overview.account.name.split(' ')[0]}! Este é o resumo da sua assinatura.
            </p>
            <RenewalWarning subscription={subscription} />
            <div className="member-grid">
              <div className="card member-stat">
                <span className="member-stat__label">Status</span>
                <span className="member-stat__value">{subscription.statusLabel}</span>
              </div>
              <div className="card member-stat">
                <span className="member-stat__label">Dias restantes</span>
                <span className="member-stat__value">{subscription.daysLeft ?? '—'}</span>
              </div>
              <div className="card member-stat">
                <span className="member-stat__label">Válida até</span>
                <span className="member-stat__value">
                  {subscription.subscriptionEndDate ? formatDate(subscription.subscriptionEndDate) : '—'}
                </span>
              </div>
            </div>
            <div className="card member-card">
              <h2>Próximos passos</h2>
              <ul>
                {nextSteps(subscription).map((step) => (
                  <li key={step}>{step}</li>
                ))}
              </ul>
            </div>
            <nav className="card member-card" aria-label="Atalhos">
              <h2>Atalhos</h2>
              <div className="member-actions">
                <Link to="/user/subscription" className={buttonClass('primary')}>
                  {subscription.canRenew ? 'Renovar assinatura' : 'Minha assinatura'}
                </Link>
                <Link to="/user/profile" className={buttonClass('secondary')}>
                  Atualizar perfil
                </Link>
                <Link to="/user/referrals" className={buttonClass('secondary')}>
                  Indicar amigos
                </Link>
                <Link to="/user/payments" className={buttonClass('secondary')}>
                  Ver pagamentos
                </Link>
              </div>
            </nav>
          </>
        )}
      </MemberGate>
    </section>
  );
}
