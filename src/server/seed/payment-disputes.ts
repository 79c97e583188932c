/**
 * Demo of refunds and disputes (ADR 030): João's card payment,
 * which left him `cancelled`, was taken back by his bank — a chargeback, shown in Pagamentos as
 * "Contestado (chargeback)" — and Rafael was given R$ 100,00 back from his last year's payment in
 * Pagar.me's dashboard ("Pago (reembolso parcial)"). The refund the admin asked for Carolina, whose
 * answer was lost, is "Reembolso em processamento" until the provider says (reconciliation asks; the
 * sandbox has no reading of it, so in the demo it stays in progress). Runs after the payments module;
 * skips what exists.
 */
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import { payments, subscribers } from '../db/schema';
import { PAYMENT_MSG } from '../payments/messages';
import type { SeedModule } from './types';

const PARTIAL = 10000;
const HOUR = 3600 * 1000;
const REFUND_REASON = 'Desistência: a associada pediu o cancelamento';

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
      const carolina = latest('carolina.dias@exemplo.com.br', 'paid');
      const admin = ctx.users.admin;
      if (carolina && carolina.refundStatus === null && admin) {
        const asked = new Date(services.clock.now().getTime() - 2 * HOUR);
        db.update(payments)
          .set({
            refundAttempt: carolina.refundAttempt + 1,
            refundStatus: 'processing',
            refundRequestedAt: asked,
            refundReason: REFUND_REASON,
            refundedBy: admin.id,
          })
          .where(eq(payments.id, carolina.id))
          .run();
        history.record({
          paymentId: carolina.id,
          source: 'admin',
          kind: 'refund_requested',
          at: asked,
          details: { attempt: carolina.refundAttempt + 1, reason: REFUND_REASON, amount: carolina.amount },
        });
        history.record({
          paymentId: carolina.id,
          source: 'admin',
          kind: 'refund_answer',
          at: asked,
          details: { outcome: 'unknown' },
        });
        made++;
      }
    });
    ctx.report(
      made > 0
        ? 'contestações e reembolsos: João Pereira em Pagamentos como "Contestado (chargeback)", Rafael Oliveira como "Pago (reembolso parcial)", Carolina Dias como "Reembolso em processamento"'
        : 'contestações e reembolsos: já existiam',
    );
  },
};
