/**
 * The notifications outbox: every e-mail and WhatsApp message is rendered from its template and
 * stored first, then delivered by the worker (`outbox-worker.ts`) with retries, so a provider
 * outage loses nothing.
 */
import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Channel, OutboxStatus, TemplateKey } from '../../shared/notifications';
import { outbox } from '../db/schema';
import { AppError } from '../lib/errors';
import { newId } from '../lib/ids';
import { pageOffset, paginationOf } from '../lib/paging';
import { returningWrite } from '../db/returning-write';
import type { ServiceDeps } from '../lib/deps';
import type { TemplatesService, TemplateVars } from './templates';

export interface EnqueueInput {
  channel: Channel;
  recipient: string;
  template: TemplateKey;
  vars: TemplateVars;
  /**
   * Variables only the recipient may read (a set-password link): delivered, but what stays in the
   * outbox shows SECRET_PLACEHOLDER instead, and the delivered text is wiped once sent.
   */
  secretVars?: TemplateVars;
  /** What the stored copy shows in place of the secrets (a code is not a link); SECRET_PLACEHOLDER by default. */
  secretPlaceholder?: string;
  /** Once sent, the stored copy's recipient becomes ERASED_RECIPIENT (an erased person's last message). */
  eraseRecipientOnSend?: boolean;
}

/** What the outbox shows in place of the address of a person whose data was erased (ADR 029). */
export const ERASED_RECIPIENT = '[removido (LGPD)]';

/** What the stored copy of a message shows in place of a secret. */
export const SECRET_PLACEHOLDER = '[link enviado somente ao destinatário]';

export type OutboxMessage = typeof outbox.$inferSelect;

export interface OutboxFilter {
  status?: OutboxStatus;
  channel?: Channel;
}

export interface OutboxPage {
  items: OutboxMessage[];
  page: number;
  limit: number;
  total: number;
  pages: number;
}

export const OUTBOX_MSG = {
  notFound: 'Mensagem não encontrada',
  onlyFailedRetry: 'Apenas mensagens com falha podem ser reenviadas',
} as const;

/** Ties on the clock (same millisecond, or a test clock) fall back to insertion order. */
const newestFirst = [desc(outbox.createdAt), desc(sql`${outbox}.rowid`)];

function whereOf(filter: OutboxFilter): SQL | undefined {
  return and(
    filter.status ? eq(outbox.status, filter.status) : undefined,
    filter.channel ? eq(outbox.channel, filter.channel) : undefined,
  );
}

export function createOutboxService({
  db,
  clock,
  templates,
  settings,
}: ServiceDeps & { templates: TemplatesService; settings: { get(): { clubName: string } } }) {
  /** Listeners woken when a message is queued (the worker, so delivery starts at once). */
  const listeners = new Set<() => void>();
  const wake = () => {
    for (const listener of listeners) listener();
  };

  // Prepared once: every payment and sign-up queues a message (ADR 043).
  const insertMessage = returningWrite(
    db
      .insert(outbox)
      .values({
        id: sql.placeholder('id'),
        channel: sql.placeholder('channel'),
        recipient: sql.placeholder('recipient'),
        template: sql.placeholder('template'),
        subject: sql.placeholder('subject'),
        body: sql.placeholder('body'),
        deliveryBody: sql.placeholder('deliveryBody'),
        eraseRecipientOnSend: sql.placeholder('eraseRecipientOnSend'),
        status: 'queued',
        nextAttemptAt: sql.placeholder('now'),
        createdAt: sql.placeholder('now'),
        updatedAt: sql.placeholder('now'),
      })
      .returning()
      .prepare(),
  );

  return {
    enqueue(input: EnqueueInput): OutboxMessage {
      const vars = { clubName: settings.get().clubName, ...input.vars };
      const secretNames = Object.keys(input.secretVars ?? {});
      const shown = {
        ...vars,
        ...Object.fromEntries(
          secretNames.map((name) => [name, input.secretPlaceholder ?? SECRET_PLACEHOLDER]),
        ),
      };
      const { subject, body } = templates.render(input.template, input.channel, shown);
      const deliveryBody =
        secretNames.length > 0
          ? templates.render(input.template, input.channel, { ...vars, ...input.secretVars }).body
          : null;
      const now = clock.now();
      const message = insertMessage.row({
        id: newId(),
        channel: input.channel,
        recipient: input.recipient,
        template: input.template,
        subject,
        body,
        deliveryBody,
        eraseRecipientOnSend: input.eraseRecipientOnSend ?? false,
        now,
      })!;
      wake();
      return message;
    },

    /** The newest messages first (scripts, tests). */
    list(filter: OutboxFilter & { limit?: number } = {}): OutboxMessage[] {
      return db
        .select()
        .from(outbox)
        .where(whereOf(filter))
        .orderBy(...newestFirst)
        .limit(filter.limit ?? 50)
        .all();
    },

    /** One page of the admin list, newest first. */
    page(filter: OutboxFilter & { page: number; limit: number }): OutboxPage {
      const where = whereOf(filter);
      const total = db.select({ total: count() }).from(outbox).where(where).get()?.total ?? 0;
      const items = db
        .select()
        .from(outbox)
        .where(where)
        .orderBy(...newestFirst)
        .limit(filter.limit)
        .offset(pageOffset(filter))
        .all();
      return { items, ...paginationOf(filter, total, 0) };
    },

    /**
     * Puts a failed message back in the queue with a fresh set of attempts (after the admin fixed
     * the address or the provider) and wakes the worker. The last error stays until the next try.
     */
    retry(id: string): OutboxMessage {
      const now = clock.now();
      const [requeued] = db
        .update(outbox)
        .set({ status: 'queued', attempts: 0, nextAttemptAt: now, updatedAt: now })
        .where(and(eq(outbox.id, id), eq(outbox.status, 'failed')))
        .returning()
        .all();
      if (!requeued) {
        const exists = db.select({ id: outbox.id }).from(outbox).where(eq(outbox.id, id)).get();
        throw exists
          ? new AppError('CONFLICT', OUTBOX_MSG.onlyFailedRetry)
          : new AppError('NOT_FOUND', OUTBOX_MSG.notFound);
      }
      wake();
      return requeued;
    },

    onEnqueue(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type OutboxService = ReturnType<typeof createOutboxService>;
