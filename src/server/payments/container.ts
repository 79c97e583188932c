/**
 * The checkout and payments domain wired together (subscribers, referrals, payment links,
 * payments, CEP), built once per app from the shared dependencies and the provider chosen by the
 * configuration. Every factory takes its dependencies by name.
 */
import { createPaymentProvider } from './providers';
import { createCepService } from '../public-site/cep';
import type { ServiceDeps } from '../lib/deps';
import type { OutboxService } from '../messaging/outbox';
import type { AutomaticRenewalDeps } from './automatic-renewal/context';
import { createPaymentDetail } from './admin/detail';
import { createPaymentHistory } from './history';
import { createPaymentsService } from './payments';
import { createSubscriberLifecycle } from '../membership/subscribers/lifecycle';
import type { SettingsService } from '../settings/settings';
import { createSubscribersService } from '../membership/subscribers/subscribers';
import type { AccountsDeps } from '../identity/accounts/deps';
import { createReferralsContext } from '../referrals/context';
import { createConfirmationContext } from './confirmation/context';
import { createPaymentLinksContext } from './links/context';
import { createReconciliationContext } from './reconciliation/context';

export interface PaymentServicesDeps extends ServiceDeps {
  settings: SettingsService;
  outbox: OutboxService;
  accounts: AccountsDeps;
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
  const referrals = createReferralsContext(shared);
  const lifecycle = createSubscriberLifecycle(shared);
  const paymentHistory = createPaymentHistory(shared);
  const paymentConfirmation = createConfirmationContext({
    ...shared,
    settings,
    outbox,
    referrals,
    lifecycle,
    history: paymentHistory,
  });
  const paymentLinks = createPaymentLinksContext({
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
  const reconciliation = createReconciliationContext({
    ...shared,
    provider,
    paymentLinks,
    confirmation: paymentConfirmation,
  });
  // Automatic annual renewal (ADR 052): plain functions over these named dependencies.
  const automaticRenewal: AutomaticRenewalDeps = {
    ...shared,
    provider,
    settings,
    outbox,
    confirmation: paymentConfirmation,
    lifecycle,
    subscribers,
  };
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
    automaticRenewal,
    cep,
  };
}
