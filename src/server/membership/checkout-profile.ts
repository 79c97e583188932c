/**
 * What a record's first paid checkout does to its profile (ADR 027). A record that only a
 * checkout ever wrote holds the name and e-mail an unpaid checkout typed: provisional (ADR 014),
 * so the paying checkout's profile becomes the record's. Any other record (created by the
 * club, typed or imported, or edited since by an admin or its member) is never changed by an
 * anonymous checkout: what the checkout typed that differs is only proposed, for an admin to
 * apply or discard.
 */
import { PROPOSABLE_FIELDS, type ProposableField } from '../../shared/proposed-changes';

export type ProfileValues = Record<ProposableField, string | null>;
export type FieldValues = Partial<Record<ProposableField, string>>;

/** Who wrote the record: null in both for a record only a checkout ever wrote. */
export interface RecordAuthors {
  createdBy: string | null;
  lastModifiedBy: string | null;
}

export const isProvisional = (record: RecordAuthors) =>
  record.createdBy === null && record.lastModifiedBy === null;

/**
 * The fields `typed` (in the columns' form, profileFromBilling) would change on a record that is
 * not provisional. A field the checkout left empty proposes nothing: a proposal never erases.
 */
export function proposalOf(record: ProfileValues, typed: ProfileValues): FieldValues {
  const propose: FieldValues = {};
  for (const field of PROPOSABLE_FIELDS) {
    const next = typed[field]?.trim();
    if (next && next !== record[field]) propose[field] = next;
  }
  return propose;
}
