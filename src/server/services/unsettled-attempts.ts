/**
 * One person, one charge while an attempt's outcome is unknown (issue 36): a new in-page attempt
 * or a new checkout link of a person (same e-mail or CPF) who has an attempt in verification, or a
 * card attempt still waiting for its answer, is not charged. The page shows that attempt "em
 * verificação" instead. Both checkouts ask here, so the rule is held once.
 */
import { and, eq, or, sql } from 'drizzle-orm';
import type { HeldBackAttempt, ProcessPaymentData } from '../../shared/checkout-schemas';
import { normalizedEmail } from '../../shared/email-address';
import { payments, subscribers, type Payment } from '../db/schema';
import { AppError } from '../errors';
import type { ServiceDeps } from './deps';
import { PAYMENT_MSG } from './payment-messages';

/** Who is paying. The checkout made right after registration knows no CPF: only its e-mail. */
type Person = Pick<ProcessPaymentData['customerData'], 'email'> & { cpf: string | null };

type UnsettledContext = Pick<ServiceDeps, 'db' | 'log'>;

const cpfOf = (payment: Pick<Payment, 'billingData'>) => payment.billingData?.cpfCnpj ?? null;

/** The person's in-page attempt whose outcome is unknown, if any (the oldest first). */
export function unsettledAttemptOf({ db }: UnsettledContext, person: Person): Payment | undefined {
  const row = db
    .select({ payment: payments })
    .from(payments)
    .innerJoin(subscribers, eq(subscribers.id, payments.subscriberId))
    .where(
      and(
        // Word for word the partial index payments_unsettled_idx: a handful of rows, not the pending range.
        sql`${payments.status} = 'pending' and ${payments.paymentLinkId} is null and (${payments.verifyingSince} is not null or ${payments.method} = 'credit_card')`,
        person.cpf === null
          ? eq(subscribers.email, normalizedEmail(person.email))
          : or(
              eq(subscribers.email, normalizedEmail(person.email)),
              eq(sql`json_extract(${payments.billingData}, '$.cpfCnpj')`, person.cpf),
            ),
      ),
    )
    .orderBy(payments.createdAt)
    .limit(1)
    .get();
  return row?.payment;
}

/**
 * The answer while that attempt is unknown. The person who made it (the same e-mail and CPF) is
 * shown it in verification, and the page follows it; anyone else typing one of the two learns
 * only that a payment is being verified, never its id or what it is for. A caller that typed no CPF
 * (the checkout after registration) has proven only one of the two: it gets the 409.
 */
export function heldBack(ctx: UnsettledContext, unsettled: Payment, person: Person): HeldBackAttempt {
  const owner = ctx.db
    .select({ email: subscribers.email })
    .from(subscribers)
    .where(eq(subscribers.id, unsettled.subscriberId))
    .get();
  const samePerson =
    person.cpf !== null && owner?.email === normalizedEmail(person.email) && cpfOf(unsettled) === person.cpf;
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
