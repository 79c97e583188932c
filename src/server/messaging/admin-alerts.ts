/**
 * An alert for the club's admins (a chargeback to contest, an LGPD request to answer): one e-mail
 * to each admin account, queued in the outbox.
 */
import { eq } from 'drizzle-orm';
import type { TemplateKey } from '../../shared/notifications';
import { users } from '../db/schema';
import type { ServiceDeps } from '../lib/deps';
import type { OutboxService } from './outbox';
import type { TemplateVars } from './templates';

export function emailEveryAdmin(
  { db, outbox }: Pick<ServiceDeps, 'db'> & { outbox: Pick<OutboxService, 'enqueue'> },
  template: TemplateKey,
  vars: TemplateVars,
): void {
  const admins = db.select({ email: users.email }).from(users).where(eq(users.role, 'admin')).all();
  for (const admin of admins) outbox.enqueue({ channel: 'email', recipient: admin.email, template, vars });
}
