/**
 * WhatsApp messages an admin sends one subscriber from the back office (spec 02 §2): the stored
 * templates (welcome, payment reminder, renewal) or a custom text, always through the outbox, each
 * recorded in the subscriber's history as 'messaged'. A reminder or renewal carries a fresh payment
 * link; the welcome carries a new set-password link, so it needs the account approval created.
 */
import { formatDate, formatMoney } from '../../shared/format';
import type { PlanType } from '../../shared/plans';
import { ADMIN_MESSAGE_MSG, type AdminMessageTemplate } from '../../shared/subscriber-messages';
import { SUBSCRIBER_MSG } from '../../shared/subscriber-schemas';
import { AppError } from '../errors';
import type { AccountsService } from './accounts';
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

export function createSubscriberMessages(
  { log }: ServiceDeps,
  deps: {
    subscribers: ReturnType<typeof createSubscribersService>;
    paymentLinks: ReturnType<typeof createPaymentLinksService>;
    accounts: AccountsService;
    outbox: OutboxService;
    lifecycle: SubscriberLifecycle;
  },
) {
  const { subscribers, paymentLinks, accounts, outbox, lifecycle } = deps;

  return {
    async send(input: SendSubscriberMessage, adminId: string) {
      const subscriber = subscribers.getById(input.subscriberId);
      if (!subscriber) throw new AppError('NOT_FOUND', SUBSCRIBER_MSG.notFound);
      if (!subscriber.phone) throw new AppError('BAD_REQUEST', SUBSCRIBER_MSG.phoneMissing);
      const base = { name: subscriber.name, email: subscriber.email };
      let paymentUrl: string | null = null;
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
        // The welcome text carries the way in (a set-password link): only an approved member has an account.
        if (!subscriber.userId) throw new AppError('CONFLICT', ADMIN_MESSAGE_MSG.welcomeNeedsApproval);
        queued = outbox.enqueue({
          channel: 'whatsapp',
          recipient: subscriber.phone,
          template: 'welcome',
          vars: base,
          secretVars: { setPasswordUrl: accounts.createSetPasswordLink(subscriber.userId) },
        });
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
      return { outboxId: queued.id, paymentUrl };
    },
  };
}

export type SubscriberMessages = ReturnType<typeof createSubscriberMessages>;
