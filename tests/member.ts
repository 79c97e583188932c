/** Test helpers for the member portal: a signed-in member tied to a subscriber with a paid period. */
import { newId } from '../src/server/lib/ids';
import { eq } from 'drizzle-orm';
import { deletionRequests, payments, referrals, subscribers } from '../src/server/db/schema';
import { newReferralCode } from '../src/server/membership/subscribers/subscribers';
import { rememberCard } from '../src/server/payments/automatic-renewal/saved-card';
import type { SubscriberStatus } from '../src/shared/plans';
import type { TestApp } from './app';
import { DAY_MS } from '../src/shared/sao-paulo-time';

export interface TestMember {
  token: string;
  userId: string;
  email: string;
  subscriberId: string;
  referralCode: string;
  name: string;
}

let counter = 0;

/**
 * A member account (e-mail proven) tied to a subscriber: approved (unless `approved: false`), with
 * `status`, a period ending `endInDays` from the test clock, and the paid payment of that period.
 */
export async function makeMember(
  t: TestApp,
  options: { status?: SubscriberStatus; endInDays?: number; approved?: boolean; name?: string } = {},
): Promise<TestMember> {
  const n = ++counter;
  const account = await t.signIn('user', `membro${n}.${Date.now()}@teste.com.br`);
  const now = t.clock.now();
  const end = new Date(now.getTime() + (options.endInDays ?? 200) * DAY_MS);
  const start = new Date(end.getTime() - 365 * DAY_MS);
  const approved = options.approved ?? true;
  const name = options.name ?? `Confrade Número ${n}`;
  const subscriber = t.services.db
    .insert(subscribers)
    .values({
      id: newId(),
      name,
      email: account.email,
      phone: `1198765${String(1000 + n).slice(-4)}`,
      status: options.status ?? 'active',
      paymentStatus: 'paid',
      subscriptionStartDate: start,
      subscriptionEndDate: end,
      approvedAt: approved ? start : null,
      approvedBy: approved ? 'admin' : null,
      referralCode: newReferralCode(),
      userId: account.userId,
      createdAt: start,
      updatedAt: start,
    })
    .returning()
    .all()[0]!;
  t.services.db
    .insert(payments)
    .values({
      id: newId(),
      transactionId: `tx_${n}`,
      subscriberId: subscriber.id,
      planType: 'annual',
      amount: 149700,
      status: 'paid',
      method: 'pix',
      provider: 'sandbox',
      description: 'Assinatura anual - Confraria',
      paidAt: start,
      periodEndDate: end,
      createdAt: start,
      updatedAt: start,
    })
    .run();
  return { ...account, subscriberId: subscriber.id, referralCode: subscriber.referralCode, name };
}

/** A subscriber referred by `referrer`, with its commission in `status`. */
export function addReferral(
  t: TestApp,
  referrer: TestMember,
  status: 'pending' | 'confirmed' | 'paid' | 'cancelled',
  commissionAmount = 14970,
) {
  const n = ++counter;
  const now = t.clock.now();
  const referred = t.services.db
    .insert(subscribers)
    .values({
      id: newId(),
      name: `Indicado ${n}`,
      email: `indicado${n}.${Date.now()}@teste.com.br`,
      referralCode: newReferralCode(),
      referredBy: referrer.subscriberId,
      createdAt: now,
      updatedAt: now,
    })
    .returning()
    .all()[0]!;
  return t.services.db
    .insert(referrals)
    .values({
      id: newId(),
      referrerId: referrer.subscriberId,
      referredId: referred.id,
      referralCode: referrer.referralCode,
      commissionAmount,
      status,
      confirmedAt: status === 'pending' ? null : now,
      createdAt: now,
      updatedAt: now,
    })
    .returning()
    .all()[0]!;
}

/** The member asks for the erasure of their data (LGPD): answers the deletion request on file. */
export async function askErasure(t: TestApp, member: TestMember) {
  await t.caller(member.token).member.requestDeletion({});
  return t.services.db
    .select()
    .from(deletionRequests)
    .where(eq(deletionRequests.subscriberId, member.subscriberId))
    .get()!;
}

/**
 * The card a paid Pagar.me card checkout leaves on file for the member: Visa ending 0010, valid
 * to 12/2030, kept at Pagar.me as `cardId` on the customer `customerId`.
 */
export function rememberPagarmeCard(
  t: TestApp,
  member: Pick<TestMember, 'subscriberId'>,
  { customerId, cardId }: { customerId: string; cardId: string },
) {
  rememberCard(t.services, {
    subscriberId: member.subscriberId,
    provider: 'pagarme',
    card: {
      providerCustomerId: customerId,
      providerCardId: cardId,
      brand: 'Visa',
      last4: '0010',
      expMonth: 12,
      expYear: 2030,
    },
  });
}
