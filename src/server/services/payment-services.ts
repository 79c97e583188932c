/**
 * The checkout and payments domain wired together (subscribers, referrals, payment links,
 * payments, CEP), built once per app from the shared dependencies and the provider chosen by the
 * configuration.
 */
import { createPaymentProvider } from '../providers/payment';
import type { AccountsService } from './accounts';
import { createCepService } from './cep';
import type { ServiceDeps } from './deps';
import type { OutboxService } from './outbox';
import { createPaymentConfirmation } from './payment-confirmation';
import { createPaymentDetail } from './payment-detail';
import { createPaymentHistory } from './payment-history';
import { createPaymentLinksService } from './payment-links';
import { createPaymentsService } from './payments';
import { createPaymentReconciliation } from './payment-reconciliation';
import { createReferralsService } from './referrals';
import { createSubscriberLifecycle } from './subscriber-lifecycle';
import type { SettingsService } from './settings';
import { createSubscribersService } from './subscribers';

export function createPaymentServices(
  deps: ServiceDeps,
  shared: { settings: SettingsService; outbox: OutboxService; accounts: AccountsService },
) {
  const { settings, outbox, accounts } = shared;
  const provider = createPaymentProvider(deps.env, deps.log, {
    settings: () => settings.get(),
    now: () => deps.clock.now(),
  });
  const subscribers = createSubscribersService(deps);
  const referrals = createReferralsService(deps);
  const lifecycle = createSubscriberLifecycle(deps);
  const paymentHistory = createPaymentHistory(deps);
  const paymentConfirmation = createPaymentConfirmation(
    deps,
    settings,
    outbox,
    referrals,
    lifecycle,
    paymentHistory,
  );
  const paymentLinks = createPaymentLinksService(
    deps,
    provider,
    settings,
    subscribers,
    paymentConfirmation,
    outbox,
  );
  const payments = createPaymentsService(
    deps,
    provider,
    settings,
    outbox,
    accounts,
    subscribers,
    paymentLinks,
    paymentConfirmation,
  );
  const reconciliation = createPaymentReconciliation(deps, provider, paymentLinks, paymentConfirmation);
  const cep = createCepService(deps);
  const paymentDetail = createPaymentDetail(deps, paymentHistory);
  return {
    paymentHistory,
    paymentDetail,
    subscribers,
    lifecycle,
    referrals,
    paymentConfirmation,
    paymentLinks,
    payments,
    reconciliation,
    cep,
  };
}
