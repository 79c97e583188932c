/**
 * Commissions paid in one batch (ADR 046): Mariana and Helena have a PIX key for commissions
 * (e-mails on a reserved domain, like the club's own demo key: no bank finds them, so nobody pays
 * a stranger) and Rafael has none; each has a confirmed commission due from one more referred
 * member, so "Pagar comissões em lote" in the back office's Indicações shows two referrers to pay
 * and one listed apart. Keys already saved and members already created are left alone.
 */
import { and, eq, isNull } from 'drizzle-orm';
import { payments, referrals, subscribers } from '../db/schema';
import { newId } from '../lib/ids';
import { newReferralCode } from '../membership/subscribers/subscribers';
import type { SeedModule } from './types';
import { DAY_MS } from '../../shared/sao-paulo-time';
import { commissionOf } from '../referrals/commissions';

/** The referrers' keys, as a member types them in Indicações. */
export const DEMO_PAYOUT_KEYS: Record<string, string> = {
  'mariana@confraria.local': 'mariana.pix@confraria.example',
  'helena@confraria.local': 'helena.pix@confraria.example',
};

/** One more confirmed commission for each (Rafael gets one without a key). */
const REFERRED = [
  { referrer: 'mariana@confraria.local', name: 'Otávio Ramos', email: 'otavio.ramos@exemplo.com.br' },
  { referrer: 'helena@confraria.local', name: 'Sílvia Prado', email: 'silvia.prado@exemplo.com.br' },
  { referrer: 'rafael@confraria.local', name: 'Tiago Moreira', email: 'tiago.moreira@exemplo.com.br' },
];

export const commissionPayoutsSeed: SeedModule = {
  name: 'comissões a pagar',
  run({ db, clock, settings }, ctx) {
    const now = clock.now();
    let keys = 0;
    let created = 0;
    for (const [email, key] of Object.entries(DEMO_PAYOUT_KEYS)) {
      const updated = db
        .update(subscribers)
        .set({ payoutPixKey: key, payoutPixKeyType: 'email', payoutPixKeyUpdatedAt: now })
        .where(and(eq(subscribers.email, email), isNull(subscribers.payoutPixKey)))
        .run();
      keys += updated.changes;
    }
    const price = settings.get().priceAnnual;
    REFERRED.forEach((person, index) => {
      const referrer = db
        .select({ id: subscribers.id, code: subscribers.referralCode })
        .from(subscribers)
        .where(eq(subscribers.email, person.referrer))
        .get();
      const exists = db
        .select({ id: subscribers.id })
        .from(subscribers)
        .where(eq(subscribers.email, person.email))
        .get();
      if (!referrer || exists) return;
      created++;
      // Joined two years ago and did not renew: the club's figures of the last year stay as they
      // were, and the commission is still due (an owner who never paid commissions before).
      const when = new Date(now.getTime() - (2 * 365 + 20 - index * 3) * DAY_MS);
      db.transaction(() => {
        const id = newId();
        db.insert(subscribers)
          .values({
            id,
            name: person.name,
            email: person.email,
            phone: `1193333${String(1000 + index).slice(-4)}`,
            status: 'expired',
            paymentStatus: 'paid',
            approvedAt: when,
            approvedBy: ctx.users.admin?.id ?? null,
            subscriptionPrice: price,
            subscriptionStartDate: when,
            subscriptionEndDate: new Date(when.getTime() + 365 * DAY_MS),
            referralCode: newReferralCode(),
            referredBy: referrer.id,
            createdAt: when,
            updatedAt: now,
          })
          .run();
        const paymentId = newId();
        db.insert(payments)
          .values({
            id: paymentId,
            transactionId: `sbx_ch_${paymentId}`,
            subscriberId: id,
            planType: 'annual',
            amount: price,
            status: 'paid',
            method: 'pix',
            provider: 'sandbox',
            providerChargeId: `sbx_ch_${paymentId}`,
            description: `Assinatura anual - ${settings.get().clubName}`,
            paidAt: when,
            createdAt: when,
            updatedAt: now,
          })
          .run();
        db.insert(referrals)
          .values({
            id: newId(),
            referrerId: referrer.id,
            referredId: id,
            referralCode: referrer.code,
            paymentId,
            commissionAmount: commissionOf(price),
            status: 'confirmed',
            confirmedAt: when,
            createdAt: when,
            updatedAt: now,
          })
          .run();
      });
    });
    ctx.report(
      `comissões a pagar: ${keys} chave(s) PIX de indicadores salvas, ${created} comissão(ões) confirmada(s) criada(s) (Rafael sem chave PIX); pague em Indicações → "Pagar comissões em lote"`,
    );
  },
};
