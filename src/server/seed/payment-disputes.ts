/**
 * Demo of issue 36 (docs/decisions/030-payment-attempts-and-history.md): João's card payment,
 * which left him `cancelled`, was taken back by his bank — a chargeback, shown in Pagamentos as
 * "Contestado (chargeback)" — and Rafael was given R$ 100,00 back from his last year's payment in
 * Pagar.me's dashboard ("Pago (reembolso parcial)"). Runs after the payments module; skips what
 * exists.
 */
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import { payments, subscribers } from '../db/schema';
import { PAYMENT_MSG } from '../services/payment-messages';
import type { SeedModule } from './types';

const PARTIAL = 10000;

export const paymentDisputesSeed: SeedModule = {
  name: 'payment-disputes',
  run(services, ctx) {
    const { db, paymentHistory: history } = services;
    const latest = (email: string, status: 'paid' | 'refunded') => {
      const subscriber = db.select().from(subscribers).where(eq(subscribers.email, email)).get();
      if (!subscriber) return undefined;
      return db
        .select()
        .from(payments)
        .where(and(eq(payments.subscriberId, subscriber.id), eq(payments.status, status)))
        .orderBy(desc(payments.paidAt))
        .get();
    };
    let made = 0;
    db.transaction(() => {
      const joao = latest('joao@confraria.local', 'refunded');
      const disputed = db
        .select({ id: payments.id })
        .from(payments)
        .where(isNotNull(payments.chargedbackAt))
        .get();
      if (joao?.refundedAt && !disputed) {
        db.update(payments)
          .set({ chargedbackAt: joao.refundedAt, refundReason: PAYMENT_MSG.chargebackReason })
          .where(eq(payments.id, joao.id))
          .run();
        history.record({
          paymentId: joao.id,
          source: 'webhook',
          kind: 'chargeback',
          at: joao.refundedAt,
          details: { amount: joao.amount, chargeId: joao.providerChargeId },
        });
        made++;
      }
      const rafael = latest('rafael@confraria.local', 'paid');
      if (rafael?.paidAt && rafael.refundedAmount === null) {
        db.update(payments).set({ refundedAmount: PARTIAL }).where(eq(payments.id, rafael.id)).run();
        history.record({
          paymentId: rafael.id,
          source: 'webhook',
          kind: 'partial_refund',
          at: new Date(rafael.paidAt.getTime() + 24 * 3600 * 1000),
          details: { amount: PARTIAL, chargeId: rafael.providerChargeId },
        });
        made++;
      }
    });
    ctx.report(
      made > 0
        ? 'contestações e reembolsos parciais: João Pereira em Pagamentos como "Contestado (chargeback)", Rafael Oliveira como "Pago (reembolso parcial)"'
        : 'contestações e reembolsos parciais: já existiam',
    );
  },
};
