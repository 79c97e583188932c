/**
 * The subscriber status machine (docs/product/decisions.md §3). Every change of a subscriber's status goes through
 * `apply`: payments, approval, cancellation, refunds, the club turning a member off and the daily
 * jobs. The allowed moves are one table (`TRANSITIONS`); anything else is refused with a Portuguese
 * message and changes nothing. Each move is written to `subscriber_activity` (who, when, why) in the
 * same transaction as the status, so the back office can show a subscriber's history.
 *
 * Statuses: `pending_payment` (checkout started, nothing paid), `pending` (paid, awaiting the club's
 * approval: the entry bar), `active`, `expired` (the paid period ended), `cancelled`, `inactive`
 * (turned off by the club). A cancellation asked for is a mark (`cancelRequestedAt`), not a status:
 * access lasts to the end of the paid period, then the daily job completes it.
 */
import { and, eq, isNotNull, lte, or, sql } from 'drizzle-orm';
import { SUBSCRIBER_STATUS_LABELS, type SubscriberStatus } from '../../../shared/plans';
import { automaticRenewals, subscriberActivity, subscribers, type Subscriber } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { newId } from '../../lib/ids';
import {
  isAllowed,
  LIFECYCLE_EVENTS,
  targetsOf,
  TRANSITIONS,
  type LifecycleEvent,
} from '../../../shared/subscriber-status-machine';
import type { ServiceDeps } from '../../lib/deps';
import { createSubscriberMoves, type SubscriberPatch } from './moves';

// The table itself is shared with the back-office form, which offers only the moves it allows.
export { isAllowed, LIFECYCLE_EVENTS, targetsOf, TRANSITIONS, type LifecycleEvent };

/** What each event is, for the history ("Aprovado") and for refusals ("Não é possível aprovar…"). */
export const LIFECYCLE_EVENT_TEXT: Record<LifecycleEvent, { label: string; action: string }> = {
  payment_confirmed: { label: 'Pagamento confirmado', action: 'confirmar o pagamento' },
  payment_renewed: { label: 'Pagamento de renovação confirmado', action: 'confirmar a renovação' },
  approved: { label: 'Cadastro aprovado', action: 'aprovar o cadastro' },
  cancel_requested: { label: 'Cancelamento solicitado', action: 'cancelar a assinatura' },
  cancel_withdrawn: { label: 'Cancelamento desfeito', action: 'desfazer o cancelamento' },
  cancellation_completed: { label: 'Cancelamento concluído', action: 'concluir o cancelamento' },
  period_ended: { label: 'Período encerrado', action: 'encerrar o período' },
  refunded: { label: 'Pagamento reembolsado', action: 'registrar o reembolso' },
  deactivated: { label: 'Assinante desativado', action: 'desativar o assinante' },
  reactivated: { label: 'Assinante reativado', action: 'reativar o assinante' },
  data_erased: { label: 'Dados pessoais excluídos (LGPD)', action: 'excluir os dados pessoais' },
};

export function refusalMessage(from: SubscriberStatus, event: LifecycleEvent): string {
  return `Não é possível ${LIFECYCLE_EVENT_TEXT[event].action}: assinante com status "${SUBSCRIBER_STATUS_LABELS[from]}".`;
}

export const LIFECYCLE_MSG = {
  notFound: 'Assinante não encontrado',
  changedMeanwhile: 'O status do assinante mudou enquanto a operação era feita. Atualize e tente novamente.',
  alreadyApproved: 'Este cadastro já foi aprovado.',
  alreadyCancelling: 'O cancelamento desta assinatura já foi solicitado.',
  notCancelling: 'Não há cancelamento solicitado para esta assinatura.',
} as const;

/** Who made a move: a signed-in admin or member, a scheduled job, or the payment provider. */
export type Actor = { kind: 'admin' | 'member'; id: string } | { kind: 'system' } | { kind: 'provider' };

export const SYSTEM: Actor = { kind: 'system' };
export const PROVIDER: Actor = { kind: 'provider' };

export interface ApplyInput {
  subscriberId: string;
  event: LifecycleEvent;
  actor: Actor;
  /** Required when (from, event) allows more than one target. */
  to?: SubscriberStatus;
  reason?: string | null;
  details?: Record<string, unknown>;
  /** Other fields that change with the status, in the same update (period, approval, marks). */
  set?: SubscriberPatch;
  /** Refuse unless the subscriber is still in this status (what the caller read before deciding). */
  expectFrom?: SubscriberStatus;
}

export interface Moved {
  subscriber: Subscriber;
  from: SubscriberStatus;
  to: SubscriberStatus;
}

export function createSubscriberLifecycle({ db, clock, log }: ServiceDeps) {
  // Prepared once: every confirmed payment moves its subscriber (ADR 043).
  const byId = db
    .select()
    .from(subscribers)
    .where(eq(subscribers.id, sql.placeholder('id')))
    .prepare();
  const insertActivity = db
    .insert(subscriberActivity)
    .values({
      id: sql.placeholder('id'),
      subscriberId: sql.placeholder('subscriberId'),
      event: sql.placeholder('event'),
      fromStatus: sql.placeholder('fromStatus'),
      toStatus: sql.placeholder('toStatus'),
      actorId: sql.placeholder('actorId'),
      actorKind: sql.placeholder('actorKind'),
      reason: sql.placeholder('reason'),
      // Bound as written here: a placeholder in a JSON column would store a null as 'null'.
      details: sql`${sql.placeholder('details')}`,
      createdAt: sql.placeholder('createdAt'),
    })
    .prepare();

  const move = createSubscriberMoves(db);

  /** Writes one line of a subscriber's history (also used for events that are not moves). */
  function record(entry: {
    subscriberId: string;
    event: string;
    actor: Actor;
    from?: SubscriberStatus | null;
    to?: SubscriberStatus | null;
    reason?: string | null;
    details?: Record<string, unknown> | null;
  }) {
    insertActivity.run({
      id: newId(),
      subscriberId: entry.subscriberId,
      event: entry.event,
      fromStatus: entry.from ?? null,
      toStatus: entry.to ?? null,
      actorId: 'id' in entry.actor ? entry.actor.id : null,
      actorKind: entry.actor.kind,
      reason: entry.reason ?? null,
      details: entry.details ? JSON.stringify(entry.details) : null,
      createdAt: clock.now(),
    });
  }

  /**
   * Moves a subscriber by an event of the table, with the fields that go with it, and records it.
   * The update is conditional on the status read, so two moves racing cannot both apply.
   */
  function apply(input: ApplyInput): Moved {
    // Inside a caller's transaction (a payment's confirmation) no savepoint of its own: every
    // refusal below comes before the first write, and a failing write fails the caller's whole
    // transaction anyway. A savepoint and drizzle's transaction objects cost more than the move.
    return db.$client.inTransaction ? moveNow(input) : db.transaction(() => moveNow(input));
  }

  function moveNow(input: ApplyInput): Moved {
    const current = byId.get({ id: input.subscriberId });
    if (!current) throw new AppError('NOT_FOUND', LIFECYCLE_MSG.notFound);
    const from = current.status;
    if (input.expectFrom && input.expectFrom !== from) {
      throw new AppError('CONFLICT', LIFECYCLE_MSG.changedMeanwhile);
    }
    const targets = targetsOf(from, input.event);
    const to = input.to ?? (targets.length === 1 ? targets[0] : undefined);
    if (!to || !targets.includes(to)) {
      throw new AppError('CONFLICT', refusalMessage(from, input.event));
    }
    const now = clock.now();
    const updated = move({ id: current.id, from, to, set: input.set, now });
    if (!updated) throw new AppError('CONFLICT', LIFECYCLE_MSG.changedMeanwhile);
    record({
      subscriberId: current.id,
      event: input.event,
      actor: input.actor,
      from,
      to,
      reason: input.reason,
      details: input.details,
    });
    if (from !== to) log.info({ subscriberId: current.id, from, to, event: input.event }, 'subscriber moved');
    return { subscriber: updated, from, to };
  }

  return {
    apply,
    record,

    /** Marks a membership to end with its paid period (member from the portal, or an admin). */
    requestCancellation(subscriberId: string, actor: Actor, reason?: string | null): Moved {
      const current = db
        .select({ at: subscribers.cancelRequestedAt })
        .from(subscribers)
        .where(eq(subscribers.id, subscriberId))
        .get();
      if (current?.at) throw new AppError('CONFLICT', LIFECYCLE_MSG.alreadyCancelling);
      const now = clock.now();
      return apply({
        subscriberId,
        event: 'cancel_requested',
        actor,
        reason,
        set: { cancelRequestedAt: now, cancelRequestedBy: 'id' in actor ? actor.id : null },
      });
    },

    withdrawCancellation(subscriberId: string, actor: Actor): Moved {
      const current = db
        .select({ at: subscribers.cancelRequestedAt })
        .from(subscribers)
        .where(eq(subscribers.id, subscriberId))
        .get();
      if (current && !current.at) throw new AppError('CONFLICT', LIFECYCLE_MSG.notCancelling);
      return apply({
        subscriberId,
        event: 'cancel_withdrawn',
        actor,
        set: { cancelRequestedAt: null, cancelRequestedBy: null },
      });
    },

    /**
     * The daily pass (docs/product/decisions.md §3.4, §3.5): memberships whose paid period ended become `cancelled`
     * when a cancellation was asked for, `expired` otherwise. Idempotent: a second run finds nothing.
     * A member whose automatic renewal was declined with retries still ahead is held open until
     * the last retry (`automatic_renewals.grace_until`, docs/decisions/052-automatic-renewal.md).
     */
    endPeriods(): { expired: number; cancelled: number } {
      const now = clock.now();
      const due = db
        .select({ id: subscribers.id, status: subscribers.status, cancelAt: subscribers.cancelRequestedAt })
        .from(subscribers)
        .where(
          and(
            lte(subscribers.subscriptionEndDate, now),
            or(
              eq(subscribers.status, 'active'),
              eq(subscribers.status, 'pending'),
              and(eq(subscribers.status, 'expired'), isNotNull(subscribers.cancelRequestedAt)),
            ),
            sql`not exists (select 1 from ${automaticRenewals} where ${automaticRenewals.subscriberId} = ${subscribers.id} and ${automaticRenewals.graceUntil} > ${now.getTime()})`,
          ),
        )
        .all();
      let expired = 0;
      let cancelled = 0;
      for (const row of due) {
        try {
          if (row.cancelAt) {
            apply({
              subscriberId: row.id,
              event: 'cancellation_completed',
              actor: SYSTEM,
              expectFrom: row.status,
            });
            cancelled++;
          } else if (row.status !== 'expired') {
            apply({ subscriberId: row.id, event: 'period_ended', actor: SYSTEM, expectFrom: row.status });
            expired++;
          }
        } catch (error) {
          // Moved by someone else since the read (a payment, say): the next run sees the new facts.
          if (!(error instanceof AppError)) throw error;
        }
      }
      return { expired, cancelled };
    },

    /** A subscriber's history, oldest first (the back office's activity log). */
    history(subscriberId: string) {
      return db
        .select()
        .from(subscriberActivity)
        .where(eq(subscriberActivity.subscriberId, subscriberId))
        .orderBy(subscriberActivity.createdAt, sql`${subscriberActivity}.rowid`)
        .all();
    },
  };
}

export type SubscriberLifecycle = ReturnType<typeof createSubscriberLifecycle>;
