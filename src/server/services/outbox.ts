/**
 * The notifications outbox: every e-mail and WhatsApp message is rendered from its template and
 * stored first, then delivered by the worker (`outbox-worker.ts`) with retries, so a provider
 * outage loses nothing.
 */
import { desc, eq } from 'drizzle-orm';
import type { Channel, OutboxStatus, TemplateKey } from '../../shared/notifications';
import { outbox } from '../db/schema';
import { newId } from '../ids';
import type { ServiceDeps } from './deps';
import type { TemplatesService, TemplateVars } from './templates';

export interface EnqueueInput {
  channel: Channel;
  recipient: string;
  template: TemplateKey;
  vars: TemplateVars;
}

export type OutboxMessage = typeof outbox.$inferSelect;

export function createOutboxService(
  { db, clock }: ServiceDeps,
  templates: TemplatesService,
  settings: { get(): { clubName: string } },
) {
  /** Listeners woken when a message is queued (the worker, so delivery starts at once). */
  const listeners = new Set<() => void>();

  return {
    enqueue(input: EnqueueInput): OutboxMessage {
      const vars = { clubName: settings.get().clubName, ...input.vars };
      const { subject, body } = templates.render(input.template, input.channel, vars);
      const now = clock.now();
      const message = db
        .insert(outbox)
        .values({
          id: newId(),
          channel: input.channel,
          recipient: input.recipient,
          template: input.template,
          subject,
          body,
          status: 'queued',
          nextAttemptAt: now,
          createdAt: now,
          updatedAt: now,
        })
        .returning()
        .get();
      for (const listener of listeners) listener();
      return message;
    },

    list(filter: { status?: OutboxStatus; limit?: number } = {}): OutboxMessage[] {
      const query = db.select().from(outbox).orderBy(desc(outbox.createdAt)).limit(filter.limit ?? 50);
      return filter.status ? query.where(eq(outbox.status, filter.status)).all() : query.all();
    },

    onEnqueue(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type OutboxService = ReturnType<typeof createOutboxService>;
