/**
 * The back office's subscriber management (docs/product/back-office-and-member-area.md §2–§5, docs/product/decisions.md §3.3): list with filters, sort
 * and search; create, edit and delete records typed by an admin; approve a paid subscriber (account
 * created or linked, credentials sent by e-mail and WhatsApp through the outbox). Status changes go
 * through the status machine (subscriber-lifecycle.ts); every change is in the subscriber's history.
 */
import { and, asc, count, desc, eq, gt, inArray, lte, type SQL } from 'drizzle-orm';
import { maskCpf } from '../../shared/cpf';
import {
  addressOfSubscriber,
  subscriberAddressOf,
  type SubscriberAddressOf,
} from '../../shared/fields/address';
import { APPROVAL_MSG, type SubscriberAccess } from '../../shared/identity-schemas';
import type { SubscriberStatus } from '../../shared/plans';
import {
  SUBSCRIBER_MSG,
  type SubscriberActivityEntry,
  type SubscriberInput,
  type SubscriberListInput,
  type SubscriberRecord,
} from '../../shared/subscriber-schemas';
import { payments, subscribers, users, type Subscriber } from '../db/schema';
import { AppError } from '../errors';
import { newId } from '../ids';
import type { AccountsService } from './accounts';
import type { ActivityLog } from './activity-log';
import type { Credentials } from './credentials';
import { formStatusEvent } from '../../shared/subscriber-status-machine';
import type { ServiceDeps } from './deps';
import type { EmailChanges } from './email-changes';
import { planSearch, searchCondition } from './subscriber-search';
import { newReferralCode } from './subscribers';
import {
  isAllowed,
  LIFECYCLE_EVENT_TEXT,
  LIFECYCLE_EVENTS,
  LIFECYCLE_MSG,
  refusalMessage,
  type Actor,
  type LifecycleEvent,
  type SubscriberLifecycle,
} from './subscriber-lifecycle';
import { assertEmailAvailable, emailTakenError } from './email-availability';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function toSubscriberRecord(row: Subscriber): SubscriberRecord {
  const start = iso(row.subscriptionStartDate);
  const end = iso(row.subscriptionEndDate);
  return {
    id: row.id,
    _id: row.id,
    fullName: row.name,
    name: row.name,
    email: row.email,
    phone: row.phone,
    cpf: row.cpf,
    cpfCnpj: row.cpf,
    birthDate: row.birthDate,
    gender: row.gender,
    profession: row.profession,
    shirtSize: row.shirtSize,
    tshirtSize: row.shirtSize,
    winePreference: row.winePreference,
    ...subscriberAddressOf(row),
    status: row.status,
    subscriptionStatus: row.status,
    paymentStatus: row.paymentStatus,
    subscriptionPrice: row.subscriptionPrice,
    subscriptionStartDate: start,
    subscriptionEndDate: end,
    startDate: start,
    endDate: end,
    adminNotes: row.adminNotes,
    notes: row.adminNotes,
    internalNotes: row.adminNotes,
    approvedBy: row.approvedBy,
    approvedAt: iso(row.approvedAt),
    cancelRequestedAt: iso(row.cancelRequestedAt),
    profileCompleted: row.profileCompleted,
    profileCompletedAt: iso(row.profileCompletedAt),
    referralCode: row.referralCode,
    hasAccount: row.userId !== null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    createdBy: row.createdBy,
    lastModifiedBy: row.lastModifiedBy,
    billingData: row.billingData ?? null,
  };
}

/** The personal columns a profile form writes: the admin's form and the member's own profile. */
export function profileColumnsOf(
  input: Pick<
    SubscriberInput,
    'fullName' | 'phone' | 'cpf' | 'birthDate' | 'gender' | 'profession' | 'shirtSize' | 'winePreference'
  > &
    SubscriberAddressOf<string | null>,
) {
  return {
    name: input.fullName,
    phone: input.phone,
    cpf: input.cpf,
    birthDate: input.birthDate,
    gender: input.gender ?? null,
    profession: input.profession,
    shirtSize: input.shirtSize,
    winePreference: input.winePreference,
    ...addressOfSubscriber(input),
  };
}

/** The columns the form writes, from the form's values. */
function columnsOf(input: SubscriberInput) {
  return {
    ...profileColumnsOf(input),
    email: input.email,
    subscriptionPrice: input.subscriptionPrice,
    subscriptionStartDate: input.subscriptionStartDate ? new Date(input.subscriptionStartDate) : null,
    subscriptionEndDate: input.subscriptionEndDate ? new Date(input.subscriptionEndDate) : null,
    adminNotes: input.adminNotes,
  };
}

type Columns = ReturnType<typeof columnsOf>;

/** Comparable, storable form of a column value for the history (CPF masked: no full CPF stored). */
function historyValue(column: keyof Columns, value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (column === 'cpf' && typeof value === 'string') return maskCpf(value);
  return value ?? null;
}

const DAY_MS = 24 * 60 * 60 * 1000;

const SORT_COLUMNS = {
  createdAt: subscribers.createdAt,
  fullName: subscribers.name,
  status: subscribers.status,
  subscriptionPrice: subscribers.subscriptionPrice,
} as const;

/**
 * The list's filters (status, and search over name, e-mail, phone and CPF through the trigram index
 * of subscriber-search.ts); the CSV export shares them.
 */
const statusWhere = (status: 'all' | SubscriberStatus) =>
  status === 'all' ? undefined : eq(subscribers.status, status);

/** Active subscriptions whose period ends after now and within `days` (the dashboard's renewals). */
export function endingWithinWhere(days: number | undefined, now: Date): SQL | undefined {
  if (days === undefined) return undefined;
  return and(
    eq(subscribers.status, 'active'),
    gt(subscribers.subscriptionEndDate, now),
    lte(subscribers.subscriptionEndDate, new Date(now.getTime() + days * DAY_MS)),
  );
}

/** The export's rows: the list's filters, searched without paging (the list plans its own search). */
export function subscriberFilterWhere(
  filter: { status: 'all' | SubscriberStatus; search: string; endingWithinDays?: number | undefined },
  now: Date,
): SQL | undefined {
  return and(
    statusWhere(filter.status),
    endingWithinWhere(filter.endingWithinDays, now),
    searchCondition('subscribers', filter.search),
  );
}

export function createSubscriberAdmin({
  db,
  clock,
  log,
  lifecycle,
  accounts,
  activityLog,
  credentials,
  emailChanges,
}: ServiceDeps & {
  lifecycle: SubscriberLifecycle;
  accounts: AccountsService;
  activityLog: ActivityLog;
  credentials: Credentials;
  emailChanges: EmailChanges;
}) {
  function load(id: string): Subscriber {
    const row = db.select().from(subscribers).where(eq(subscribers.id, id)).get();
    if (!row) throw new AppError('NOT_FOUND', SUBSCRIBER_MSG.notFound);
    return row;
  }

  /** A status an admin sets in the form: allowed only as a move of the machine (turn off / on). */
  function editEvent(from: SubscriberStatus, to: SubscriberStatus): LifecycleEvent {
    const event = formStatusEvent(from, to);
    if (!event) throw new AppError('CONFLICT', SUBSCRIBER_MSG.statusChangeRefused);
    return event;
  }

  return {
    /** `{ subscribers, pagination }`, filtered, searched and sorted (docs/product/back-office-and-member-area.md §3). */
    list(input: SubscriberListInput) {
      const offset = (input.page - 1) * input.limit;
      const search = planSearch(db, 'subscribers', input.search, { offset, limit: input.limit });
      const filters = and(statusWhere(input.status), endingWithinWhere(input.endingWithinDays, clock.now()));
      const where = and(filters, search.where);
      const countWhere = (condition: SQL | undefined) =>
        db.select({ total: count() }).from(subscribers).where(condition).get()?.total ?? 0;
      // A search is counted by the index alone, or with the other filters from the match list.
      const total = !search.indexed
        ? countWhere(where)
        : filters
          ? countWhere(and(filters, search.indexed.inMatches))
          : search.indexed.matches;
      const column = SORT_COLUMNS[input.sortBy];
      const rows = db
        .select()
        .from(subscribers)
        .where(where)
        .orderBy(input.sortOrder === 'asc' ? asc(column) : desc(column), desc(subscribers.createdAt))
        .limit(input.limit)
        .offset(offset)
        .all();
      return {
        success: true as const,
        subscribers: rows.map(toSubscriberRecord),
        pagination: {
          page: input.page,
          limit: input.limit,
          total,
          pages: Math.max(1, Math.ceil(total / input.limit)),
        },
      };
    },

    get(id: string): SubscriberRecord {
      return toSubscriberRecord(load(id));
    },

    create(input: SubscriberInput, adminId: string): SubscriberRecord {
      const now = clock.now();
      assertEmailAvailable(db, input.email, { among: 'subscribers' });
      const id = newId();
      // An admin who records an active member vouches for them: that is their approval.
      const approval = input.status === 'active' ? { approvedBy: adminId, approvedAt: now } : {};
      const row = db.transaction(() => {
        const inserted = db
          .insert(subscribers)
          .values({
            ...columnsOf(input),
            ...approval,
            id,
            status: input.status,
            referralCode: newReferralCode(),
            createdBy: adminId,
            lastModifiedBy: adminId,
            createdAt: now,
            updatedAt: now,
          })
          .onConflictDoNothing()
          .returning()
          .get();
        if (!inserted) throw emailTakenError();
        lifecycle.record({
          subscriberId: id,
          event: 'created',
          actor: { kind: 'admin', id: adminId },
          to: input.status,
        });
        return inserted;
      });
      log.info({ subscriberId: id }, 'subscriber created by an admin');
      return toSubscriberRecord(row);
    },

    /**
     * Saves the form. The e-mail of a record tied to an account is that account's sign-in address:
     * a new one only waits for its confirmation (ADR 027) while the rest is saved; a record without
     * an account takes the corrected e-mail at once.
     */
    update(id: string, input: SubscriberInput, adminId: string): SubscriberRecord {
      const current = load(id);
      const actor: Actor = { kind: 'admin', id: adminId };
      const emailToConfirm = current.userId !== null && input.email !== current.email;
      if (input.email !== current.email && !emailToConfirm) {
        assertEmailAvailable(db, input.email, { among: 'subscribers', except: { subscriberId: id } });
      }
      const next = { ...columnsOf(input), ...(emailToConfirm ? { email: current.email } : {}) };
      const changes: Record<string, { from: unknown; to: unknown }> = {};
      for (const key of Object.keys(next) as (keyof Columns)[]) {
        const before = historyValue(key, current[key]);
        const after = historyValue(key, next[key]);
        if (JSON.stringify(before) !== JSON.stringify(after)) changes[key] = { from: before, to: after };
      }
      const now = clock.now();
      return db.transaction(() => {
        if (input.status !== current.status) {
          lifecycle.apply({
            subscriberId: id,
            event: editEvent(current.status, input.status),
            to: input.status,
            actor,
            expectFrom: current.status,
          });
        }
        const row = db
          .update(subscribers)
          .set({ ...next, lastModifiedBy: adminId, updatedAt: now })
          .where(eq(subscribers.id, id))
          .returning()
          .get();
        if (!row) throw new AppError('NOT_FOUND', SUBSCRIBER_MSG.notFound);
        if (Object.keys(changes).length > 0) {
          lifecycle.record({ subscriberId: id, event: 'edited', actor, details: { changes } });
        }
        if (emailToConfirm && current.userId) {
          // Inside the transaction: a refused address (409) leaves the whole save undone.
          emailChanges.request({
            target: { userId: current.userId, subscriberId: id },
            newEmail: input.email,
            name: current.name,
            requestedBy: 'admin',
            requestedById: adminId,
          });
        }
        return toSubscriberRecord(row);
      });
    },

    /** Deletes a record with no money on it; one with payments is deactivated or cancelled instead. */
    remove(id: string, adminId: string): void {
      load(id);
      const money = db
        .select({ id: payments.id })
        .from(payments)
        .where(and(eq(payments.subscriberId, id), inArray(payments.status, ['paid', 'refunded'])))
        .get();
      if (money) throw new AppError('CONFLICT', SUBSCRIBER_MSG.hasPayments);
      db.transaction(() => {
        db.delete(subscribers).where(eq(subscribers.id, id)).run();
        // The activity log (ADR 029) keeps that a record was deleted, by whom; the id only.
        activityLog.record({
          action: 'subscriber_deleted',
          actor: { kind: 'admin', id: adminId },
          subscriberId: id,
        });
      });
      log.info({ subscriberId: id }, 'subscriber deleted by an admin');
    },

    /**
     * The entry bar (docs/product/decisions.md §3.3): a paid subscriber awaiting approval becomes active and gets
     * an account. Who receives what follows ADR 027 (`credentials.deliverApproval`): a new account's
     * set-password link goes only to its own e-mail; an account that already had that e-mail is
     * only told; WhatsApp gets a notice. A record naming an admin's e-mail is refused. An account
     * someone registered with that e-mail without proving it is not tied: proving it ties it.
     */
    async approve(id: string, adminId: string): Promise<{ subscriber: SubscriberRecord; message: string }> {
      const current = load(id);
      if (current.approvedBy) throw new AppError('CONFLICT', LIFECYCLE_MSG.alreadyApproved);
      // Refused in the machine's words before any account is touched.
      if (!isAllowed(current.status, 'approved', 'active'))
        throw new AppError('CONFLICT', refusalMessage(current.status, 'approved'));
      const refusal = credentials.approvalRefusal(current);
      if (refusal) throw new AppError('CONFLICT', refusal);
      const existing = credentials.accountOf(current);
      const account =
        existing ?? (await accounts.createAccount({ name: current.name, email: current.email }));
      const linkNow = current.userId === null && (!existing || existing.emailVerifiedAt !== null);
      const now = clock.now();
      const moved = lifecycle.apply({
        subscriberId: id,
        event: 'approved',
        actor: { kind: 'admin', id: adminId },
        expectFrom: current.status,
        set: {
          approvedBy: adminId,
          approvedAt: now,
          lastModifiedBy: adminId,
          ...(linkNow ? { userId: account.id } : {}),
        },
      });
      credentials.deliverApproval({ subscriber: current, account, created: !existing });
      log.info({ subscriberId: id, linked: linkNow }, 'subscriber approved');
      return {
        subscriber: toSubscriberRecord(moved.subscriber),
        message: existing ? APPROVAL_MSG.approvedExistingAccount : APPROVAL_MSG.approvedNewAccount,
      };
    },

    /**
     * What the back office shows of a record's access (ADR 027): the account it belongs to with its
     * proven contacts, a sign-in address change waiting for confirmation, and why an approval would
     * be refused.
     */
    access(id: string): SubscriberAccess {
      const current = load(id);
      const account = credentials.accountOf(current);
      const phone = account ? credentials.provenPhone(account.id) : undefined;
      return {
        account: account
          ? {
              email: account.email,
              role: account.role,
              emailVerifiedAt: iso(account.emailVerifiedAt),
              provenPhone: phone?.phone ?? null,
              phoneProvenAt: iso(phone?.provenAt ?? null),
              tied: current.userId === account.id,
            }
          : null,
        pendingEmail: emailChanges.pending(
          current.userId ? { userId: current.userId, subscriberId: id } : { userId: null, subscriberId: id },
        ),
        approvalRefusal: credentials.approvalRefusal(current),
      };
    },

    /** "Cancele quando quiser" asked by an admin: access lasts to the end of the paid period. */
    requestCancellation(id: string, adminId: string, reason: string | null): SubscriberRecord {
      return toSubscriberRecord(
        lifecycle.requestCancellation(id, { kind: 'admin', id: adminId }, reason).subscriber,
      );
    },

    /** The subscriber's history, oldest first, with the actor's name (view mode). */
    history(id: string): SubscriberActivityEntry[] {
      load(id);
      const entries = lifecycle.history(id);
      const actorIds = [...new Set(entries.map((entry) => entry.actorId).filter((value) => value !== null))];
      const names = new Map(
        actorIds.length
          ? db
              .select({ id: users.id, name: users.name })
              .from(users)
              .where(inArray(users.id, actorIds))
              .all()
              .map((user) => [user.id, user.name])
          : [],
      );
      return entries.map((entry) => ({
        id: entry.id,
        event: entry.event,
        label: activityLabel(entry.event),
        fromStatus: entry.fromStatus,
        toStatus: entry.toStatus,
        actorKind: entry.actorKind,
        actorName: entry.actorId ? (names.get(entry.actorId) ?? null) : null,
        reason: entry.reason,
        details: entry.details ?? null,
        createdAt: entry.createdAt.toISOString(),
      }));
    },
  };
}

const OTHER_ACTIVITY_LABELS: Record<string, string> = {
  created: 'Cadastro criado',
  edited: 'Dados editados',
  payment_refunded: 'Pagamento reembolsado',
  messaged: 'Mensagem enviada',
  profile_completed: 'Dados atualizados pelo assinante (Atualização de Dados)',
  deletion_requested: 'Exclusão de dados solicitada (LGPD)',
  // Proven contacts (ADR 027).
  email_change_requested: 'Troca de email pedida (aguardando confirmação pelo novo endereço)',
  email_changed: 'Email trocado (confirmado pelo novo endereço)',
};

function activityLabel(event: string): string {
  if ((LIFECYCLE_EVENTS as readonly string[]).includes(event)) {
    return LIFECYCLE_EVENT_TEXT[event as LifecycleEvent].label;
  }
  return OTHER_ACTIVITY_LABELS[event] ?? event;
}

export type SubscriberAdmin = ReturnType<typeof createSubscriberAdmin>;
