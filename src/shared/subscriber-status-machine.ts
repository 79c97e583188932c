/**
 * The subscriber status machine's table (ADR 012), shared by the server, which refuses every other
 * move (services/subscriber-lifecycle.ts), and the back-office form, which offers only the moves
 * an admin may make by choosing a status (ADR 033).
 *
 * Statuses: `pending_payment` (checkout started, nothing paid), `pending` (paid, awaiting the club's
 * approval), `active`, `expired` (the paid period ended), `cancelled`, `inactive` (turned off by
 * the club).
 */
import { SUBSCRIBER_STATUSES, type SubscriberStatus } from './plans';

export const LIFECYCLE_EVENTS = [
  'payment_confirmed',
  'payment_renewed',
  'approved',
  'cancel_requested',
  'cancel_withdrawn',
  'cancellation_completed',
  'period_ended',
  'refunded',
  'deactivated',
  'reactivated',
  // LGPD (ADR 029): the member's personal data erased at their request.
  'data_erased',
] as const;
export type LifecycleEvent = (typeof LIFECYCLE_EVENTS)[number];

type Triple = readonly [from: SubscriberStatus, event: LifecycleEvent, to: SubscriberStatus];

/**
 * Every allowed move, as (from, event, to). A pair (from, event) with more than one `to` lets the
 * caller pick the target (reactivation: the admin, in the subscriber form); otherwise it is implied.
 */
export const TRANSITIONS: readonly Triple[] = [
  // A never-approved subscriber paid: the period starts and the club decides (§3.2). A second payment
  // before approval stacks on the paid period.
  ['pending_payment', 'payment_confirmed', 'pending'],
  ['pending', 'payment_confirmed', 'pending'],
  ['expired', 'payment_confirmed', 'pending'],
  ['cancelled', 'payment_confirmed', 'pending'],
  ['inactive', 'payment_confirmed', 'inactive'],
  // Made active by an admin without the approval step (back-office form): paying keeps it so.
  ['active', 'payment_confirmed', 'active'],
  // An approved member paid (annual or renewal): the period extends and access is on (§3.2, §3.4).
  ['active', 'payment_renewed', 'active'],
  ['expired', 'payment_renewed', 'active'],
  ['cancelled', 'payment_renewed', 'active'],
  // The club turned this member off: the money is recorded, the status stays until it reactivates.
  ['inactive', 'payment_renewed', 'inactive'],
  // The entry bar (§3.3): only a paid subscriber awaiting approval.
  ['pending', 'approved', 'active'],
  // "Cancele quando quiser" (§3.5): a mark; access lasts to the end of the paid period.
  ['active', 'cancel_requested', 'active'],
  ['pending', 'cancel_requested', 'pending'],
  ['active', 'cancel_withdrawn', 'active'],
  ['pending', 'cancel_withdrawn', 'pending'],
  // Daily job: the paid period of a cancelled membership ended.
  ['active', 'cancellation_completed', 'cancelled'],
  ['pending', 'cancellation_completed', 'cancelled'],
  ['expired', 'cancellation_completed', 'cancelled'],
  // Daily job: the paid period ended without a renewal (§3.4).
  ['active', 'period_ended', 'expired'],
  ['pending', 'period_ended', 'expired'],
  // The payment of the current period was refunded (§3.7).
  ['pending', 'refunded', 'cancelled'],
  ['active', 'refunded', 'cancelled'],
  ['expired', 'refunded', 'cancelled'],
  ['cancelled', 'refunded', 'cancelled'],
  ['inactive', 'refunded', 'inactive'],
  // The club turns a subscriber off, and back on where the facts put them.
  ['pending_payment', 'deactivated', 'inactive'],
  ['pending', 'deactivated', 'inactive'],
  ['active', 'deactivated', 'inactive'],
  ['expired', 'deactivated', 'inactive'],
  ['cancelled', 'deactivated', 'inactive'],
  ['inactive', 'reactivated', 'active'],
  ['inactive', 'reactivated', 'expired'],
  ['inactive', 'reactivated', 'pending'],
  ['inactive', 'reactivated', 'pending_payment'],
  // LGPD (ADR 029): erasing a member's data ends the membership, whatever it was, without a refund.
  ['pending_payment', 'data_erased', 'cancelled'],
  ['pending', 'data_erased', 'cancelled'],
  ['active', 'data_erased', 'cancelled'],
  ['expired', 'data_erased', 'cancelled'],
  ['cancelled', 'data_erased', 'cancelled'],
  ['inactive', 'data_erased', 'cancelled'],
];

/** The targets allowed for (from, event); empty when the move is not allowed. */
export function targetsOf(from: SubscriberStatus, event: LifecycleEvent): SubscriberStatus[] {
  return TRANSITIONS.filter(([f, e]) => f === from && e === event).map(([, , to]) => to);
}

export function isAllowed(from: SubscriberStatus, event: LifecycleEvent, to: SubscriberStatus): boolean {
  return TRANSITIONS.some(([f, e, t]) => f === from && e === event && t === to);
}

/**
 * The moves an admin makes by choosing a status in the subscriber form (or a CSV import): turning a
 * subscriber off, and back on where the facts put them. Approval, cancellation and refunds have
 * their own actions.
 */
export const FORM_STATUS_EVENTS = ['deactivated', 'reactivated'] as const satisfies readonly LifecycleEvent[];

/** The event that moves `from` to `to` by the form, or null when the form may not make that move. */
export function formStatusEvent(
  from: SubscriberStatus,
  to: SubscriberStatus,
): (typeof FORM_STATUS_EVENTS)[number] | null {
  return FORM_STATUS_EVENTS.find((event) => isAllowed(from, event, to)) ?? null;
}

/** The statuses the form offers for a subscriber now in `from`: that one, then the allowed moves. */
export function formStatusOptions(from: SubscriberStatus): SubscriberStatus[] {
  return SUBSCRIBER_STATUSES.filter((to) => to === from || formStatusEvent(from, to) !== null);
}
