/**
 * The site's contact form: the message is stored, then e-mailed to the club through the outbox
 * (store-then-deliver, so a mail outage loses nothing). The recipient is always the configured
 * `contactEmail`: whatever address a caller puts in the payload is ignored, so the form cannot be
 * used to relay mail to third parties.
 */
import { desc } from 'drizzle-orm';
import type { ContactMessageInput } from '../../shared/contact';
import { contactMessages } from '../db/schema';
import { newId } from '../lib/ids';
import type { ServiceDeps } from '../lib/deps';
import type { OutboxService } from '../messaging/outbox';
import type { SettingsService } from '../settings/settings';

export type ContactMessage = typeof contactMessages.$inferSelect;

export function createContactService({
  db,
  clock,
  log,
  settings,
  outbox,
}: ServiceDeps & { settings: Pick<SettingsService, 'get'>; outbox: Pick<OutboxService, 'enqueue'> }) {
  return {
    /**
     * Stores the message and queues the e-mail. `input` was parsed by the transport with
     * `contactInput` (whose Portuguese messages answer a bad form), so it is not parsed again here.
     */
    send(input: ContactMessageInput): { id: string } {
      const recipient = settings.get().contactEmail;
      const id = newId();
      // One transaction: the stored message and its queued e-mail exist together or not at all.
      db.transaction(() => {
        const queued = outbox.enqueue({
          channel: 'email',
          recipient,
          template: 'contact',
          vars: { name: input.name, email: input.email, subject: input.subject, message: input.message },
        });
        db.insert(contactMessages)
          .values({
            id,
            name: input.name,
            email: input.email,
            subject: input.subject,
            message: input.message,
            recipient,
            outboxId: queued.id,
            createdAt: clock.now(),
          })
          .run();
      });
      log.info({ contactMessageId: id }, 'contact message stored and queued');
      return { id };
    },

    /** Most recent first (back office, and the demo seed's check for what exists). */
    list(limit = 50): ContactMessage[] {
      return db.select().from(contactMessages).orderBy(desc(contactMessages.createdAt)).limit(limit).all();
    },
  };
}
