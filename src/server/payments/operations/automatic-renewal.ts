/**
 * Automatic annual renewal (docs/decisions/052-automatic-renewal.md): tRPC namespace
 * `automaticRenewal`. The member reads and changes only their own record (no id in the input);
 * an admin reads any member's and may turn it off, never on.
 */
import { z } from 'zod';
import {
  AUTOMATIC_RENEWAL_MSG,
  automaticRenewalAdminView,
  automaticRenewalView,
  turnOffAnswer,
  turnOnInput,
} from '../../../shared/automatic-renewal';
import { AppError } from '../../lib/errors';
import type { SessionUser } from '../../operations/define';
import { procedureFor } from '../../operations/procedure';
import type { Services } from '../../services';
import { adminViewOf, subscriberById, turnOff, turnOn, viewOf } from '../automatic-renewal/choice';
import { recordId } from '../../../shared/record-id';

const subscriberInput = z.object({ subscriberId: recordId });

function ownRecord(services: Services, user: SessionUser) {
  const subscriber = services.automaticRenewal.subscribers.findForUser(user);
  if (!subscriber) throw new AppError('NOT_FOUND', AUTOMATIC_RENEWAL_MSG.subscriberNotFound);
  return subscriber;
}

export const automaticRenewalProcedures = {
  /** "Minha Assinatura": the card (brand, last four, expiry), the next date and amount, the sentence to agree to. */
  mine: procedureFor('member')
    .output(automaticRenewalView)
    .query(({ ctx: { services, user } }) => viewOf(services.automaticRenewal, ownRecord(services, user))),

  /** On, agreeing to the sentence the read offered (recorded in the member's history). */
  turnOn: procedureFor('member')
    .meta({ rateLimit: 'checkout' })
    .input(turnOnInput)
    .output(z.object({ success: z.literal(true), message: z.string(), view: automaticRenewalView }))
    .mutation(({ ctx: { services, user }, input }) => {
      const subscriber = ownRecord(services, user);
      const done = turnOn(
        services.automaticRenewal,
        subscriber,
        { kind: 'member', id: user.id },
        input.consentText,
      );
      return { success: true as const, ...done };
    }),

  /** Off at once, in one call; the member is told by e-mail. */
  turnOff: procedureFor('member')
    .meta({ rateLimit: 'checkout' })
    .output(turnOffAnswer)
    .mutation(({ ctx: { services, user } }) => {
      const subscriber = ownRecord(services, user);
      return {
        success: true as const,
        ...turnOff(services.automaticRenewal, subscriber, { kind: 'member', id: user.id }),
      };
    }),

  /** The subscriber record: the choice, the card, the consent and every attempt with its state. */
  ofSubscriber: procedureFor('admin')
    .input(subscriberInput)
    .output(automaticRenewalAdminView)
    .query(({ ctx: { services }, input }) =>
      adminViewOf(services.automaticRenewal, subscriberById(services.automaticRenewal, input.subscriberId)),
    ),

  /** An admin turns a member's automatic renewal off (the member is told); never on. */
  turnOffForSubscriber: procedureFor('admin')
    .input(subscriberInput)
    .output(turnOffAnswer)
    .mutation(({ ctx: { services, user }, input }) => {
      const subscriber = subscriberById(services.automaticRenewal, input.subscriberId);
      return {
        success: true as const,
        ...turnOff(services.automaticRenewal, subscriber, { kind: 'admin', id: user.id }),
      };
    }),
};
