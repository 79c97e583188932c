/**
 * The admin form's values and their conversions: a stored record → the form (edit, view), the
 * form's dates (calendar days in the club's time zone) ↔ the stored instants, and the local draft
 * of a new subscriber (docs/product/back-office-and-member-area.md §4: auto-saved, offered in create mode only).
 */
import {
  addressOfSubscriber,
  addressText,
  subscriberAddressOf,
  type SubscriberAddressOf,
} from '../../../../shared/fields/address';
import { formatCep, formatCpf, formatPhone } from '../../../../shared/fields/rules';
import { saoPauloCalendarDay } from '../../../../shared/sao-paulo-time';
import type { SubscriberFormValues, SubscriberRecord } from '../../../../shared/subscriber-schemas';

/** YYYY-MM-DD of an instant in the club's time zone (what a date input shows). */
export const calendarDay = (iso: string | null | undefined) =>
  iso ? saoPauloCalendarDay(new Date(iso)) : '';

// The display formatters are the shared fields' (ADR 037); the forms import them from here.
export { formatCep, formatCpf, formatPhone };

/** A stored address as the subscriber forms hold it: every part a string, the CEP masked. */
export function addressFormValues(address: SubscriberAddressOf<string | null>): SubscriberAddressOf<string> {
  const text = subscriberAddressOf(addressText(addressOfSubscriber(address)));
  return { ...text, zipCode: formatCep(text.zipCode) };
}

/** Every text field is a string in the form (inputs), so "empty" is always ''. */
export type FormState = Omit<SubscriberFormValues, 'subscriptionPrice'> & { subscriptionPrice: number };

/**
 * A new subscriber's form. The price is the annual price of Configurações (the caller reads the
 * club's settings): the one home of the price, as for a checkout and a CSV import.
 */
export const emptyForm = (annualPrice: number): FormState => ({
  fullName: '',
  email: '',
  phone: '',
  cpf: '',
  birthDate: '',
  gender: null,
  profession: '',
  shirtSize: 'M',
  winePreference: '',
  // No address: every part empty, as the shared address fields read one.
  ...subscriberAddressOf(addressText({})),
  status: 'pending_payment',
  subscriptionPrice: annualPrice,
  subscriptionStartDate: '',
  subscriptionEndDate: '',
  adminNotes: '',
});

export function formStateOf(record: SubscriberRecord): FormState {
  return {
    fullName: record.fullName,
    email: record.email,
    phone: formatPhone(record.phone),
    cpf: record.cpf ? formatCpf(record.cpf) : '',
    birthDate: record.birthDate ?? '',
    gender: record.gender,
    profession: record.profession ?? '',
    shirtSize: (record.shirtSize as FormState['shirtSize']) ?? 'M',
    winePreference: record.winePreference ?? '',
    ...addressFormValues(record),
    status: record.status,
    subscriptionPrice: record.subscriptionPrice,
    subscriptionStartDate: calendarDay(record.subscriptionStartDate),
    subscriptionEndDate: calendarDay(record.subscriptionEndDate),
    adminNotes: record.adminNotes ?? '',
  };
}

/**
 * A date left as it was keeps its stored instant: saving an edit does not move a period's end to
 * noon of the same day (and the history shows no change that nobody made).
 */
export function keepStoredInstants<
  T extends { subscriptionStartDate?: string | null; subscriptionEndDate?: string | null },
>(values: T, record: SubscriberRecord | undefined): T {
  if (!record) return values;
  const result = { ...values };
  for (const key of ['subscriptionStartDate', 'subscriptionEndDate'] as const) {
    const stored = record[key];
    if (stored && values[key] && calendarDay(values[key]) === calendarDay(stored)) result[key] = stored;
  }
  return result;
}

const DRAFT_KEY = 'confraria.admin.subscriber-draft';

export const drafts = {
  load(annualPrice: number): FormState | null {
    try {
      const text = localStorage.getItem(DRAFT_KEY);
      if (!text) return null;
      const value = JSON.parse(text) as Partial<FormState>;
      return { ...emptyForm(annualPrice), ...value };
    } catch {
      return null;
    }
  },
  save(values: FormState) {
    try {
      // A form nobody typed in is not a draft (its price is the one it started with).
      const untouched = emptyForm(values.subscriptionPrice);
      const typed = Object.entries(values).some(
        ([key, value]) => value !== untouched[key as keyof FormState] && value !== '' && value !== null,
      );
      if (typed) localStorage.setItem(DRAFT_KEY, JSON.stringify(values));
    } catch {
      // Storage full or disabled: the draft is a convenience, the form still works.
    }
  },
  clear() {
    try {
      localStorage.removeItem(DRAFT_KEY);
    } catch {
      // Nothing to do.
    }
  },
};
