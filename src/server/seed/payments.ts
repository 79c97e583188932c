/**
 * Demo checkout data: subscribers in every status (linked to the demo accounts where there is one),
 * their payments (paid, pending, failed, refunded, cancelled), open, paid, expired and cancelled payment links,
 * and referrals with commissions in every state. Dates are relative to now so the club looks alive:
 * one member close to renewal, one expired with a renewal link waiting, one awaiting approval…
 * Rows are written directly (the sandbox's shapes) because the story needs past dates.
 */
import { eq } from 'drizzle-orm';
import { formatMoney } from '../../shared/format';
import type { PaymentMethod, PaymentStatus, PlanType, SubscriberStatus } from '../../shared/plans';
import { paymentLinks, payments, referrals, subscribers, type BillingData } from '../db/schema';
import { newId } from '../lib/ids';
import type { Services } from '../services';
import { billingDataOf, profileFromBilling } from '../membership/subscribers/subscribers';
import { yearOfMembers } from './demo-history';
import type { SeedModule } from './types';
import { DAY_MS } from '../../shared/sao-paulo-time';
import { commissionOf } from '../referrals/commissions';

interface DemoPayment {
  status: PaymentStatus;
  method: PaymentMethod;
  planType?: PlanType;
  /** Days ago. */
  at: number;
  viaLink?: boolean;
  refundedDaysAgo?: number;
  failureReason?: string;
  pixPending?: boolean;
  /** End of the period this payment paid for, in days relative to now (paid payments). */
  periodEnd?: number;
  /** A renewal: the end it extended, in days relative to now. */
  previousEnd?: number;
}

interface DemoLink {
  /** `cancelled`: voided by the admin ("Cancelar link") before anybody paid it. */
  status: 'pending' | 'paid' | 'expired' | 'cancelled';
  planType: PlanType;
  /** Hours ago it was created. */
  createdHoursAgo: number;
  lastAttemptFailed?: boolean;
}

export interface DemoSubscriber {
  key: string;
  /** Demo account handle (ctx.users) when this subscriber can log in. */
  account?: string;
  name: string;
  email: string;
  phone: string;
  cpf: string;
  city: string;
  state: string;
  status: SubscriberStatus;
  referralCode: string;
  /** Approved this many days ago (null: never approved). */
  approvedDaysAgo: number | null;
  /** Paid period, in days relative to now (negative = past). */
  period?: { start: number; end: number };
  referredBy?: string;
  commission?: 'pending' | 'confirmed' | 'paid' | 'cancelled';
  payments: DemoPayment[];
  links: DemoLink[];
  shirtSize?: 'P' | 'M' | 'G' | 'GG';
  profession?: string;
}

const STORY_SUBSCRIBERS: DemoSubscriber[] = [
  {
    key: 'mariana',
    account: 'mariana',
    name: 'Mariana Costa',
    email: 'mariana@confraria.local',
    phone: '11987654321',
    cpf: '52998224725',
    city: 'São Paulo',
    state: 'SP',
    status: 'active',
    referralCode: 'MARIANA26',
    approvedDaysAgo: 300,
    period: { start: -300, end: 65 },
    profession: 'Arquiteta',
    shirtSize: 'M',
    payments: [{ status: 'paid', method: 'credit_card', at: 300 }],
    links: [],
  },
  {
    key: 'rafael',
    account: 'rafael',
    name: 'Rafael Oliveira',
    email: 'rafael@confraria.local',
    phone: '21998761234',
    cpf: '11144477735',
    city: 'Rio de Janeiro',
    state: 'RJ',
    status: 'expired',
    referralCode: 'RAFAEL26',
    approvedDaysAgo: 400,
    period: { start: -400, end: -35 },
    profession: 'Médico',
    shirtSize: 'G',
    payments: [{ status: 'paid', method: 'pix', at: 400 }],
    links: [{ status: 'pending', planType: 'renewal', createdHoursAgo: 8 }],
  },
  {
    key: 'beatriz',
    account: 'beatriz',
    name: 'Beatriz Santos',
    email: 'beatriz@confraria.local',
    phone: '31991234567',
    cpf: '12345678909',
    city: 'Belo Horizonte',
    state: 'MG',
    status: 'pending',
    referralCode: 'BEATRIZ26',
    approvedDaysAgo: null,
    period: { start: -2, end: 363 },
    referredBy: 'mariana',
    commission: 'confirmed',
    payments: [{ status: 'paid', method: 'pix', at: 2, viaLink: true }],
    links: [{ status: 'paid', planType: 'annual', createdHoursAgo: 50 }],
  },
  {
    key: 'joao',
    account: 'joao',
    name: 'João Pereira',
    email: 'joao@confraria.local',
    phone: '41999887766',
    cpf: '98765432100',
    city: 'Curitiba',
    state: 'PR',
    status: 'cancelled',
    referralCode: 'JOAO2026',
    approvedDaysAgo: 100,
    period: { start: -100, end: 265 },
    referredBy: 'rafael',
    commission: 'cancelled',
    payments: [{ status: 'refunded', method: 'credit_card', at: 100, refundedDaysAgo: 90 }],
    links: [],
  },
  {
    key: 'carolina',
    name: 'Carolina Dias',
    email: 'carolina.dias@exemplo.com.br',
    phone: '51988776655',
    cpf: '39053344705',
    city: 'Porto Alegre',
    state: 'RS',
    status: 'active',
    referralCode: 'CAROL2026',
    approvedDaysAgo: 28,
    period: { start: -30, end: 335 },
    referredBy: 'mariana',
    commission: 'paid',
    payments: [{ status: 'paid', method: 'credit_card', at: 30, viaLink: true }],
    links: [{ status: 'paid', planType: 'annual', createdHoursAgo: 30 * 24 + 2 }],
  },
  {
    key: 'lucas',
    name: 'Lucas Almeida',
    email: 'lucas.almeida@exemplo.com.br',
    phone: '11955554444',
    cpf: '29537995593',
    city: 'Campinas',
    state: 'SP',
    status: 'pending_payment',
    referralCode: 'LUCAS2026',
    approvedDaysAgo: null,
    referredBy: 'mariana',
    commission: 'pending',
    payments: [
      {
        status: 'failed',
        method: 'credit_card',
        at: 0,
        viaLink: true,
        failureReason: 'Cartão recusado pelo emissor (cartão de teste recusado)',
      },
      { status: 'pending', method: 'pix', at: 0, pixPending: true },
    ],
    links: [{ status: 'pending', planType: 'annual', createdHoursAgo: 1, lastAttemptFailed: true }],
  },
  {
    key: 'fernanda',
    name: 'Fernanda Rocha',
    email: 'fernanda.rocha@exemplo.com.br',
    phone: '71987651234',
    cpf: '71428793860',
    city: 'Salvador',
    state: 'BA',
    status: 'pending_payment',
    referralCode: 'FERNANDA26',
    approvedDaysAgo: null,
    payments: [],
    links: [
      { status: 'expired', planType: 'annual', createdHoursAgo: 72 },
      { status: 'cancelled', planType: 'annual', createdHoursAgo: 30 },
    ],
  },
  {
    key: 'paulo',
    name: 'Paulo Martins',
    email: 'paulo.martins@exemplo.com.br',
    phone: '61981112222',
    cpf: '86288366757',
    city: 'Brasília',
    state: 'DF',
    status: 'inactive',
    referralCode: 'PAULO2026',
    approvedDaysAgo: 800,
    period: { start: -800, end: -435 },
    payments: [
      { status: 'paid', method: 'pix', at: 800 },
      { status: 'cancelled', method: 'pix', at: 440 },
    ],
    links: [],
  },
];

/** The hand-written story, then a year of history for the dashboard (demo-history.ts). */
const DEMO_SUBSCRIBERS: DemoSubscriber[] = [...STORY_SUBSCRIBERS, ...yearOfMembers()];

/** Every demo member lives on the same street of their city (the services' person mapping). */
function billingOf(subscriber: DemoSubscriber): BillingData {
  return billingDataOf({
    ...subscriber,
    street: 'Rua das Videiras',
    number: '100',
    neighborhood: 'Centro',
    zipCode: '01001000',
  });
}

export const paymentsSeed: SeedModule = {
  name: 'pagamentos',
  run(services: Services, ctx) {
    const { db, clock, env } = services;
    const now = clock.now().getTime();
    const at = (days: number) => new Date(now + days * DAY_MS);
    const settings = services.settings.get();
    const admin = ctx.users.admin?.id ?? null;
    const priceOf = (planType: PlanType) =>
      planType === 'renewal' ? settings.priceRenewal : settings.priceAnnual;
    const ids = new Map<string, string>();
    let created = 0;

    for (const demo of DEMO_SUBSCRIBERS) {
      const existing = db
        .select({ id: subscribers.id })
        .from(subscribers)
        .where(eq(subscribers.email, demo.email))
        .get();
      if (existing) {
        ids.set(demo.key, existing.id);
        continue;
      }
      created++;
      const id = newId();
      ids.set(demo.key, id);
      const billing = billingOf(demo);
      const lastPaid = demo.payments.find(
        (payment) => payment.status === 'paid' || payment.status === 'refunded',
      );
      db.transaction(() => {
        db.insert(subscribers)
          .values({
            id,
            ...profileFromBilling(billing),
            email: demo.email,
            shirtSize: demo.shirtSize ?? 'M',
            profession: demo.profession ?? null,
            status: demo.status,
            paymentStatus: lastPaid
              ? lastPaid.status === 'refunded'
                ? 'refunded'
                : 'paid'
              : demo.payments.some((p) => p.status === 'failed')
                ? 'failed'
                : 'pending',
            subscriptionPrice: settings.priceAnnual,
            subscriptionStartDate: demo.period ? at(demo.period.start) : null,
            subscriptionEndDate: demo.period ? at(demo.period.end) : null,
            approvedAt: demo.approvedDaysAgo === null ? null : at(-demo.approvedDaysAgo),
            approvedBy: demo.approvedDaysAgo === null ? null : admin,
            profileCompleted: demo.approvedDaysAgo !== null,
            profileCompletedAt: demo.approvedDaysAgo === null ? null : at(-demo.approvedDaysAgo),
            referralCode: demo.referralCode,
            referredBy: demo.referredBy ? (ids.get(demo.referredBy) ?? null) : null,
            userId: demo.account ? (ctx.users[demo.account]?.id ?? null) : null,
            createdAt: at(-(demo.approvedDaysAgo ?? 0) - 1),
            updatedAt: clock.now(),
          })
          .run();

        const linkIds: string[] = [];
        for (const link of demo.links) {
          const linkId = newId();
          linkIds.push(linkId);
          const createdAt = new Date(now - link.createdHoursAgo * 3600 * 1000);
          db.insert(paymentLinks)
            .values({
              id: linkId,
              subscriberId: id,
              planType: link.planType,
              amount: priceOf(link.planType),
              status: link.status,
              provider: 'sandbox',
              providerLinkId: `sbx_${linkId}`,
              url: `${env.publicUrl}/sandbox/pay/${linkId}`,
              customerName: demo.name,
              customerEmail: demo.email,
              billingData: billing,
              createdBy: link.planType === 'renewal' ? admin : null,
              expiresAt: new Date(createdAt.getTime() + 48 * 3600 * 1000),
              paidAt: link.status === 'paid' ? new Date(createdAt.getTime() + 3600 * 1000) : null,
              lastAttemptFailedAt: link.lastAttemptFailed ? clock.now() : null,
              createdAt,
              updatedAt: clock.now(),
            })
            .run();
        }

        let referredPaymentId: string | null = null;
        for (const payment of demo.payments) {
          const paymentId = newId();
          const planType = payment.planType ?? 'annual';
          const amount = priceOf(planType);
          const linkId = payment.viaLink ? (linkIds[0] ?? null) : null;
          const paidAt = payment.status === 'paid' || payment.status === 'refunded' ? at(-payment.at) : null;
          if (paidAt) referredPaymentId = paymentId;
          db.insert(payments)
            .values({
              id: paymentId,
              transactionId: `sbx_ch_${paymentId}`,
              subscriberId: id,
              paymentLinkId: linkId,
              planType,
              amount,
              status: payment.status,
              method: payment.method,
              cardBrand: payment.method === 'credit_card' ? 'Visa' : null,
              cardLast4:
                payment.method === 'credit_card' ? (payment.status === 'failed' ? '0002' : '1111') : null,
              provider: 'sandbox',
              providerChargeId: `sbx_ch_${paymentId}`,
              description: linkId ? `Link de pagamento - Anual` : `Assinatura anual - ${settings.clubName}`,
              failureReason: payment.failureReason ?? null,
              billingData: billing,
              pixExpiresAt: payment.pixPending ? new Date(now + 30 * 60 * 1000) : null,
              paidAt,
              // The period it paid for: what the dashboard's renewal rate and members chart read.
              previousEndDate: payment.previousEnd !== undefined ? at(payment.previousEnd) : null,
              periodEndDate:
                payment.periodEnd !== undefined
                  ? at(payment.periodEnd)
                  : paidAt && demo.period
                    ? at(demo.period.end)
                    : null,
              refundReason: payment.refundedDaysAgo !== undefined ? 'Desistência dentro do prazo' : null,
              refundedAt: payment.refundedDaysAgo !== undefined ? at(-payment.refundedDaysAgo) : null,
              refundedBy: payment.refundedDaysAgo !== undefined ? admin : null,
              confirmationEmailAt: paidAt,
              createdAt: at(-payment.at),
              updatedAt: clock.now(),
            })
            .run();
          if (linkId && payment.status === 'paid') {
            db.update(paymentLinks).set({ paymentId }).where(eq(paymentLinks.id, linkId)).run();
          }
        }

        const referrerId = demo.referredBy ? ids.get(demo.referredBy) : undefined;
        if (referrerId && demo.commission) {
          const amount = commissionOf(settings.priceAnnual);
          db.insert(referrals)
            .values({
              id: newId(),
              referrerId,
              referredId: id,
              referralCode:
                DEMO_SUBSCRIBERS.find((entry) => entry.key === demo.referredBy)?.referralCode ?? '',
              paymentId: demo.commission === 'pending' ? null : referredPaymentId,
              commissionAmount: amount,
              status: demo.commission,
              confirmedAt: demo.commission === 'pending' ? null : clock.now(),
              paidAt: demo.commission === 'paid' ? clock.now() : null,
              paidBy: demo.commission === 'paid' ? admin : null,
              cancelledAt: demo.commission === 'cancelled' ? clock.now() : null,
              createdAt: at(-(demo.approvedDaysAgo ?? 0) - 1),
              updatedAt: clock.now(),
            })
            .run();
        }
      });
    }
    const skipped = DEMO_SUBSCRIBERS.length - created;
    ctx.report(
      `assinantes e pagamentos: ${created} assinantes criados, ${skipped} já existiam (código de indicação da Mariana: MARIANA26, comissão ${formatMoney(commissionOf(settings.priceAnnual))})`,
    );
  },
};
