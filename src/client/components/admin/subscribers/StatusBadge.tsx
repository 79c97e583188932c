import { SUBSCRIBER_STATUS_LABELS, type SubscriberStatus } from '../../../../shared/plans';

/** A subscriber's status as a coloured label (its text, never the colour alone, carries the meaning). */
export function StatusBadge({ status }: { status: SubscriberStatus }) {
  return <span className={`sub-badge sub-badge--${status}`}>{SUBSCRIBER_STATUS_LABELS[status]}</span>;
}
