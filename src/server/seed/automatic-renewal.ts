/**
 * Demo of automatic renewal (ADR 052): the club offers it; Helena (20 days left) agreed to renew on
 * her Visa final 1111 — her "Minha Assinatura" shows the card, the date and the amount; Otávio's
 * renewal was due today on a sandbox card declined on renewal (4000 0000 0000 0101): the pass
 * charged it once, it was refused, and he is in retry (the e-mail with the next try is in the
 * outbox). Runs after the member-portal module; a second run adds nothing.
 */
import { eq } from 'drizzle-orm';
import { DAY_MS } from '../../shared/sao-paulo-time';
import { automaticRenewals, payments, subscribers, type Subscriber } from '../db/schema';
import { newId } from '../lib/ids';
import { turnOn, viewOf } from '../payments/automatic-renewal/choice';
import { runRenewalPass } from '../payments/automatic-renewal/pass';
import { rememberCard } from '../payments/automatic-renewal/saved-card';
import { isSandbox } from '../payments/providers';
import { SANDBOX_APPROVED_CARD, SANDBOX_RENEWAL_DECLINED_CARD } from '../payments/providers/sandbox';
import { savedCardOf } from '../payments/providers/sandbox/cards';
import type { Services } from '../services';
import { HELENA_EMAIL } from './member-portal';
import type { SeedModule } from './types';

export const OTAVIO_EMAIL = 'otavio.prado@exemplo.com.br';

/** The card a paid card checkout would have left, and the member's consent to the sentence shown. */
function agree(services: Services, subscriber: Subscriber, number: string) {
  const { db } = services;
  if (db.select().from(automaticRenewals).where(eq(automaticRenewals.subscriberId, subscriber.id)).get())
    return false;
  const card = savedCardOf(subscriber.id, { number, expMonth: 12, expYear: 2030 });
  rememberCard(services, { subscriberId: subscriber.id, provider: services.payments.provider.name, card });
  const deps = services.automaticRenewal;
  const sentence = viewOf(deps, subscriber).consentText;
  if (!sentence) return false;
  turnOn(deps, subscriber, { kind: 'member', id: subscriber.userId ?? subscriber.id }, sentence);
  return true;
}

function otavio(services: Services): Subscriber {
  const { db, clock, settings } = services;
  const known = db.select().from(subscribers).where(eq(subscribers.email, OTAVIO_EMAIL)).get();
  if (known) return known;
  // His year ends tomorrow at this hour: today is the charge day.
  const end = new Date(clock.now().getTime() + DAY_MS);
  const start = new Date(end.getTime() - 365 * DAY_MS);
  // His year was paid by card a year ago: the card the renewal charges, and a period that counts.
  return db.transaction((tx) => {
    const row = tx
      .insert(subscribers)
      .values({
        id: newId(),
        name: 'Otávio Prado',
        email: OTAVIO_EMAIL,
        phone: '11977776666',
        city: 'Campinas',
        state: 'SP',
        status: 'active',
        paymentStatus: 'paid',
        subscriptionPrice: settings.get().priceAnnual,
        subscriptionStartDate: start,
        subscriptionEndDate: end,
        approvedAt: start,
        profileCompleted: true,
        referralCode: 'OTAVIO26',
        createdAt: start,
        updatedAt: clock.now(),
      })
      .returning()
      .all()[0]!;
    tx.insert(payments)
      .values({
        id: newId(),
        subscriberId: row.id,
        planType: 'annual',
        amount: row.subscriptionPrice ?? settings.get().priceAnnual,
        status: 'paid',
        method: 'credit_card',
        cardBrand: 'Visa',
        cardLast4: '0101',
        provider: 'sandbox',
        description: `Assinatura anual - ${settings.get().clubName}`,
        paidAt: start,
        periodEndDate: end,
        createdAt: start,
        updatedAt: start,
      })
      .run();
    return row;
  });
}

export const automaticRenewalSeed: SeedModule = {
  name: 'renovação automática',
  async run(services, ctx) {
    // The demo's cards are the sandbox's: with a real provider configured there is nothing to show.
    if (!isSandbox(services.payments.provider)) {
      ctx.report('renovação automática: nada criado (somente com o provedor sandbox)');
      return;
    }
    services.settings.update({ automaticRenewal: true });
    let created = 0;
    const helena = services.db.select().from(subscribers).where(eq(subscribers.email, HELENA_EMAIL)).get();
    if (helena && agree(services, helena, SANDBOX_APPROVED_CARD)) created++;
    if (agree(services, otavio(services), SANDBOX_RENEWAL_DECLINED_CARD)) created++;
    // Otávio's charge day: the one charge, refused, and his retry scheduled.
    const pass = await runRenewalPass(services.automaticRenewal);
    ctx.report(
      `renovação automática: ${created} confrade(s) com renovação automática ligada (Helena; Otávio em nova tentativa: ${pass?.declined ?? 0} recusa agora)`,
    );
  },
};
