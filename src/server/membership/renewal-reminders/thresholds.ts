import { DAY_MS } from '../../../shared/sao-paulo-time';

/** When a member is reminded: 30 and 7 days before the paid period ends. */

/** Days left at which the job reminds, farthest first. */
export const REMINDER_THRESHOLDS = [30, 7] as const;
export type ReminderThreshold = (typeof REMINDER_THRESHOLDS)[number];

/** The nearest threshold a period ending at `end` has reached, or null when more than 30 days remain. */
export function thresholdFor(end: Date, now: Date): ReminderThreshold | null {
  const left = end.getTime() - now.getTime();
  if (left <= 0) return null;
  const reached = REMINDER_THRESHOLDS.filter((days) => left <= days * DAY_MS);
  return reached.length > 0 ? reached[reached.length - 1]! : null;
}
