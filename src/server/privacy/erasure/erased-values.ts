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
  // Where commissions were to be paid (ADR 046).
  payoutPixKey: null,
  payoutPixKeyType: null,
  payoutPixKeyUpdatedAt: null,
} as const;

/** Keys of a history line's details that hold a person's contact or name (`{"to": "nova@…"}`). */
// `consentText` and `cardLast4`: the automatic renewal's consent names the card (ADR 052).
const PERSONAL_KEYS = new Set([
  'to',
  'from',
  'email',
  'oldEmail',
  'newEmail',
  'phone',
  'name',
  'consentText',
  'cardLast4',
]);

/**
 * A history line's details without the values a person typed: edited fields keep their names, a
 * contact or name (an e-mail change's `to`, any value with an `@`) becomes `***`.
 */
export function scrubbedDetails(details: Record<string, unknown> | null): Record<string, unknown> | null {
  if (!details) return details;
  const scrubbed = Object.fromEntries(
    Object.entries(details).map(([key, value]) => [
      key,
      typeof value === 'string' && (PERSONAL_KEYS.has(key) || value.includes('@')) ? '***' : value,
    ]),
  );
  if (typeof details.changes !== 'object' || details.changes === null) return scrubbed;
  const changes = Object.fromEntries(
    Object.keys(details.changes).map((field) => [field, { from: '***', to: '***' }]),
  );
  return { ...scrubbed, changes };
}
