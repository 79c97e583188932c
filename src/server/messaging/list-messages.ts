/**
 * A message to everyone in a filtered subscriber list (ADR 046). The recipients are the list's
 * rows (its filters and order, at most LIST_MESSAGE_MAX); each gets the text on a contact proven
 * to be theirs (ADR 027): the WhatsApp number their account confirmed with a code, else their
 * account's confirmed sign-in e-mail. A record with neither is listed apart and gets nothing: what
 * a checkout or a file typed is a claim, and a club message to a claimed number may reach a
 * stranger. `{{nome}}` becomes each recipient's first name.
 *
 * A send carries the idempotency key its dialog made: the first call queues the messages and
 * stores the key in the same transaction; any later call with that key (a double click, a retry
 * after a lost answer) finds it and queues nothing. Each message is in the outbox and in its
 * subscriber's history (`messaged`, with the send's id); the activity log keeps one line per send.
 */
import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import {
  FIRST_NAME_PLACEHOLDER,
  LIST_MESSAGE_MAX,
  LIST_MESSAGE_MSG,
  type ListMessageFilter,
  type ListMessagePreview,
  type ListMessageSendOutput,
  type SubscriberMessage,
} from '../../shared/batch-schemas';
import { formatPhone } from '../../shared/fields/rules';
import { listMessages, outbox, subscriberActivity, subscribers, type Subscriber } from '../db/schema';
import { AppError } from '../lib/errors';
import { newId } from '../lib/ids';
import type { ActivityLog } from '../privacy/activity-log';
import type { Credentials } from '../identity/credentials';
import type { ServiceDeps } from '../lib/deps';
import type { OutboxService } from './outbox';
import { SORT_COLUMNS, subscriberFilterWhere } from '../membership/subscribers/admin/filters';
import type { SubscriberLifecycle } from '../membership/subscribers/lifecycle';

export type ListMessagesDeps = ServiceDeps & {
  clubName(): string;
  renderCustom(channel: Channel, vars: Record<string, string>): string;
  credentials: Credentials;
  outbox: OutboxService;
  lifecycle: SubscriberLifecycle;
  activityLog: ActivityLog;
};

type Channel = 'whatsapp' | 'email';
interface Reachable {
  subscriber: Subscriber;
  channel: Channel;
  recipient: string;
}
interface Unreachable {
  id: string;
  name: string;
  reason: string;
}

/** The list's rows in its order, one more than the limit (to tell "too many"), and its total. */
function recipientsOf({ db, clock }: ListMessagesDeps, filter: ListMessageFilter) {
  const where = subscriberFilterWhere(filter, clock.now());
  const column = SORT_COLUMNS[filter.sortBy];
  const rows = db
    .select()
    .from(subscribers)
    .where(where)
    .orderBy(filter.sortOrder === 'asc' ? asc(column) : desc(column), desc(subscribers.createdAt))
    .limit(LIST_MESSAGE_MAX + 1)
    .all();
  return rows;
}

/** Where this record's messages may go: a proven WhatsApp number, else a confirmed sign-in e-mail. */
function contactOf({ credentials }: ListMessagesDeps, subscriber: Subscriber): Reachable | null {
  const account = credentials.accountOf(subscriber);
  if (!account || account.role !== 'user') return null;
  const phone = credentials.provenPhone(account.id);
  if (phone) return { subscriber, channel: 'whatsapp', recipient: phone.phone };
  if (account.emailVerifiedAt) return { subscriber, channel: 'email', recipient: account.email };
  return null;
}

function split(deps: ListMessagesDeps, rows: Subscriber[]) {
  const reachable: Reachable[] = [];
  const unreachable: Unreachable[] = [];
  for (const subscriber of rows) {
    const contact = contactOf(deps, subscriber);
    if (contact) reachable.push(contact);
    else
      unreachable.push({
        id: subscriber.id,
        name: subscriber.name,
        reason: LIST_MESSAGE_MSG.noProvenContact,
      });
  }
  return { reachable, unreachable };
}

const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? name;
const personalised = (text: string, name: string) => text.split(FIRST_NAME_PLACEHOLDER).join(firstName(name));

function varsOf(deps: ListMessagesDeps, contact: Reachable, text: string) {
  return {
    name: contact.subscriber.name,
    email: contact.subscriber.email,
    message: personalised(text, contact.subscriber.name),
    subject: `Mensagem da ${deps.clubName()}`,
  };
}

function preview(deps: ListMessagesDeps, filter: ListMessageFilter, text: string): ListMessagePreview {
  const rows = recipientsOf(deps, filter);
  if (rows.length > LIST_MESSAGE_MAX) {
    return {
      total: rows.length,
      tooMany: LIST_MESSAGE_MSG.tooMany(countAll(deps, filter)),
      reachable: 0,
      byChannel: { whatsapp: 0, email: 0 },
      unreachable: [],
      first: null,
    };
  }
  const { reachable, unreachable } = split(deps, rows);
  const first = reachable[0];
  return {
    total: rows.length,
    tooMany: null,
    reachable: reachable.length,
    byChannel: {
      whatsapp: reachable.filter((contact) => contact.channel === 'whatsapp').length,
      email: reachable.filter((contact) => contact.channel === 'email').length,
    },
    unreachable,
    first: first
      ? {
          name: first.subscriber.name,
          channel: first.channel,
          text: deps.renderCustom(first.channel, varsOf(deps, first, text)),
        }
      : null,
  };
}

function countAll({ db, clock }: ListMessagesDeps, filter: ListMessageFilter): number {
  const where = subscriberFilterWhere(filter, clock.now());
  return db.select({ total: count() }).from(subscribers).where(where).get()?.total ?? 0;
}

function send(
  deps: ListMessagesDeps,
  input: { filter: ListMessageFilter; message: string; idempotencyKey: string },
  adminId: string,
): ListMessageSendOutput {
  const { db, clock, outbox: queue, lifecycle, activityLog, log } = deps;
  const stored = () =>
    db
      .select()
      .from(listMessages)
      .where(and(eq(listMessages.adminId, adminId), eq(listMessages.idempotencyKey, input.idempotencyKey)))
      .get();
  const replay = (row: typeof listMessages.$inferSelect): ListMessageSendOutput => ({
    success: true,
    message: LIST_MESSAGE_MSG.replayed,
    replayed: true,
    sent: row.sent,
    skipped: row.skipped,
    unreachable: [],
  });
  const earlier = stored();
  if (earlier) return replay(earlier);

  const rows = recipientsOf(deps, input.filter);
  if (rows.length > LIST_MESSAGE_MAX)
    throw new AppError('BAD_REQUEST', LIST_MESSAGE_MSG.tooMany(countAll(deps, input.filter)));
  const { reachable, unreachable } = split(deps, rows);
  if (reachable.length === 0) throw new AppError('BAD_REQUEST', LIST_MESSAGE_MSG.noRecipients);

  const id = newId();
  // One transaction: the key and every message, or nothing (a retry then sends them all once).
  const outcome = db.transaction(() => {
    const inserted = db
      .insert(listMessages)
      .values({
        id,
        adminId,
        idempotencyKey: input.idempotencyKey,
        message: input.message,
        filter: input.filter,
        sent: reachable.length,
        skipped: unreachable.length,
        createdAt: clock.now(),
      })
      .onConflictDoNothing()
      .run();
    if (inserted.changes === 0) return null;
    for (const contact of reachable) {
      const queued = queue.enqueue({
        channel: contact.channel,
        recipient: contact.recipient,
        template: 'custom',
        vars: varsOf(deps, contact, input.message),
      });
      lifecycle.record({
        subscriberId: contact.subscriber.id,
        event: 'messaged',
        actor: { kind: 'admin', id: adminId },
        details: { template: 'custom', channel: contact.channel, outboxId: queued.id, listMessageId: id },
      });
    }
    activityLog.record({
      action: 'list_messaged',
      actor: { kind: 'admin', id: adminId },
      details: { listMessageId: id, sent: reachable.length, skipped: unreachable.length },
    });
    return true;
  });
  if (!outcome) return replay(stored()!);
  log.info({ listMessageId: id, sent: reachable.length, skipped: unreachable.length }, 'list message queued');
  return {
    success: true,
    message: LIST_MESSAGE_MSG.sent(reachable.length, unreachable.length),
    replayed: false,
    sent: reachable.length,
    skipped: unreachable.length,
    unreachable,
  };
}

/** The messages on a record ("Mensagens" of its history), newest first, as the outbox keeps them. */
function messagesOf({ db }: ListMessagesDeps, subscriberId: string): SubscriberMessage[] {
  const entries = db
    .select({ details: subscriberActivity.details })
    .from(subscriberActivity)
    .where(and(eq(subscriberActivity.subscriberId, subscriberId), eq(subscriberActivity.event, 'messaged')))
    .orderBy(desc(subscriberActivity.createdAt))
    .limit(100)
    .all();
  const toList = new Map<string, boolean>();
  for (const { details } of entries) {
    const outboxId = details?.outboxId;
    if (typeof outboxId === 'string') toList.set(outboxId, typeof details?.listMessageId === 'string');
  }
  if (toList.size === 0) return [];
  return db
    .select()
    .from(outbox)
    .where(inArray(outbox.id, [...toList.keys()]))
    .orderBy(desc(outbox.createdAt))
    .all()
    .map((row) => ({
      id: row.id,
      createdAt: row.createdAt.toISOString(),
      channel: row.channel,
      recipient: row.channel === 'whatsapp' ? formatPhone(row.recipient) : row.recipient,
      status: row.status,
      text: row.body,
      toList: toList.get(row.id) ?? false,
    }));
}

export function createListMessages(
  deps: Omit<ListMessagesDeps, 'clubName' | 'renderCustom'> & {
    settings: { get(): { clubName: string } };
    templates: { render(key: 'custom', channel: Channel, vars: Record<string, string>): { body: string } };
  },
) {
  const full = {
    ...deps,
    clubName: () => deps.settings.get().clubName,
    renderCustom: (channel: Channel, vars: Record<string, string>) =>
      deps.templates.render('custom', channel, { clubName: deps.settings.get().clubName, ...vars }).body,
  };
  return {
    preview: (filter: ListMessageFilter, text: string) => preview(full, filter, text),
    send: (input: { filter: ListMessageFilter; message: string; idempotencyKey: string }, adminId: string) =>
      send(full, input, adminId),
    messagesOf: (subscriberId: string) => messagesOf(full, subscriberId),
  };
}
