/** A subscriber record as the back office reads it, and the columns its form writes. */
import { maskCpf } from '../../../../shared/cpf';
import {
  addressOfSubscriber,
  subscriberAddressOf,
  type SubscriberAddressOf,
} from '../../../../shared/fields/address';
import type { SubscriberInput, SubscriberRecord } from '../../../../shared/subscriber-schemas';
import type { Subscriber } from '../../../db/schema';
import type { ServiceDeps } from '../../../lib/deps';
import { load } from './deps';
import { iso } from '../../../lib/output';

/** One record as the back office reads it; an unknown id is "not found". */
export function getRecord(deps: Pick<ServiceDeps, 'db'>, id: string): SubscriberRecord {
  return toSubscriberRecord(load(deps, id));
}

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
export function columnsOf(input: SubscriberInput) {
  return {
    ...profileColumnsOf(input),
    email: input.email,
    subscriptionPrice: input.subscriptionPrice,
    subscriptionStartDate: input.subscriptionStartDate ? new Date(input.subscriptionStartDate) : null,
    subscriptionEndDate: input.subscriptionEndDate ? new Date(input.subscriptionEndDate) : null,
    adminNotes: input.adminNotes,
  };
}

export type Columns = ReturnType<typeof columnsOf>;

/** Comparable, storable form of a column value for the history (CPF masked: no full CPF stored). */
export function historyValue(column: keyof Columns, value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (column === 'cpf' && typeof value === 'string') return maskCpf(value);
  return value ?? null;
}
