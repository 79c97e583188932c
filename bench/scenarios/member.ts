/**
 * Member portal bench: GET /api/user/referrals for a member who referred 1,000 people (docs/product/back-office-and-member-area.md §3
 * summary: totals, clicks, the list). Target: p95 ≤ 10 ms for one member at a time.
 */
import { newId } from '../../src/server/lib/ids';
import { referralClicks, referrals, subscribers } from '../../src/server/db/schema';
import { newReferralCode } from '../../src/server/membership/subscribers/subscribers';
import { defineScenario } from '../scenario';

const REFERRED = 1000;
const STATUSES = ['pending', 'confirmed', 'paid', 'cancelled'] as const;

export const memberReferrals = defineScenario({
  name: 'GET /api/user/referrals (1,000 referrals)',
  description: `member referral summary with ${REFERRED} referred subscribers and 3,000 clicks, Bearer token`,
  p95TargetMs: 10,
  prepare({ services, accounts }) {
    const { db } = services;
    const now = Date.now();
    db.transaction((tx) => {
      const referrer = tx
        .insert(subscribers)
        .values({
          id: newId(),
          name: 'Bench Indicador',
          email: accounts.member.email,
          status: 'active',
          referralCode: newReferralCode(),
          userId: accounts.member.userId,
        })
        .returning()
        .get();
      for (let i = 0; i < REFERRED; i++) {
        const when = new Date(now - i * 60_000);
        const referred = tx
          .insert(subscribers)
          .values({
            id: newId(),
            name: `Indicado Bench ${i}`,
            email: `bench-indicado-${i}@exemplo.com.br`,
            referralCode: newReferralCode(),
            referredBy: referrer.id,
            createdAt: when,
            updatedAt: when,
          })
          .returning({ id: subscribers.id })
          .get();
        tx.insert(referrals)
          .values({
            id: newId(),
            referrerId: referrer.id,
            referredId: referred.id,
            referralCode: referrer.referralCode,
            commissionAmount: 14970,
            status: STATUSES[i % STATUSES.length]!,
            createdAt: when,
            updatedAt: when,
          })
          .run();
      }
      for (let i = 0; i < REFERRED * 3; i++) {
        tx.insert(referralClicks)
          .values({ id: newId(), code: referrer.referralCode, visitorKey: `v${i}`, day: '2026-11-25' })
          .run();
      }
    });
    return null;
  },
  request: (_prepared, { member }) => ({
    path: '/api/user/referrals',
    headers: { authorization: `Bearer ${member.token}` },
  }),
});

export const memberScenarios = [memberReferrals];
