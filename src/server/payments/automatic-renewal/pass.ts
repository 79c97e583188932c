/**
 * The renewal pass (scheduled jobs and `npm run jobs:run`): for every member with automatic renewal
 * on, the notice N days before, the card notice 30 days before, one charge on the date, the retries
 * of the schedule, and the message of each refusal. Safe to run any number of times and
 * concurrently: an attempt is claimed by inserting its (member, period, attempt) row, which only one
 * pass can do, in the transaction that re-reads the member's choice; only that pass calls the
 * provider (docs/decisions/052-automatic-renewal.md).
 */
import { setImmediate } from 'node:timers/promises';
import { and, asc, eq, gt, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import { DAY_MS } from '../../../shared/sao-paulo-time';
import { AUTOMATIC_RENEWAL_MSG as MSG } from '../../../shared/automatic-renewal';
import { formatDate, formatMoney } from '../../../shared/format';
import {
  automaticRenewals,
  payments,
  renewalAttempts,
  subscribers,
  type AutomaticRenewal,
  type Payment,
  type Subscriber,
} from '../../db/schema';
import { newId } from '../../lib/ids';
import { recordAnswer } from '../charges/process';
import { markAnswerLost } from '../charges/status';
import { planDescription, priceOf } from '../pricing';
import { ProviderError, type ChargeResult } from '../providers/types';
import { periodAttempts, type PeriodAttempt } from './attempts';
import { AUTOMATIC_RENEWAL_EVENTS, type AutomaticRenewalDeps } from './context';
import { queueMemberMessage } from './notices';
import {
  CARD_NOTICE_DAYS,
  cardExpiresBefore,
  cardNoticeFrom,
  chargeDay,
  holdUntilRetry,
  holdWhileAwaiting,
  noticeFrom,
  retryAt,
} from './schedule';
import { failPayment, confirmPayment } from '../confirmation/confirm-payment';

export interface RenewalPassResult {
  notices: number;
  cardNotices: number;
  /** Attempts this pass sent to the provider. */
  charged: number;
  paid: number;
  declined: number;
  /** Sent, and the answer lost or still pending: "em verificação" until reconciliation settles it. */
  verifying: number;
  failed: number;
}

type Candidate = { renewal: AutomaticRenewal; subscriber: Subscriber & { subscriptionEndDate: Date } };

/** Thrown inside the claim's transaction to undo it: another pass has this attempt, or it is off. */
class NotClaimed extends Error {}

/**
 * How many candidates the pass reads at a time: the pass's memory stays that of one page however
 * many members are due the same day (ADR 052, "The pass's memory").
 */
const RENEWAL_PASS_PAGE = 200;

/**
 * Members with it on and a card, active, whose date (or notice) is near or whose retries run: one
 * page of them, in subscriber id order after `after`.
 */
function candidates(
  deps: AutomaticRenewalDeps,
  now: Date,
  page: { after: string | null; size: number },
): Candidate[] {
  const settings = deps.settings.get();
  const ahead = Math.max(settings.automaticRenewalNoticeDays, CARD_NOTICE_DAYS) + 2;
  return deps.db
    .select({ renewal: automaticRenewals, subscriber: subscribers })
    .from(automaticRenewals)
    .innerJoin(subscribers, eq(subscribers.id, automaticRenewals.subscriberId))
    .where(
      and(
        // Written as the partial index's condition, so SQLite reads only the members who chose it.
        sql`${automaticRenewals.enabled} = 1`,
        isNotNull(automaticRenewals.providerCardId),
        page.after === null ? undefined : gt(automaticRenewals.subscriberId, page.after),
        eq(subscribers.status, 'active'),
        isNotNull(subscribers.approvedAt),
        isNull(subscribers.cancelRequestedAt),
        lte(subscribers.subscriptionEndDate, new Date(now.getTime() + ahead * DAY_MS)),
      ),
    )
    .orderBy(asc(automaticRenewals.subscriberId))
    .limit(page.size)
    .all() as Candidate[];
}

/** Claims attempt `n` of the period and writes its payment, or throws NotClaimed (all undone). */
function claimAttempt(deps: AutomaticRenewalDeps, { subscriber }: Candidate, attempt: number) {
  const settings = deps.settings.get();
  const now = deps.clock.now();
  const end = subscriber.subscriptionEndDate;
  const amount = priceOf('renewal', settings, subscriber);
  const description = planDescription('renewal', settings);
  const paymentId = newId();
  return deps.db.transaction((tx) => {
    // Writes first: the transaction holds the database's write lock before it reads the choice.
    const row = tx
      .select()
      .from(automaticRenewals)
      .where(eq(automaticRenewals.subscriberId, subscriber.id))
      .get();
    tx.insert(payments)
      .values({
        id: paymentId,
        subscriberId: subscriber.id,
        planType: 'renewal',
        amount,
        status: 'pending',
        method: 'credit_card',
        cardBrand: row?.cardBrand ?? null,
        cardLast4: row?.cardLast4 ?? null,
        provider: deps.provider.name,
        description,
        attempt: 1,
        attemptStartedAt: now,
        createdAt: now,
        updatedAt: now,
      })
      .run();
    const inserted = tx
      .insert(renewalAttempts)
      .values({
        id: newId(),
        subscriberId: subscriber.id,
        periodEnd: end,
        attempt,
        paymentId,
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: renewalAttempts.id })
      .all();
    const current = tx
      .select({ end: subscribers.subscriptionEndDate, status: subscribers.status })
      .from(subscribers)
      .where(eq(subscribers.id, subscriber.id))
      .get();
    const still =
      inserted.length > 0 &&
      row?.enabled &&
      row.providerCardId &&
      row.providerCustomerId &&
      current?.status === 'active' &&
      current.end?.getTime() === end.getTime();
    if (!still) throw new NotClaimed();
    tx.update(automaticRenewals)
      .set({ graceUntil: holdWhileAwaiting(now), updatedAt: now })
      .where(eq(automaticRenewals.subscriberId, subscriber.id))
      .run();
    return {
      paymentId,
      amount,
      description,
      card: {
        providerCustomerId: row.providerCustomerId as string,
        providerCardId: row.providerCardId as string,
      },
    };
  });
}

type Sent = 'paid' | 'declined' | 'verifying';

/** One attempt: claimed, sent once with its key, and its answer handled as an in-page attempt's. */
async function charge(
  deps: AutomaticRenewalDeps,
  candidate: Candidate,
  attempt: number,
): Promise<Sent | null> {
  let claimed: ReturnType<typeof claimAttempt>;
  try {
    claimed = claimAttempt(deps, candidate, attempt);
  } catch (error) {
    if (error instanceof NotClaimed) return null;
    throw error;
  }
  const { paymentId, amount, description, card } = claimed;
  deps.confirmation.history.record({
    paymentId,
    source: 'renewal',
    kind: 'attempt_sent',
    details: { attempt: 1, method: 'credit_card' },
  });
  let answer: ChargeResult;
  try {
    answer = await deps.provider.chargeRecurring({
      paymentId,
      attempt: 1,
      amount,
      description,
      instrument: { kind: 'card', ...card },
      statementDescriptor: deps.settings.get().statementDescriptor,
    });
  } catch (error) {
    deps.log.warn({ paymentId, err: (error as Error).message }, 'automatic renewal charge failed');
    // No answer: "em verificação"; reconciliation asks by our code, never a second charge.
    if (error instanceof ProviderError && error.outcomeUnknown) {
      markAnswerLost({ ...deps, history: deps.confirmation.history }, paymentId, 'renewal');
      return 'verifying';
    }
    const reason = error instanceof ProviderError ? error.message : null;
    failPayment(deps.confirmation, paymentId, null, reason);
    deps.confirmation.history.record({
      paymentId,
      source: 'renewal',
      kind: 'attempt_answer',
      details: { attempt: 1, outcome: 'failed', amount, reason },
    });
    return 'declined';
  }
  recordAnswer({ ...deps, history: deps.confirmation.history }, paymentId, 1, answer, 'renewal');
  if (answer.status === 'paid') {
    const payment = deps.db.select().from(payments).where(eq(payments.id, paymentId)).get() as Payment;
    // The one confirmation path: the period extends as a manual renewal's, receipt e-mail included.
    confirmPayment(deps.confirmation, payment, answer);
    deps.db
      .update(automaticRenewals)
      .set({ graceUntil: null })
      .where(eq(automaticRenewals.subscriberId, candidate.subscriber.id))
      .run();
    return 'paid';
  }
  if (answer.status === 'pending') return 'verifying';
  failPayment(deps.confirmation, paymentId, answer, answer.failureReason);
  return 'declined';
}

/**
 * A refused attempt's message, once: the next try's date (the period held open until then), or,
 * after the last, how to renew by hand (today's expiry rule applies from here).
 */
function tellRefusal(deps: AutomaticRenewalDeps, candidate: Candidate, last: PeriodAttempt): boolean {
  const { subscriber } = candidate;
  const now = deps.clock.now();
  const end = subscriber.subscriptionEndDate;
  const next = retryAt(end, deps.settings.get().automaticRenewalRetryDays, last.attempt + 1);
  return deps.db.transaction((tx) => {
    const claimed = tx
      .update(renewalAttempts)
      .set({ outcomeNoticedAt: now })
      .where(and(eq(renewalAttempts.id, last.id), isNull(renewalAttempts.outcomeNoticedAt)))
      .run();
    if (claimed.changes === 0) return false;
    tx.update(automaticRenewals)
      .set({ graceUntil: next ? holdUntilRetry(next) : null, updatedAt: now })
      .where(eq(automaticRenewals.subscriberId, subscriber.id))
      .run();
    const channels = queueMemberMessage(deps, tx, {
      subscriber,
      card: candidate.renewal,
      template: 'automatic_renewal_failed',
      vars: {
        amount: formatMoney(last.amount),
        reason: last.failureReason ?? 'recusada pelo emissor do cartão',
        nextStep: next ? MSG.retryOn(formatDate(next)) : MSG.lastAttempt(formatDate(end)),
      },
    });
    deps.lifecycle.record({
      subscriberId: subscriber.id,
      event: AUTOMATIC_RENEWAL_EVENTS.failed,
      actor: { kind: 'system' },
      details: {
        attempt: last.attempt,
        paymentId: last.paymentId,
        nextRetryAt: next?.toISOString() ?? null,
        periodEnd: end.toISOString(),
        channels,
      },
    });
    return true;
  });
}

/** A notice, once per period (`column` holds the period end it was sent for). */
function sendNotice(
  deps: AutomaticRenewalDeps,
  candidate: Candidate,
  kind: 'notice' | 'cardNotice',
): boolean {
  const { subscriber, renewal } = candidate;
  const end = subscriber.subscriptionEndDate;
  const column = kind === 'notice' ? automaticRenewals.noticeFor : automaticRenewals.cardNoticeFor;
  const now = deps.clock.now();
  const amount = priceOf('renewal', deps.settings.get(), subscriber);
  return deps.db.transaction((tx) => {
    const claimed = tx
      .update(automaticRenewals)
      .set(kind === 'notice' ? { noticeFor: end, updatedAt: now } : { cardNoticeFor: end, updatedAt: now })
      .where(
        and(
          eq(automaticRenewals.subscriberId, subscriber.id),
          sql`${automaticRenewals.enabled} = 1`,
          sql`(${column} is null or ${column} <> ${end.getTime()})`,
        ),
      )
      .run();
    if (claimed.changes === 0) return false;
    const expiry =
      renewal.cardExpMonth !== null && renewal.cardExpYear !== null
        ? `${String(renewal.cardExpMonth).padStart(2, '0')}/${renewal.cardExpYear}`
        : '-';
    const channels = queueMemberMessage(deps, tx, {
      subscriber,
      card: renewal,
      template: kind === 'notice' ? 'automatic_renewal_notice' : 'automatic_renewal_card_expiring',
      vars: {
        amount: formatMoney(amount),
        chargeDate: formatDate(chargeDay(end)),
        endDate: formatDate(end),
        cardExpiry: expiry,
      },
    });
    deps.lifecycle.record({
      subscriberId: subscriber.id,
      event: kind === 'notice' ? AUTOMATIC_RENEWAL_EVENTS.notice : AUTOMATIC_RENEWAL_EVENTS.cardNotice,
      actor: { kind: 'system' },
      details: { periodEnd: end.toISOString(), amount, channels },
    });
    return true;
  });
}

function count(result: RenewalPassResult, sent: Sent | null) {
  if (!sent) return;
  result.charged++;
  if (sent === 'paid') result.paid++;
  else if (sent === 'declined') result.declined++;
  else result.verifying++;
}

/** What is due for one member now: a refusal to tell, a charge, a notice — or nothing. */
async function handle(deps: AutomaticRenewalDeps, candidate: Candidate, result: RenewalPassResult) {
  const now = deps.clock.now();
  const settings = deps.settings.get();
  const end = candidate.subscriber.subscriptionEndDate;
  const [last] = periodAttempts(deps.db, candidate.subscriber.id, end);
  if (last) {
    // Waiting for the answer (or its lookup), or paid: nothing to do for this period.
    if (last.state !== 'failed') return;
    if (!last.outcomeNoticedAt) tellRefusal(deps, candidate, last);
    const next = retryAt(end, settings.automaticRenewalRetryDays, last.attempt + 1);
    if (!next || now < next) return;
    count(result, await charge(deps, candidate, last.attempt + 1));
  } else if (now >= chargeDay(end)) {
    count(result, await charge(deps, candidate, 1));
  } else {
    if (now >= noticeFrom(end, settings.automaticRenewalNoticeDays) && sendNotice(deps, candidate, 'notice'))
      result.notices++;
    if (
      cardExpiresBefore(candidate.renewal, chargeDay(end)) &&
      now >= cardNoticeFrom(end) &&
      sendNotice(deps, candidate, 'cardNotice')
    )
      result.cardNotices++;
    return;
  }
  // A refusal answered at once is told in the same pass.
  const [after] = periodAttempts(deps.db, candidate.subscriber.id, end);
  if (after?.state === 'failed' && !after.outcomeNoticedAt) tellRefusal(deps, candidate, after);
}

/** The pass: nothing when the club has automatic renewal off. One member's failure never stops it. */
export async function runRenewalPass(
  deps: AutomaticRenewalDeps,
  { pageSize = RENEWAL_PASS_PAGE }: { pageSize?: number } = {},
): Promise<RenewalPassResult | null> {
  if (!deps.settings.get().automaticRenewal) return null;
  const result: RenewalPassResult = {
    notices: 0,
    cardNotices: 0,
    charged: 0,
    paid: 0,
    declined: 0,
    verifying: 0,
    failed: 0,
  };
  const now = deps.clock.now();
  const next = (after: string | null) => candidates(deps, now, { after, size: pageSize });
  for (let page = next(null); page.length > 0; page = next(page[page.length - 1]!.renewal.subscriberId)) {
    for (const candidate of page) {
      try {
        await handle(deps, candidate, result);
      } catch (error) {
        result.failed++;
        deps.log.warn(
          { subscriberId: candidate.subscriber.id, err: (error as Error).message },
          'automatic renewal failed for a member',
        );
      }
      // A turn of the event loop after every member. Each query prepares a statement whose native
      // memory (its compiled program, triggers included: tens of KiB) Node frees only from the
      // event loop, after a collection; a provider that answers at once (the sandbox) never gave
      // the loop a turn, and 10,000 members' statements stayed until the pass ended (3 GiB). It
      // also lets the server answer its requests during a long pass.
      await setImmediate();
    }
  }
  if (result.charged + result.notices + result.cardNotices + result.failed > 0)
    deps.log.info(result, 'automatic renewal pass');
  return result;
}
