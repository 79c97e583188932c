/**
 * The checkout and payments domain wired together (subscribers, referrals, payment links,
 * payments, CEP), built once per app from the shared dependencies and the provider chosen by the
 * configuration. Every factory takes its dependencies by name.
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

export interface PaymentServicesDeps extends ServiceDeps {
  settings: SettingsService;
  outbox: OutboxService;
  accounts: AccountsService;
}

export function createPaymentServices(deps: PaymentServicesDeps) {
  const { settings, outbox, accounts, ...shared } = deps;
  const provider = createPaymentProvider({
    env: shared.env,
    log: shared.log,
    settings: () => settings.get(),
    now: () => shared.clock.now(),
  });
  const subscribers = createSubscribersService(shared);
  const referrals = createReferralsService(shared);
  const lifecycle = createSubscriberLifecycle(shared);
  const paymentHistory = createPaymentHistory(shared);
  const paymentConfirmation = createPaymentConfirmation({
    ...shared,
    settings,
    outbox,
    referrals,
    lifecycle,
    history: paymentHistory,
  });
  const paymentLinks = createPaymentLinksService({
    ...shared,
    provider,
    settings,
    subscribers,
    confirmation: paymentConfirmation,
    outbox,
  });
  const payments = createPaymentsService({
    ...shared,
    provider,
    settings,
    outbox,
    accounts,
    subscribers,
    paymentLinks,
    confirmation: paymentConfirmation,
  });
  const reconciliation = createPaymentReconciliation({
    ...shared,
    provider,
    paymentLinks,
    confirmation: paymentConfirmation,
  });
  const cep = createCepService(shared);
  const paymentDetail = createPaymentDetail({ ...shared, history: paymentHistory });
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
