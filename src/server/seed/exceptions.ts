/**
 * Demo of the exceptions lists (ADR 046): Fernanda's card attempt lost its answer minutes ago, so
 * Pagamentos shows it "Em verificação" beside Beatriz's "Cobrança duplicada" (payment-history
 * seed), and the dashboard's "Exceções" lead to both. (With no order under its code, the hourly
 * reconciliation fails the attempt an hour later, as it would a real one.) Sérgio, brought over
 * from the club's old spreadsheet (no payment on file), let his year end twelve days ago: the
 * win-back list holds him. Runs after the payments module; skips what exists.
 */
import { and, eq, isNotNull } from 'drizzle-orm';
import { payments, subscribers } from '../db/schema';
import { newId } from '../lib/ids';
import type { SeedModule } from './types';
import { DAY_MS } from '../../shared/sao-paulo-time';

const MINUTE = 60 * 1000;
const SERGIO_EMAIL = 'sergio.antunes@exemplo.com.br';

export const exceptionsSeed: SeedModule = {
  name: 'exceptions',
  run(services, ctx) {
    const { db, clock, settings } = services;
    const known = db
      .select({ id: subscribers.id })
      .from(subscribers)
      .where(eq(subscribers.email, SERGIO_EMAIL))
      .get();
    if (!known) {
      const end = new Date(clock.now().getTime() - 12 * DAY_MS);
      db.insert(subscribers)
        .values({
          id: newId(),
          name: 'Sérgio Antunes',
          email: SERGIO_EMAIL,
          phone: '11976543210',
          city: 'Santos',
          state: 'SP',
          status: 'expired',
          paymentStatus: 'paid',
          subscriptionPrice: settings.get().priceAnnual,
          subscriptionStartDate: new Date(end.getTime() - 365 * DAY_MS),
          subscriptionEndDate: end,
          approvedAt: new Date(end.getTime() - 365 * DAY_MS),
          profileCompleted: true,
          referralCode: 'SERGIO2026',
          createdAt: new Date(end.getTime() - 366 * DAY_MS),
          updatedAt: clock.now(),
        })
        .run();
    }
    const fernanda = db
      .select()
      .from(subscribers)
      .where(eq(subscribers.email, 'fernanda.rocha@exemplo.com.br'))
      .get();
    const already =
      fernanda &&
      db
        .select({ id: payments.id })
        .from(payments)
        .where(and(eq(payments.subscriberId, fernanda.id), isNotNull(payments.verifyingSince)))
        .get();
    if (!fernanda || already) {
      ctx.report('exceções: 0 pagamentos em verificação criados, 1 já existia');
      return;
    }
    const at = new Date(clock.now().getTime() - 3 * MINUTE);
    db.insert(payments)
      .values({
        id: newId(),
        subscriberId: fernanda.id,
        planType: 'annual',
        amount: settings.get().priceAnnual,
        status: 'pending',
        method: 'credit_card',
        provider: 'sandbox',
        description: 'Assinatura anual (cartão, resposta do provedor perdida)',
        billingData: fernanda.billingData,
        attempt: 1,
        verifyingSince: at,
        createdAt: at,
        updatedAt: at,
      })
      .run();
    ctx.report(
      'exceções: 1 pagamento em verificação criado (Fernanda Rocha), 1 assinatura expirada há 12 dias ' +
        '(Sérgio Antunes): Dashboard → Exceções',
    );
  },
};
