/**
 * Demo of attempts and payment history (ADR 030): Beatriz paid her link by
 * PIX and was charged a second time by card minutes later — a "Cobrança duplicada" waiting for the
 * owner's one-click refund — and both payments carry their history; Mariana's card payment shows
 * its attempt, and a second charge of hers the owner kept ("Cobrança extra mantida"). Runs after the payments module; skips what exists.
 */
import { and, desc, eq, isNull } from 'drizzle-orm';
import { payments, subscribers } from '../db/schema';
import { newId } from '../lib/ids';
import type { SeedModule } from './types';

const MINUTE = 60 * 1000;

export const paymentHistorySeed: SeedModule = {
  name: 'payment-history',
  run(services, ctx) {
    const { db, paymentHistory: history } = services;
    const paidOf = (email: string) => {
      const subscriber = db.select().from(subscribers).where(eq(subscribers.email, email)).get();
      if (!subscriber) return undefined;
      return db
        .select()
        .from(payments)
        .where(
          and(
            eq(payments.subscriberId, subscriber.id),
            eq(payments.status, 'paid'),
            isNull(payments.extraCharge),
          ),
        )
        .orderBy(desc(payments.paidAt))
        .get();
    };

    const beatriz = paidOf('beatriz@confraria.local');
    const already =
      beatriz &&
      db.select({ id: payments.id }).from(payments).where(eq(payments.extraChargeOf, beatriz.id)).get();
    if (!beatriz?.paidAt || !beatriz.paymentLinkId || already) {
      ctx.report('histórico de pagamentos: 0 cobranças duplicadas criadas, 1 já existia');
      return;
    }
    db.transaction(() => {
      const paidAt = beatriz.paidAt as Date;
      const linkId = beatriz.paymentLinkId;
      history.record({
        paymentId: beatriz.id,
        linkId,
        source: 'webhook',
        kind: 'webhook',
        at: paidAt,
        details: {
          type: 'payment_link.paid',
          outcome: 'paid',
          change: 'confirmed',
          chargeId: beatriz.providerChargeId,
        },
      });
      const extraId = newId();
      const chargeId = `sbx_ch_${extraId}`;
      const extraAt = new Date(paidAt.getTime() + 6 * MINUTE);
      db.insert(payments)
        .values({
          id: extraId,
          transactionId: chargeId,
          subscriberId: beatriz.subscriberId,
          paymentLinkId: linkId,
          planType: beatriz.planType,
          amount: beatriz.amount,
          status: 'paid',
          method: 'credit_card',
          cardBrand: 'Visa',
          cardLast4: '1111',
          provider: 'sandbox',
          providerChargeId: chargeId,
          description: `${beatriz.description} (cobrança duplicada)`,
          billingData: beatriz.billingData,
          extraCharge: 'duplicate',
          extraChargeOf: beatriz.id,
          paidAt: extraAt,
          createdAt: extraAt,
          updatedAt: extraAt,
        })
        .run();
      const extra = {
        extra: 'duplicate',
        extraPaymentId: extraId,
        chargeId,
        amount: beatriz.amount,
        due: beatriz.amount,
      };
      for (const paymentId of [beatriz.id, extraId]) {
        history.record({
          paymentId,
          linkId,
          source: 'webhook',
          kind: 'extra_charge',
          at: extraAt,
          details: extra,
        });
      }
      history.record({
        paymentId: extraId,
        linkId,
        source: 'webhook',
        kind: 'webhook',
        at: extraAt,
        details: { type: 'payment_link.paid', outcome: 'paid', change: 'duplicate', chargeId },
      });

      const mariana = paidOf('mariana@confraria.local');
      if (mariana?.paidAt && mariana.attempt === 0) {
        db.update(payments).set({ attempt: 1 }).where(eq(payments.id, mariana.id)).run();
        const at = new Date(mariana.paidAt.getTime() - MINUTE);
        history.record({
          paymentId: mariana.id,
          source: 'checkout',
          kind: 'attempt_sent',
          at,
          details: { attempt: 1, method: mariana.method },
        });
        history.record({
          paymentId: mariana.id,
          source: 'checkout',
          kind: 'attempt_answer',
          at: mariana.paidAt,
          details: {
            attempt: 1,
            outcome: 'paid',
            chargeId: mariana.providerChargeId,
            amount: mariana.amount,
          },
        });
      }
      // Mariana was charged twice too, and the owner kept the second charge as the club's money
      // ("Cobrança extra mantida"): it counts as revenue on the dashboard and in the month close.
      if (mariana?.paidAt) {
        const keptId = newId();
        const keptChargeId = `sbx_ch_${keptId}`;
        const keptAt = new Date(mariana.paidAt.getTime() + 10 * MINUTE);
        const decidedAt = new Date(mariana.paidAt.getTime() + 2 * 24 * 60 * MINUTE);
        db.insert(payments)
          .values({
            id: keptId,
            transactionId: keptChargeId,
            subscriberId: mariana.subscriberId,
            planType: mariana.planType,
            amount: mariana.amount,
            status: 'paid',
            method: mariana.method,
            provider: 'sandbox',
            providerChargeId: keptChargeId,
            description: `${mariana.description} (cobrança duplicada)`,
            billingData: mariana.billingData,
            extraCharge: 'duplicate',
            extraChargeOf: mariana.id,
            extraChargeKeptAt: decidedAt,
            extraChargeKeptBy: ctx.users.admin?.id ?? null,
            paidAt: keptAt,
            createdAt: keptAt,
            updatedAt: decidedAt,
          })
          .run();
        const details = {
          extra: 'duplicate',
          extraPaymentId: keptId,
          chargeId: keptChargeId,
          amount: mariana.amount,
          due: mariana.amount,
        };
        for (const paymentId of [mariana.id, keptId]) {
          history.record({ paymentId, source: 'webhook', kind: 'extra_charge', at: keptAt, details });
        }
        history.record({
          paymentId: keptId,
          source: 'admin',
          kind: 'extra_charge_kept',
          at: decidedAt,
          details: { extra: 'duplicate', amount: mariana.amount },
        });
      }
    });
    ctx.report(
      'histórico de pagamentos: 1 cobrança duplicada criada (Beatriz Santos, em Pagamentos: "Cobrança duplicada"), e 1 mantida pelo clube (Mariana, "Cobrança extra mantida")',
    );
  },
};
