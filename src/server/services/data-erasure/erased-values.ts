/** What erased data becomes: the values written in place of a person's. */
import { ERASED_NAME } from '../../../shared/privacy-schemas';
import type { BillingData } from '../../db/schema';

export const ERASED_TEXT = '[removido (LGPD)]';

/** Where erased records' e-mails point: a reserved name (RFC 2606) that no message can reach. */
export const ERASED_EMAIL_DOMAIN = 'anonimizado.invalid';
export const erasedEmail = (subscriberId: string) => `removido-${subscriberId}@${ERASED_EMAIL_DOMAIN}`;

export const erasedBilling = (email: string): BillingData => ({
  name: ERASED_NAME,
  email,
  phone: '',
  cpfCnpj: '',
  address: '',
  number: '',
  complement: '',
  neighborhood: '',
  city: '',
  state: '',
  zipCode: '',
});

/** Every personal field of docs/product/back-office-and-member-area.md §3 emptied (shirt size back to its default: the column is required). */
export const ERASED_PROFILE = {
  name: ERASED_NAME,
  phone: '',
  cpf: null,
  birthDate: null,
  gender: null,
  profession: null,
  shirtSize: 'M',
  winePreference: null,
  street: null,
  number: null,
  complement: null,
  neighborhood: null,
  city: null,
  state: null,
  zipCode: null,
  adminNotes: null,
  billingData: null,
  cancelRequestedAt: null,
  cancelRequestedBy: null,
} as const;

/** A history line's details without the values a person typed: edited fields keep their names. */
export function scrubbedDetails(details: Record<string, unknown> | null): Record<string, unknown> | null {
  if (!details || typeof details.changes !== 'object' || details.changes === null) return details;
  const changes = Object.fromEntries(
    Object.keys(details.changes).map((field) => [field, { from: '***', to: '***' }]),
  );
  return { ...details, changes };
}
