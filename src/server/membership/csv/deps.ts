/** What the subscribers' CSV is built from, and the columns' headers both directions share. */
import { SUBSCRIBER_CSV_COLUMNS, type SubscriberCsvField } from '../../../shared/subscriber-csv';
import type { ActivityLog } from '../../privacy/activity-log';
import type { ServiceDeps } from '../../lib/deps';
import type { SettingsService } from '../../settings/settings';
import type { SubscriberAdminContext } from '../subscribers/admin/deps';

/** What the subscribers' CSV is built from, by name. */
export type SubscriberCsvDeps = ServiceDeps & {
  subscriberAdmin: SubscriberAdminContext;
  activityLog: Pick<ActivityLog, 'record'>;
  /** The annual price of Configurações: what a new record's blank price cell means. */
  settings: Pick<SettingsService, 'get'>;
};

export const HEADER_OF = Object.fromEntries(
  SUBSCRIBER_CSV_COLUMNS.map(([header, field]) => [field, header]),
) as Record<SubscriberCsvField, string>;
