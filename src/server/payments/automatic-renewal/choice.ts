/**
 * The member's choice: read it (Minha Assinatura, the subscriber record), turn it on (the member
 * only, with a card saved by a paid card checkout, recording the exact sentence agreed to), turn it
 * off (the member or an admin; at once, the member told by e-mail).
 */
import { and, eq, sql } from 'drizzle-orm';
import {
  AUTOMATIC_RENEWAL_MSG as MSG,
  cardLabel,
  checkoutConsentSentence,
  consentSentence,
  type AutomaticRenewalAdminView,
  type AutomaticRenewalView,
} from '../../../shared/automatic-renewal';
import { formatDate } from '../../../shared/format';
import { automaticRenewals, subscribers, type AutomaticRenewal, type Subscriber } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { Actor } from '../../membership/subscribers/lifecycle';
import { periodAfterPayment } from '../../membership/subscribers/subscribers';
import { canRenew, priceOf } from '../pricing';
import { memberAttempts, periodAttempts } from './attempts';
import { AUTOMATIC_RENEWAL_EVENTS, type AutomaticRenewalDeps } from './context';
import { queueMemberMessage } from './notices';
import { noticesSent } from './notices-sent';
import { cardExpiresBefore, chargeDay, retryAt } from './schedule';
import { iso } from '../../lib/output';

export function renewalRowOf(deps: Pick<AutomaticRenewalDeps, 'db'>, subscriberId: string) {
  return deps.db
    .select()
    .from(automaticRenewals)
    .where(eq(automaticRenewals.subscriberId, subscriberId))
    .get();
}

const hasCard = (row: AutomaticRenewal | undefined): row is AutomaticRenewal =>
  Boolean(row?.providerCardId && row.providerCustomerId);

/** A member whose next renewal could be charged: active, approved, no cancellation asked. */
const renewable = (subscriber: Subscriber) =>
  subscriber.status === 'active' &&
  canRenew(subscriber) &&
  !subscriber.cancelRequestedAt &&
  subscriber.subscriptionEndDate !== null;

/** The next try of a declined renewal with retries ahead, or null. */
function nextRetryOf(deps: AutomaticRenewalDeps, subscriber: Subscriber): Date | null {
  const end = subscriber.subscriptionEndDate;
  if (!end) return null;
  const [last] = periodAttempts(deps.db, subscriber.id, end);
  if (last?.state !== 'failed') return null;
  return retryAt(end, deps.settings.get().automaticRenewalRetryDays, last.attempt + 1);
}

type Offer = ReturnType<typeof offerOf>;

/** What the member may agree to now (the sentence with card, amount and date), or why not. */
function offerOf(
  deps: Pick<AutomaticRenewalDeps, 'db' | 'settings'>,
  subscriber: Subscriber,
  row: AutomaticRenewal | undefined,
) {
  const settings = deps.settings.get();
  const end = subscriber.subscriptionEndDate;
  const amount = canRenew(subscriber) ? priceOf('renewal', settings, subscriber) : null;
  const day = end ? chargeDay(end) : null;
  const card = hasCard(row) ? { brand: row.cardBrand, last4: row.cardLast4 } : null;
  const sentence = card && amount !== null && day ? consentSentence(card, amount, day) : null;
  let reason: string | null = null;
  if (!settings.automaticRenewal) reason = MSG.clubOff;
  else if (!hasCard(row)) reason = MSG.noCard;
  else if (!renewable(subscriber)) reason = MSG.notRenewable;
  else if (day && cardExpiresBefore(row, day))
    reason = MSG.cardExpires(cardLabel(card ?? { brand: null, last4: null }));
  return { amount, day, sentence, reason };
}

/**
 * The box of the member's renewal checkout (before the provider's page, so the card is this
 * payment's), or null when it is not offered: the club has it off, it is already on, or the
 * payment would not be a renewal of an approved member. Amount and date are those after this
 * renewal: the renewal price, the charge day of the end date it buys.
 */
export function checkoutOfferOf(
  deps: Pick<AutomaticRenewalDeps, 'settings' | 'clock'>,
  subscriber: Subscriber,
  row: AutomaticRenewal | undefined,
): string | null {
  const settings = deps.settings.get();
  if (!settings.automaticRenewal || row?.enabled) return null;
  if (!canRenew(subscriber) || subscriber.status === 'pending' || subscriber.status === 'inactive')
    return null;
  const end = periodAfterPayment(subscriber, deps.clock.now()).end;
  return checkoutConsentSentence(priceOf('renewal', settings, subscriber), chargeDay(end));
}

export function viewOf(deps: AutomaticRenewalDeps, subscriber: Subscriber): AutomaticRenewalView {
  const row = renewalRowOf(deps, subscriber.id);
  const offer = offerOf(deps, subscriber, row);
  const enabled = Boolean(row?.enabled);
  const nextRetry = enabled ? nextRetryOf(deps, subscriber) : null;
  return {
    available: deps.settings.get().automaticRenewal,
    enabled,
    card: hasCard(row)
      ? {
          brand: row.cardBrand,
          last4: row.cardLast4,
          expMonth: row.cardExpMonth,
          expYear: row.cardExpYear,
          expiresBeforeRenewal: offer.day ? cardExpiresBefore(row, offer.day) : false,
        }
      : null,
    nextChargeDate: iso(nextRetry ?? (renewable(subscriber) ? offer.day : null)),
    amount: renewable(subscriber) ? offer.amount : null,
    consentText: enabled ? (row?.consentText ?? null) : offer.sentence,
    consentAt: enabled ? iso(row?.consentAt) : null,
    nextRetryAt: iso(nextRetry),
    unavailableReason: enabled ? null : offer.reason,
    checkoutConsentText: checkoutOfferOf(deps, subscriber, row),
  };
}

export function adminViewOf(deps: AutomaticRenewalDeps, subscriber: Subscriber): AutomaticRenewalAdminView {
  const row = renewalRowOf(deps, subscriber.id);
  return {
    ...viewOf(deps, subscriber),
    attempts: memberAttempts(deps.db, subscriber.id).map((attempt) => ({
      attempt: attempt.attempt,
      periodEnd: attempt.periodEnd.toISOString(),
      state: attempt.state,
      amount: attempt.amount,
      paymentId: attempt.paymentId,
      failureReason: attempt.failureReason,
      createdAt: attempt.createdAt.toISOString(),
    })),
    notices: noticesSent(deps.db, subscriber.id),
    disabledAt: iso(row?.disabledAt),
    disabledBy: row?.disabledBy ?? null,
  };
}

/**
 * On, with the consent in the member's history (the exact text, the card, amount and date). Turning
 * it on twice changes nothing (false).
 */
function enable(
  deps: Pick<AutomaticRenewalDeps, 'db' | 'clock' | 'lifecycle'>,
  subscriber: Subscriber,
  consent: {
    actor: { kind: 'member'; id: string };
    text: string;
    row: AutomaticRenewal | undefined;
    offer: Offer;
    details?: Record<string, unknown>;
  },
): boolean {
  const { actor, text, row, offer } = consent;
  const now = deps.clock.now();
  return deps.db.transaction(() => {
    const changed = deps.db
      .update(automaticRenewals)
      .set({
        enabled: true,
        consentAt: now,
        consentText: text,
        disabledAt: null,
        disabledBy: null,
        updatedAt: now,
      })
      .where(and(eq(automaticRenewals.subscriberId, subscriber.id), sql`${automaticRenewals.enabled} = 0`))
      .run();
    if (changed.changes === 0) return false;
    deps.lifecycle.record({
      subscriberId: subscriber.id,
      event: AUTOMATIC_RENEWAL_EVENTS.on,
      actor,
      details: {
        consentText: text,
        cardBrand: row?.cardBrand ?? null,
        cardLast4: row?.cardLast4 ?? null,
        amount: offer.amount,
        chargeDate: offer.day?.toISOString() ?? null,
        ...consent.details,
      },
    });
    return true;
  });
}

/**
 * The member turns it on, agreeing to `consentText` — which must be the sentence offered now (card,
 * amount, date): a screen left open while the price or the card changed asks again. Recorded in
 * the member's history with the card and the date. Turning it on twice changes nothing.
 */
export function turnOn(
  deps: AutomaticRenewalDeps,
  subscriber: Subscriber,
  actor: { kind: 'member'; id: string },
  consentText: string,
): { message: string; view: AutomaticRenewalView } {
  const row = renewalRowOf(deps, subscriber.id);
  if (row?.enabled) return { message: MSG.alreadyOn, view: viewOf(deps, subscriber) };
  const offer = offerOf(deps, subscriber, row);
  if (offer.reason) throw new AppError('BAD_REQUEST', offer.reason);
  if (consentText !== offer.sentence) throw new AppError('CONFLICT', MSG.consentChanged);
  enable(deps, subscriber, { actor, text: consentText, row, offer });
  return { message: MSG.turnedOn, view: viewOf(deps, subscriber) };
}

/**
 * The box ticked at the member's renewal checkout, once its payment is confirmed paid by card and
 * the card kept (inside the confirmation's transaction; never for a payment not paid). The same
 * rules as `turnOn` with the card now on file, and the sentence must still be the one the box
 * showed for what was bought (amount and date): a renewal paid after the price changed, or whose
 * date moved, stays off for the member to choose in "Minha Assinatura". The consent recorded is
 * the text shown, with the card's brand and last four and the payment.
 */
export function turnOnFromCheckout(
  deps: Pick<AutomaticRenewalDeps, 'db' | 'clock' | 'settings' | 'lifecycle' | 'log'>,
  input: { subscriberId: string; userId: string | null; consentText: string; paymentId: string },
): boolean {
  // The payment's confirmation runs around this: a failure here must never undo it (the choice's
  // own writes are a savepoint, rolled back alone).
  try {
    return turnOnChosenAtCheckout(deps, input);
  } catch (error) {
    deps.log.error(
      { subscriberId: input.subscriberId, paymentId: input.paymentId, err: (error as Error).message },
      'automatic renewal chosen at checkout: not turned on',
    );
    return false;
  }
}

function turnOnChosenAtCheckout(
  deps: Pick<AutomaticRenewalDeps, 'db' | 'clock' | 'settings' | 'lifecycle' | 'log'>,
  input: { subscriberId: string; userId: string | null; consentText: string; paymentId: string },
): boolean {
  const subscriber = deps.db.select().from(subscribers).where(eq(subscribers.id, input.subscriberId)).get();
  if (!subscriber || !input.userId) return false;
  const row = renewalRowOf(deps, subscriber.id);
  if (row?.enabled) return false;
  const offer = offerOf(deps, subscriber, row);
  const shown = offer.amount !== null && offer.day ? checkoutConsentSentence(offer.amount, offer.day) : null;
  if (offer.reason || shown !== input.consentText) {
    deps.log.info(
      { subscriberId: subscriber.id, paymentId: input.paymentId, reason: offer.reason ?? 'sentence changed' },
      'automatic renewal chosen at checkout not turned on',
    );
    return false;
  }
  return enable(deps, subscriber, {
    actor: { kind: 'member', id: input.userId },
    text: input.consentText,
    row,
    offer,
    details: { paymentId: input.paymentId, chosenAt: 'checkout' },
  });
}

const WHO: Record<Actor['kind'], string> = {
  member: MSG.offByMember,
  admin: MSG.offByAdmin,
  system: MSG.offBySystem,
  provider: MSG.offBySystem,
};

/**
 * Off at once (the member, or an admin — the member is told either way). The pass reads the choice
 * inside the transaction that claims an attempt, so a charge not yet claimed is never sent; one
 * already sent follows its course (`chargeUnderway`).
 */
export function turnOff(
  deps: AutomaticRenewalDeps,
  subscriber: Subscriber,
  actor: Actor,
): { message: string; chargeUnderway: boolean } {
  const now = deps.clock.now();
  const end = subscriber.subscriptionEndDate;
  const turnedOff = deps.db.transaction((tx) => {
    const row = tx
      .select()
      .from(automaticRenewals)
      .where(eq(automaticRenewals.subscriberId, subscriber.id))
      .get();
    const changed = tx
      .update(automaticRenewals)
      .set({
        enabled: false,
        disabledAt: now,
        disabledBy: actor.kind === 'provider' ? 'system' : actor.kind,
        graceUntil: null,
        updatedAt: now,
      })
      .where(and(eq(automaticRenewals.subscriberId, subscriber.id), sql`${automaticRenewals.enabled} = 1`))
      .run();
    if (changed.changes === 0 || !row) return false;
    const channels = queueMemberMessage(deps, tx, {
      subscriber,
      card: row,
      template: 'automatic_renewal_off',
      vars: { who: WHO[actor.kind], date: formatDate(now), endDate: end ? formatDate(end) : '-' },
    });
    deps.lifecycle.record({
      subscriberId: subscriber.id,
      event: AUTOMATIC_RENEWAL_EVENTS.off,
      actor,
      details: { periodEnd: end?.toISOString() ?? null, channels },
    });
    return true;
  });
  if (!turnedOff) return { message: MSG.alreadyOff, chargeUnderway: false };
  const underway = end
    ? periodAttempts(deps.db, subscriber.id, end).some(
        (a) => a.state === 'pending' || a.state === 'verifying',
      )
    : false;
  return { message: underway ? MSG.offWhileCharging : MSG.turnedOff, chargeUnderway: underway };
}

/** The record an admin names, or a 404. */
export function subscriberById(deps: Pick<AutomaticRenewalDeps, 'db'>, subscriberId: string): Subscriber {
  const subscriber = deps.db.select().from(subscribers).where(eq(subscribers.id, subscriberId)).get();
  if (!subscriber) throw new AppError('NOT_FOUND', MSG.subscriberNotFound);
  return subscriber;
}
