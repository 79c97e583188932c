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
import { AppError } from '../errors';
import { WELCOME_BY_EMAIL_MSG } from '../../shared/identity-schemas';
import type { AccountsService } from './accounts';
import type { Credentials } from './credentials';
import type { ServiceDeps } from './deps';
import type { OutboxService } from './outbox';
import type { createPaymentLinksService } from './payment-links';
import type { SubscriberLifecycle } from './subscriber-lifecycle';
import type { createSubscribersService } from './subscribers';

export interface SendSubscriberMessage {
  subscriberId: string;
  template: AdminMessageTemplate;
  /** The text of a custom message (already trimmed; required for 'custom'). */
  message?: string;
}

export function createSubscriberMessages({
  log,
  subscribers,
  paymentLinks,
  accounts,
  credentials,
  outbox,
  lifecycle,
}: ServiceDeps & {
  subscribers: ReturnType<typeof createSubscribersService>;
  paymentLinks: ReturnType<typeof createPaymentLinksService>;
  accounts: AccountsService;
  credentials: Credentials;
  outbox: OutboxService;
  lifecycle: SubscriberLifecycle;
}) {
  return {
    async send(input: SendSubscriberMessage, adminId: string) {
      const subscriber = subscribers.getById(input.subscriberId);
      if (!subscriber) throw new AppError('NOT_FOUND', SUBSCRIBER_MSG.notFound);
      if (!subscriber.phone) throw new AppError('BAD_REQUEST', SUBSCRIBER_MSG.phoneMissing);
      const base = { name: subscriber.name, email: subscriber.email };
      let paymentUrl: string | null = null;
      let notice: string | null = null;
      let queued;

      if (input.template === 'custom') {
        const text = input.message?.trim() ?? '';
        if (!text) throw new AppError('BAD_REQUEST', ADMIN_MESSAGE_MSG.empty);
        queued = outbox.enqueue({
          channel: 'whatsapp',
          recipient: subscriber.phone,
          template: 'custom',
          vars: { ...base, message: text },
        });
      } else if (input.template === 'welcome') {
        // The welcome gives the way in (a set-password link): only an approved member has an account.
        const account = subscriber.userId ? credentials.accountById(subscriber.userId) : undefined;
        if (!account) throw new AppError('CONFLICT', ADMIN_MESSAGE_MSG.welcomeNeedsApproval);
        if (credentials.isProvenPhone(account.id, subscriber.phone)) {
          queued = outbox.enqueue({
            channel: 'whatsapp',
            recipient: subscriber.phone,
            template: 'welcome',
            vars: base,
            secretVars: { setPasswordUrl: accounts.createSetPasswordLink(account.id) },
          });
        } else {
          // A number the account never proved is a claim: the link goes to the account's e-mail.
          credentials.sendSetPasswordLink(account, 'welcome');
          queued = outbox.enqueue({
            channel: 'whatsapp',
            recipient: subscriber.phone,
            template: 'access_ready',
            vars: { ...base, email: account.email },
          });
          notice = WELCOME_BY_EMAIL_MSG;
        }
      } else {
        // A reminder of a first payment asks for the annual plan; a renewal needs an approved member
        // (the pricing refuses it otherwise, with its own message).
        const planType: PlanType =
          input.template === 'renewal' || subscriber.approvedAt ? 'renewal' : 'annual';
        const link = await paymentLinks.createForSubscriber(subscriber.id, planType, adminId);
        paymentUrl = link.url;
        queued = outbox.enqueue({
          channel: 'whatsapp',
          recipient: subscriber.phone,
          template: input.template,
          vars: {
            ...base,
            amount: formatMoney(link.amount),
            paymentUrl: link.url,
            endDate: subscriber.subscriptionEndDate ? formatDate(subscriber.subscriptionEndDate) : '',
          },
        });
      }

      lifecycle.record({
        subscriberId: subscriber.id,
        event: 'messaged',
        actor: { kind: 'admin', id: adminId },
        details: { template: input.template, channel: 'whatsapp', outboxId: queued.id },
      });
      log.info({ subscriberId: subscriber.id, template: input.template }, 'message queued by an admin');
      return { outboxId: queued.id, paymentUrl, notice };
    },
  };
}

export type SubscriberMessages = ReturnType<typeof createSubscriberMessages>;
