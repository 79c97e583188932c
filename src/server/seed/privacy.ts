/**
 * Demo data for LGPD (ADR 029): João (the demo member whose membership was cancelled) asked 11 days
 * ago for his data to be erased — open, 4 days left on the dashboard, the LGPD screen and his
 * profile — and Sílvia's request, made 12 days ago, was completed by the admin (her record shows
 * anonymised data). Someone had started an in-page PIX with her e-mail that nobody paid: the erasure
 * voided it at the provider (Pagamentos shows it cancelled, its history says why). Runs after the
 * accounts and payments modules.
 */
import { processPaymentInput } from '../../shared/checkout-schemas';
import { eq } from 'drizzle-orm';
import { activityLog, deletionRequests, subscriberActivity, subscribers } from '../db/schema';
import { newId } from '../lib/ids';
import type { Services } from '../services';
import { newReferralCode } from '../membership/subscribers/subscribers';
import type { SeedModule } from './types';
import { DAY_MS } from '../../shared/sao-paulo-time';
import { latestFor, open } from '../privacy/deletion-requests/member-request';
import { complete } from '../privacy/deletion-requests/back-office';
import { deletionDueAt } from '../privacy/deletion-requests/deps';

const SILVIA_EMAIL = 'silvia.prado@exemplo.com.br';

/** Moves a request (and the lines it left) back in time, as if asked `daysAgo` days ago. */
function askedDaysAgo(services: Services, requestId: string, subscriberId: string, daysAgo: number) {
  const { db, clock } = services;
  const at = new Date(clock.now().getTime() - daysAgo * DAY_MS);
  db.update(deletionRequests)
    .set({ requestedAt: at, dueAt: deletionDueAt(at), createdAt: at })
    .where(eq(deletionRequests.id, requestId))
    .run();
  db.update(subscriberActivity)
    .set({ createdAt: at })
    .where(eq(subscriberActivity.subscriberId, subscriberId))
    .run();
  db.update(activityLog).set({ createdAt: at }).where(eq(activityLog.subscriberId, subscriberId)).run();
}

/** A former member's record (no account, nothing paid), to show a completed erasure. */
function formerMember(services: Services) {
  const now = services.clock.now().getTime();
  return services.db
    .insert(subscribers)
    .values({
      id: newId(),
      name: 'Sílvia Prado',
      email: SILVIA_EMAIL,
      phone: '11955554444',
      city: 'Santos',
      state: 'SP',
      status: 'expired',
      subscriptionStartDate: new Date(now - 400 * DAY_MS),
      subscriptionEndDate: new Date(now - 35 * DAY_MS),
      approvedAt: new Date(now - 400 * DAY_MS),
      referralCode: newReferralCode(),
      createdAt: new Date(now - 400 * DAY_MS),
      updatedAt: new Date(now - 35 * DAY_MS),
    })
    .returning()
    .all()[0]!;
}

/** Anyone may start the old checkout's PIX with any e-mail: one for Sílvia's, left unpaid. */
async function strangersPix(services: Services) {
  await services.payments.process(
    processPaymentInput.parse({
      paymentMethod: 'pix',
      customerData: {
        name: 'Alguém Qualquer',
        email: SILVIA_EMAIL,
        phone: '(11) 95555-4444',
        cpf: '529.982.247-25',
        address: {
          street: 'Avenida Ana Costa',
          number: '100',
          neighborhood: 'Gonzaga',
          city: 'Santos',
          state: 'SP',
          zipCode: '11060-000',
        },
      },
      paymentData: { amount: services.settings.get().priceAnnual },
    }),
  );
}

export const privacySeed: SeedModule = {
  name: 'lgpd',
  async run(services, ctx) {
    const { db } = services;
    let created = 0;
    const joao = ctx.users.joao;
    const record = joao ? services.subscribers.findForUser(joao) : undefined;
    if (joao && record && !latestFor(services.deletionRequests, record.id)) {
      created++;
      const { request } = open(
        services.deletionRequests,
        record,
        joao.id,
        'Cancelei a assinatura e não quero mais meus dados no clube.',
      );
      askedDaysAgo(services, request.id, record.id, 11);
    }
    const admin = ctx.users.admin;
    const completedBefore = db
      .select({ id: deletionRequests.id })
      .from(deletionRequests)
      .where(eq(deletionRequests.status, 'completed'))
      .get();
    if (admin && !completedBefore) {
      created++;
      const silvia = formerMember(services);
      const { request } = open(services.deletionRequests, silvia, null, null);
      askedDaysAgo(services, request.id, silvia.id, 12);
      await strangersPix(services);
      await complete(services.deletionRequests, request.id, admin.id);
    }
    ctx.report(
      `lgpd: ${created} pedidos de exclusão criados (João Pereira: aberto, prazo em 4 dias; Sílvia Prado: concluído)`,
    );
  },
};
