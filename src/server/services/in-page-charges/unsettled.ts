/**
 * One person, one charge while an attempt's outcome is unknown (issue 36): a new in-page attempt
 * of a person (same e-mail or CPF) who has one in verification, or a card attempt still waiting
 * for its answer, is not charged. The page shows that attempt "em verificação" instead.
 */
import { and, eq, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { ProcessPaymentData, ProcessPaymentResponse } from '../../../shared/checkout-schemas';
import { normalizedEmail } from '../../../shared/email-address';
import { payments, subscribers, type Payment } from '../../db/schema';
import { AppError } from '../../errors';
import { PAYMENT_MSG } from '../payment-messages';
import type { InPageContext } from './context';

type Person = Pick<ProcessPaymentData['customerData'], 'email' | 'cpf'>;

const cpfOf = (payment: Pick<Payment, 'billingData'>) => payment.billingData?.cpfCnpj ?? null;

/** The person's in-page attempt whose outcome is unknown, if any (the oldest first). */
export function unsettledAttemptOf({ db }: InPageContext, person: Person): Payment | undefined {
  const row = db
    .select({ payment: payments })
    .from(payments)
    .innerJoin(subscribers, eq(subscribers.id, payments.subscriberId))
    .where(
      and(
        eq(payments.status, 'pending'),
        isNull(payments.paymentLinkId),
        or(isNotNull(payments.verifyingSince), eq(payments.method, 'credit_card')),
        or(
          eq(subscribers.email, normalizedEmail(person.email)),
          eq(sql`json_extract(${payments.billingData}, '$.cpfCnpj')`, person.cpf),
        ),
      ),
    )
    .orderBy(payments.createdAt)
    .get();
  return row?.payment;
}

/**
 * The answer while that attempt is unknown. The person who made it (the same e-mail and CPF) is
 * shown it in verification, and the page follows it; anyone else typing one of the two learns
 * only that a payment is being verified, never its id or what it is for.
 */
export function heldBack(ctx: InPageContext, unsettled: Payment, person: Person): ProcessPaymentResponse {
  const owner = ctx.db
    .select({ email: subscribers.email })
    .from(subscribers)
    .where(eq(subscribers.id, unsettled.subscriberId))
    .get();
  const samePerson = owner?.email === normalizedEmail(person.email) && cpfOf(unsettled) === person.cpf;
  ctx.log.warn({ paymentId: unsettled.id, samePerson }, 'new attempt held back: one is in verification');
  if (!samePerson) throw new AppError('CONFLICT', PAYMENT_MSG.verifyingForPerson);
  return {
    success: true,
    paymentId: unsettled.id,
    message: PAYMENT_MSG.verifyingHeldBack,
    status: 'pending',
    verifying: true,
  };
}
