/**
 * The status machine walked whole: every (from, event, to) of the table works and is recorded; every
 * other combination is refused in Portuguese and changes nothing. Then the daily pass and the
 * cancellation mark, as a member lives them.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp, type TestApp } from '../../../../tests/app';
import { SUBSCRIBER_STATUSES, type SubscriberStatus } from '../../../shared/plans';
import { subscriberActivity, subscribers } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { newId } from '../../lib/ids';
import {
  isAllowed,
  LIFECYCLE_EVENTS,
  refusalMessage,
  SYSTEM,
  TRANSITIONS,
  type LifecycleEvent,
} from './lifecycle';
import { DAY_MS } from '../../../shared/sao-paulo-time';

let t: TestApp;
useTestApp((app) => (t = app));

function subscriberIn(status: SubscriberStatus, extra: Partial<typeof subscribers.$inferInsert> = {}) {
  const id = newId();
  t.services.db
    .insert(subscribers)
    .values({
      id,
      name: 'Rui Barbosa',
      email: `${id}@teste.com.br`,
      referralCode: id.slice(0, 8).toUpperCase(),
      status,
      ...extra,
    })
    .run();
  return id;
}

const statusOf = (id: string) =>
  t.services.db.select({ status: subscribers.status }).from(subscribers).where(eq(subscribers.id, id)).get()
    ?.status;
const historyOf = (id: string) => t.services.lifecycle.history(id);

describe('the transition table', () => {
  const cases: [SubscriberStatus, LifecycleEvent, SubscriberStatus][] = [];
  for (const from of SUBSCRIBER_STATUSES)
    for (const event of LIFECYCLE_EVENTS) for (const to of SUBSCRIBER_STATUSES) cases.push([from, event, to]);

  it('lists only known statuses and events, each move once', () => {
    const keys = TRANSITIONS.map((move) => move.join(' '));
    expect(new Set(keys).size).toBe(keys.length);
    // Every event can happen from somewhere; every status can be reached.
    for (const event of LIFECYCLE_EVENTS) expect(TRANSITIONS.some(([, e]) => e === event)).toBe(true);
    for (const status of SUBSCRIBER_STATUSES)
      expect(TRANSITIONS.some(([, , to]) => to === status)).toBe(true);
  });

  it.each(cases)('%s --%s--> %s', (from, event, to) => {
    const id = subscriberIn(from);
    const admin = { kind: 'admin', id: 'admin-1' } as const;
    const move = () =>
      t.services.lifecycle.apply({ subscriberId: id, event, to, actor: admin, reason: 'teste' });
    if (isAllowed(from, event, to)) {
      expect(move()).toMatchObject({ from, to });
      expect(statusOf(id)).toBe(to);
      expect(historyOf(id)).toMatchObject([
        { event, fromStatus: from, toStatus: to, actorKind: 'admin', actorId: 'admin-1', reason: 'teste' },
      ]);
    } else {
      let refusal: unknown;
      try {
        move();
      } catch (error) {
        refusal = error;
      }
      expect(refusal).toBeInstanceOf(AppError);
      expect((refusal as AppError).code).toBe('CONFLICT');
      expect((refusal as AppError).message).toBe(refusalMessage(from, event));
      expect(statusOf(id)).toBe(from);
      expect(historyOf(id)).toEqual([]);
    }
  });

  it('says why in Portuguese, naming the status as the back office shows it', () => {
    const id = subscriberIn('pending_payment');
    expect(() => t.services.lifecycle.apply({ subscriberId: id, event: 'approved', actor: SYSTEM })).toThrow(
      'Não é possível aprovar o cadastro: assinante com status "Aguardando pagamento".',
    );
  });

  it('refuses a move when the status changed since the caller read it', () => {
    const id = subscriberIn('active');
    expect(() =>
      t.services.lifecycle.apply({
        subscriberId: id,
        event: 'deactivated',
        actor: SYSTEM,
        expectFrom: 'pending',
      }),
    ).toThrow('O status do assinante mudou enquanto a operação era feita. Atualize e tente novamente.');
    expect(statusOf(id)).toBe('active');
  });

  it('an unknown subscriber is "Assinante não encontrado"', () => {
    expect(() =>
      t.services.lifecycle.apply({ subscriberId: 'nobody', event: 'deactivated', actor: SYSTEM }),
    ).toThrow('Assinante não encontrado');
  });
});

describe('the daily pass and cancellation', () => {
  it('expires memberships whose period ended, completes asked-for cancellations, and a second run does nothing', () => {
    const now = t.clock.now().getTime();
    const ended = subscriberIn('active', { subscriptionEndDate: new Date(now - DAY_MS) });
    const running = subscriberIn('active', { subscriptionEndDate: new Date(now + DAY_MS) });
    const leaving = subscriberIn('active', {
      subscriptionEndDate: new Date(now - 1000),
      cancelRequestedAt: new Date(now - 10 * DAY_MS),
    });
    const stillPaid = subscriberIn('active', {
      subscriptionEndDate: new Date(now + 5 * DAY_MS),
      cancelRequestedAt: new Date(now - DAY_MS),
    });

    expect(t.services.lifecycle.endPeriods()).toEqual({ expired: 1, cancelled: 1 });
    expect(statusOf(ended)).toBe('expired');
    expect(statusOf(running)).toBe('active');
    expect(statusOf(leaving)).toBe('cancelled');
    expect(statusOf(stillPaid)).toBe('active');
    expect(historyOf(leaving)).toMatchObject([
      { event: 'cancellation_completed', fromStatus: 'active', toStatus: 'cancelled', actorKind: 'system' },
    ]);
    expect(t.services.lifecycle.endPeriods()).toEqual({ expired: 0, cancelled: 0 });
    expect(t.services.db.select().from(subscriberActivity).all()).toHaveLength(2);
  });

  it('a member who cancels keeps access to the end of the paid period, then is cancelled', () => {
    const end = new Date(t.clock.now().getTime() + 40 * DAY_MS);
    const id = subscriberIn('active', { subscriptionEndDate: end, approvedAt: new Date('2026-01-01') });
    const member = { kind: 'member', id: 'user-1' } as const;

    const moved = t.services.lifecycle.requestCancellation(id, member);
    expect(moved).toMatchObject({ from: 'active', to: 'active' });
    expect(moved.subscriber.cancelRequestedAt).toEqual(t.clock.now());
    expect(() => t.services.lifecycle.requestCancellation(id, member)).toThrow(
      'O cancelamento desta assinatura já foi solicitado.',
    );

    t.clock.advance(39 * DAY_MS);
    t.services.lifecycle.endPeriods();
    expect(statusOf(id)).toBe('active');
    t.clock.advance(2 * DAY_MS);
    t.services.lifecycle.endPeriods();
    expect(statusOf(id)).toBe('cancelled');
    expect(historyOf(id).map((entry) => entry.event)).toEqual(['cancel_requested', 'cancellation_completed']);
  });

  it('a withdrawn cancellation lets the period end as an ordinary expiry', () => {
    const id = subscriberIn('active', { subscriptionEndDate: new Date(t.clock.now().getTime() + DAY_MS) });
    t.services.lifecycle.requestCancellation(id, SYSTEM);
    t.services.lifecycle.withdrawCancellation(id, SYSTEM);
    expect(() => t.services.lifecycle.withdrawCancellation(id, SYSTEM)).toThrow(
      'Não há cancelamento solicitado para esta assinatura.',
    );
    t.clock.advance(2 * DAY_MS);
    expect(t.services.lifecycle.endPeriods()).toEqual({ expired: 1, cancelled: 0 });
    expect(statusOf(id)).toBe('expired');
  });

  it('an expired member cannot ask to cancel', () => {
    const id = subscriberIn('expired');
    expect(() => t.services.lifecycle.requestCancellation(id, SYSTEM)).toThrow(
      'Não é possível cancelar a assinatura: assinante com status "Expirado".',
    );
  });
});
