/**
 * Demo data for the member subscription page after a renewal (ADR 017): Tereza, a member of more
 * than a year whose first period ended 15 days ago and who paid the renewal 20 days ago. Her page
 * thanks her for renewing and does not offer "Renovar agora". Skips whatever exists.
 */
import { eq } from 'drizzle-orm';
import { payments, subscribers } from '../db/schema';
import { newId } from '../lib/ids';
import type { SeedModule } from './types';
import { DAY_MS } from '../../shared/sao-paulo-time';

/** Her account is one of the demo accounts (accounts.ts). */
export const TEREZA = {
  name: 'Tereza Almeida',
  email: 'tereza@confraria.local',
  password: 'confrade123',
  code: 'TEREZA26',
} as const;

export const renewalSeed: SeedModule = {
  name: 'renovação',
  run(services, ctx) {
    const { db, clock } = services;
    const now = clock.now().getTime();
    const at = (days: number) => new Date(now + days * DAY_MS);
    const settings = services.settings.get();
    const account = ctx.users.tereza;
    if (
      db.select({ id: subscribers.id }).from(subscribers).where(eq(subscribers.email, TEREZA.email)).get()
    ) {
      ctx.report('renovação: 0 registros criados (Tereza: renovada há 20 dias)');
      return;
    }
    const start = at(-380);
    const firstEnd = at(-15);
    const renewedEnd = new Date(firstEnd.getTime() + 365 * DAY_MS);
    const subscriber = db
      .insert(subscribers)
      .values({
        id: newId(),
        name: TEREZA.name,
        email: TEREZA.email,
        phone: '11922221111',
        city: 'Campinas',
        state: 'SP',
        shirtSize: 'M',
        status: 'active',
        paymentStatus: 'paid',
        subscriptionPrice: settings.priceRenewal,
        subscriptionStartDate: start,
        subscriptionEndDate: renewedEnd,
        approvedAt: start,
        approvedBy: ctx.users.admin?.id ?? null,
        referralCode: TEREZA.code,
        userId: account?.id ?? null,
        createdAt: start,
        updatedAt: at(-20),
      })
      .returning()
      .all()[0]!;
    const payment = (id: string, plan: 'annual' | 'renewal', amount: number, paidAt: Date) => ({
      id: newId(),
      transactionId: `sbx_ch_tereza_${id}`,
      subscriberId: subscriber.id,
      planType: plan,
      amount,
      status: 'paid' as const,
      method: 'pix' as const,
      provider: 'sandbox' as const,
      providerChargeId: `sbx_ch_tereza_${id}`,
      description: `${plan === 'renewal' ? 'Renovação anual' : 'Assinatura anual'} - ${settings.clubName}`,
      paidAt,
      confirmationEmailAt: paidAt,
      createdAt: paidAt,
      updatedAt: paidAt,
    });
    db.insert(payments)
      .values([
        { ...payment('1', 'annual', settings.priceAnnual, start), periodEndDate: firstEnd },
        // Paid before the first period ended: the new one begins where that one ends.
        {
          ...payment('2', 'renewal', settings.priceRenewal, at(-20)),
          previousEndDate: firstEnd,
          periodEndDate: renewedEnd,
        },
      ])
      .run();
    ctx.report('renovação: 1 registro criado (Tereza: renovada há 20 dias)');
  },
};
