/**
 * One person, one charge while an attempt's outcome is unknown (ADR 030): a new in-page attempt
 * or a new checkout link of a person (same e-mail or CPF) who has an attempt in verification, or a
 * card attempt still waiting for its answer, or a payment link past its deadline whose answer the
 * provider has not given yet (it may have been paid in its last minutes), is not charged. The page
 * shows that attempt "em verificação" instead. Both checkouts ask here, so the rule is held once.
 */
import { and, eq, lte, or, sql, type SQL } from 'drizzle-orm';
import type { HeldBackAttempt, HeldBackLink, ProcessPaymentData } from '../../shared/checkout-schemas';
import { normalizedEmail } from '../../shared/email-address';
import { paymentLinks, payments, subscribers, type Payment, type PaymentLink } from '../db/schema';
import { AppError } from '../lib/errors';
import type { ServiceDeps } from '../lib/deps';
import type { SubscribersService } from '../membership/subscribers/subscribers';
import { PAYMENT_MSG } from './messages';
import { awaitingDeadlineAnswer } from './links/link-details';

/** Who is paying. The checkout made right after registration knows no CPF: only its e-mail. */
type Person = Pick<ProcessPaymentData['customerData'], 'email'> & { cpf: string | null };

/**
 * The two reads every checkout makes before charging, prepared once per service (ADR 049): built
 * per call, the whole-row selection cost more than SQLite running the query. Each comes in two
 * forms, by e-mail alone (the checkout after registration typed no CPF) and by e-mail or CPF, so
 * each keeps the SQL, and the plan, it had when written per call.
 */
export function prepareUnsettledQueries(db: ServiceDeps['db']) {
  const email = eq(subscribers.email, sql.placeholder('email'));
  const attemptCpf = eq(sql`json_extract(${payments.billingData}, '$.cpfCnpj')`, sql.placeholder('cpf'));
  const linkCpf = eq(sql`json_extract(${paymentLinks.billingData}, '$.cpfCnpj')`, sql.placeholder('cpf'));
  const attempt = (person: SQL) =>
    db
      .select({ payment: payments })
      .from(payments)
      .innerJoin(subscribers, eq(subscribers.id, payments.subscriberId))
      .where(
        and(
          // Word for word the partial index payments_unsettled_idx: a handful of rows, not the pending range.
          sql`${payments.status} = 'pending' and ${payments.paymentLinkId} is null and (${payments.verifyingSince} is not null or ${payments.method} = 'credit_card')`,
          person,
        ),
      )
      .orderBy(payments.createdAt)
      .limit(1)
      .prepare();
  const link = (person: SQL) =>
    db
      .select({ link: paymentLinks })
      .from(paymentLinks)
      .innerJoin(subscribers, eq(subscribers.id, paymentLinks.subscriberId))
      .where(
        and(
          eq(paymentLinks.status, 'pending'),
          // Placeholders in a condition are bound as given: `now` in milliseconds, as the column stores it.
          lte(paymentLinks.expiresAt, sql.placeholder('now')),
          person,
        ),
      )
      .orderBy(paymentLinks.expiresAt)
      .limit(1)
      .prepare();
  return {
    attemptByEmail: attempt(email),
    attemptByEmailOrCpf: attempt(or(email, attemptCpf)!),
    linkByEmail: link(email),
    linkByEmailOrCpf: link(or(email, linkCpf)!),
  };
}

export type UnsettledQueries = ReturnType<typeof prepareUnsettledQueries>;

type UnsettledContext = Pick<ServiceDeps, 'log' | 'clock'> & {
  unsettled: UnsettledQueries;
  subscribers: Pick<SubscribersService, 'getById'>;
};

/** The person's in-page attempt whose outcome is unknown, if any (the oldest first). */
export function unsettledAttemptOf({ unsettled }: UnsettledContext, person: Person): Payment | undefined {
  const email = normalizedEmail(person.email);
  const row =
    person.cpf === null
      ? unsettled.attemptByEmail.get({ email })
      : unsettled.attemptByEmailOrCpf.get({ email, cpf: person.cpf });
  return row?.payment;
}

/**
 * The person's payment link past its 48 hours that the provider has not yet said is unpaid
 * (`awaitingDeadlineAnswer`): paid in its last minutes with the webhook lost, or not; until the
 * provider answers, a second charge could be a second year. The range read is the pending links past
 * their time, which every answer (tracking poll, reconciliation, the daily job) empties.
 */
export function unsettledLinkOf(
  { unsettled, clock }: UnsettledContext,
  person: Person,
): PaymentLink | undefined {
  const now = clock.now();
  const email = normalizedEmail(person.email);
  const row =
    person.cpf === null
      ? unsettled.linkByEmail.get({ email, now: now.getTime() })
      : unsettled.linkByEmailOrCpf.get({ email, cpf: person.cpf, now: now.getTime() });
  return row && awaitingDeadlineAnswer(row.link, now) ? row.link : undefined;
}

/** Whether the one who typed `person` is the attempt's own (its record's e-mail and its CPF). */
function isSamePerson(
  ctx: UnsettledContext,
  attempt: { subscriberId: string; billingData: { cpfCnpj?: string | null } | null },
  person: Person,
): boolean {
  const owner = ctx.subscribers.getById(attempt.subscriberId);
  return (
    person.cpf !== null &&
    owner?.email === normalizedEmail(person.email) &&
    (attempt.billingData?.cpfCnpj ?? null) === person.cpf
  );
}

/**
 * The answer while that attempt is unknown. The person who made it (the same e-mail and CPF) is
 * shown it in verification, and the page follows it; anyone else typing one of the two learns
 * only that a payment is being verified, never its id or what it is for. A caller that typed no CPF
 * (the checkout after registration) has proven only one of the two: it gets the 409.
 */
export function heldBack(ctx: UnsettledContext, unsettled: Payment, person: Person): HeldBackAttempt {
  const samePerson = isSamePerson(ctx, unsettled, person);
  ctx.log.warn({ paymentId: unsettled.id, samePerson }, 'new attempt held back: one is in verification');
  if (!samePerson) throw new AppError('CONFLICT', PAYMENT_MSG.verifyingForPerson);
  return {
    success: true as const,
    paymentId: unsettled.id,
    message: PAYMENT_MSG.verifyingHeldBack,
    status: 'pending' as const,
    verifying: true as const,
  };
}

/**
 * The same answer for a link whose deadline's answer is awaited: its own person follows the link's
 * status (the tracking page's answer) until the provider says; anyone else gets the 409.
 */
export function heldBackByLink(ctx: UnsettledContext, link: PaymentLink, person: Person): HeldBackLink {
  const samePerson = isSamePerson(ctx, link, person);
  ctx.log.warn({ linkId: link.id, samePerson }, 'new attempt held back: a link is in verification');
  if (!samePerson) throw new AppError('CONFLICT', PAYMENT_MSG.verifyingForPerson);
  return {
    success: true as const,
    paymentLinkId: link.id,
    message: PAYMENT_MSG.verifyingHeldBack,
    status: 'pending' as const,
    verifying: true as const,
  };
}
