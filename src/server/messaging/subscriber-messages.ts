/**
 * WhatsApp messages an admin sends one subscriber from the back office (docs/product/back-office-and-member-area.md §2): the stored
 * templates (welcome, payment reminder, renewal) or a custom text, always through the outbox, each
 * recorded in the subscriber's history as 'messaged'. A reminder or renewal carries a fresh payment
 * link; the welcome gives a new set-password link, so it needs the account approval created, and
 * the link goes only where ADR 027 lets a credential go: by WhatsApp when the record's number is the
 * one the account proved, else by e-mail to the account's own address with a notice on WhatsApp.
 */
import { formatDate, formatMoney } from '../../shared/format';
import type { PlanType } from '../../shared/plans';
import { ADMIN_MESSAGE_MSG, type AdminMessageTemplate } from '../../shared/subscriber-messages';
import { SUBSCRIBER_MSG } from '../../shared/subscriber-schemas';
import { AppError } from '../lib/errors';
import { WELCOME_BY_EMAIL_MSG } from '../../shared/identity-schemas';
import type { Credentials } from '../identity/credentials';
import type { ServiceDeps } from '../lib/deps';
import type { OutboxMessage, OutboxService } from './outbox';
import type { SubscriberLifecycle } from '../membership/subscribers/lifecycle';
import type { createSubscribersService } from '../membership/subscribers/subscribers';
import type { PaymentLinksContext } from '../payments/links/context';
import type { AccountsDeps } from '../identity/accounts/deps';
import { createSetPasswordLink } from '../identity/accounts/account-links';
import { createForSubscriber } from '../payments/links/create-link';

export interface SendSubscriberMessage {
  subscriberId: string;
  template: AdminMessageTemplate;
  /** The text of a custom message (already trimmed; required for 'custom'). */
  message?: string;
}

/** What the back office's messages to one subscriber are built from, by name. */
export type SubscriberMessagesDeps = ServiceDeps & {
  subscribers: ReturnType<typeof createSubscribersService>;
  paymentLinks: PaymentLinksContext;
  accounts: AccountsDeps;
  credentials: Credentials;
  outbox: OutboxService;
  lifecycle: SubscriberLifecycle;
};

type Recipient = NonNullable<ReturnType<SubscriberMessagesDeps['subscribers']['getById']>> & {
  phone: string;
};

/** What one template queued: the message, and the link or notice the admin is shown. */
interface Queued {
  queued: OutboxMessage;
  paymentUrl: string | null;
  notice: string | null;
}

function sendCustom({ outbox }: SubscriberMessagesDeps, subscriber: Recipient, message?: string): Queued {
  const text = message?.trim() ?? '';
  if (!text) throw new AppError('BAD_REQUEST', ADMIN_MESSAGE_MSG.empty);
  const queued = outbox.enqueue({
    channel: 'whatsapp',
    recipient: subscriber.phone,
    template: 'custom',
    vars: { name: subscriber.name, email: subscriber.email, message: text },
  });
  return { queued, paymentUrl: null, notice: null };
}

/** The welcome gives the way in (a set-password link): only an approved member has an account. */
function sendWelcome(deps: SubscriberMessagesDeps, subscriber: Recipient): Queued {
  const { credentials, outbox, accounts } = deps;
  const base = { name: subscriber.name, email: subscriber.email };
  const account = subscriber.userId ? credentials.accountById(subscriber.userId) : undefined;
  if (!account) throw new AppError('CONFLICT', ADMIN_MESSAGE_MSG.welcomeNeedsApproval);
  if (credentials.isProvenPhone(account.id, subscriber.phone)) {
    const queued = outbox.enqueue({
      channel: 'whatsapp',
      recipient: subscriber.phone,
      template: 'welcome',
      vars: base,
      secretVars: { setPasswordUrl: createSetPasswordLink(accounts, account.id) },
    });
    return { queued, paymentUrl: null, notice: null };
  }
  // A number the account never proved is a claim: the link goes to the account's e-mail.
  credentials.sendSetPasswordLink(account, 'welcome');
  const queued = outbox.enqueue({
    channel: 'whatsapp',
    recipient: subscriber.phone,
    template: 'access_ready',
    vars: { ...base, email: account.email },
  });
  return { queued, paymentUrl: null, notice: WELCOME_BY_EMAIL_MSG };
}

/**
 * A payment reminder or a renewal, with a fresh payment link. A reminder of a first payment asks
 * for the annual plan; a renewal needs an approved member (the pricing refuses it otherwise, with
 * its own message).
 */
async function sendWithPaymentLink(
  { paymentLinks, outbox }: SubscriberMessagesDeps,
  subscriber: Recipient,
  template: Exclude<AdminMessageTemplate, 'custom' | 'welcome'>,
  adminId: string,
): Promise<Queued> {
  const planType: PlanType = template === 'renewal' || subscriber.approvedAt ? 'renewal' : 'annual';
  const link = await createForSubscriber(paymentLinks, subscriber.id, planType, adminId);
  const queued = outbox.enqueue({
    channel: 'whatsapp',
    recipient: subscriber.phone,
    template,
    vars: {
      name: subscriber.name,
      email: subscriber.email,
      amount: formatMoney(link.amount),
      paymentUrl: link.url,
      endDate: subscriber.subscriptionEndDate ? formatDate(subscriber.subscriptionEndDate) : '',
    },
  });
  return { queued, paymentUrl: link.url, notice: null };
}

async function send(deps: SubscriberMessagesDeps, input: SendSubscriberMessage, adminId: string) {
  const subscriber = deps.subscribers.getById(input.subscriberId);
  if (!subscriber) throw new AppError('NOT_FOUND', SUBSCRIBER_MSG.notFound);
  if (!subscriber.phone) throw new AppError('BAD_REQUEST', SUBSCRIBER_MSG.phoneMissing);
  const recipient = { ...subscriber, phone: subscriber.phone };
  const { queued, paymentUrl, notice } =
    input.template === 'custom'
      ? sendCustom(deps, recipient, input.message)
      : input.template === 'welcome'
        ? sendWelcome(deps, recipient)
        : await sendWithPaymentLink(deps, recipient, input.template, adminId);

  deps.lifecycle.record({
    subscriberId: subscriber.id,
    event: 'messaged',
    actor: { kind: 'admin', id: adminId },
    details: { template: input.template, channel: 'whatsapp', outboxId: queued.id },
  });
  deps.log.info({ subscriberId: subscriber.id, template: input.template }, 'message queued by an admin');
  return { outboxId: queued.id, paymentUrl, notice };
}

export function createSubscriberMessages(deps: SubscriberMessagesDeps) {
  return {
    send: (input: SendSubscriberMessage, adminId: string) => send(deps, input, adminId),
  };
}
