/**
 * Demo data for the member portal: Helena, an active member whose renewal is due in 20 days (the
 * portal's 30-day warning), who referred four people with commissions in every status (pending,
 * confirmed, paid, cancelled). Runs after the payments module; skips whatever exists.
 */
import { eq } from 'drizzle-orm';
import type { ReferralStatus } from '../../shared/plans';
import { payments, referrals, subscribers, type BillingData } from '../db/schema';
import { newId } from '../lib/ids';
import { newReferralCode } from '../membership/subscribers/subscribers';
import type { SeedModule } from './types';
import { DAY_MS } from '../../shared/sao-paulo-time';
import { commissionOf } from '../referrals/commissions';

export const HELENA_EMAIL = 'helena@confraria.local';
/** Only letters and digits of the referral alphabet (no 0/O, 1/I/L look-alikes). */
export const HELENA_CODE = 'DUARTE26';
/** Days left in Helena's period: inside the 30-day renewal warning, outside the 7-day urgent one. */
export const HELENA_DAYS_LEFT = 20;

const REFERRED: { name: string; email: string; status: ReferralStatus }[] = [
  { name: 'Gustavo Lima', email: 'gustavo.lima@exemplo.com.br', status: 'pending' },
  { name: 'Isabela Freitas', email: 'isabela.freitas@exemplo.com.br', status: 'confirmed' },
  { name: 'Marcos Teixeira', email: 'marcos.teixeira@exemplo.com.br', status: 'paid' },
  { name: 'Renata Gomes', email: 'renata.gomes@exemplo.com.br', status: 'cancelled' },
];

const billing = (name: string, email: string): BillingData => ({
  name,
  email,
  phone: '11944443333',
  cpfCnpj: '',
  address: 'Rua das Videiras',
  number: '200',
  complement: '',
  neighborhood: 'Centro',
  city: 'São Paulo',
  state: 'SP',
  zipCode: '01001000',
});

export const memberPortalSeed: SeedModule = {
  name: 'portal do confrade',
  run(services, ctx) {
    const { db, clock } = services;
    const now = clock.now().getTime();
    const at = (days: number) => new Date(now + days * DAY_MS);
    const settings = services.settings.get();
    const admin = ctx.users.admin?.id ?? null;
    const account = ctx.users.helena;
    let created = 0;

    let helena = db.select().from(subscribers).where(eq(subscribers.email, HELENA_EMAIL)).get();
    if (!helena) {
      created++;
      const start = at(HELENA_DAYS_LEFT - 365);
      helena = db
        .insert(subscribers)
        .values({
          id: newId(),
          name: 'Helena Duarte',
          email: HELENA_EMAIL,
          phone: '11933332222',
          cpf: '15350946056',
          street: 'Rua das Videiras',
          number: '300',
          neighborhood: 'Centro',
          city: 'São Paulo',
          state: 'SP',
          zipCode: '01001000',
          profession: 'Sommelière',
          shirtSize: 'P',
          status: 'active',
          paymentStatus: 'paid',
          subscriptionPrice: settings.priceAnnual,
          subscriptionStartDate: start,
          subscriptionEndDate: at(HELENA_DAYS_LEFT),
          billingData: billing('Helena Duarte', HELENA_EMAIL),
          approvedAt: start,
          approvedBy: admin,
          profileCompleted: true,
          profileCompletedAt: start,
          referralCode: HELENA_CODE,
          userId: account?.id ?? null,
          createdAt: start,
          updatedAt: clock.now(),
        })
        .returning()
        .all()[0]!;
      db.insert(payments)
        .values({
          id: newId(),
          transactionId: `sbx_ch_helena_${helena.id}`,
          subscriberId: helena.id,
          planType: 'annual',
          amount: settings.priceAnnual,
          status: 'paid',
          method: 'credit_card',
          cardBrand: 'Mastercard',
          cardLast4: '4444',
          provider: 'sandbox',
          providerChargeId: `sbx_ch_helena_${helena.id}`,
          description: `Assinatura anual - ${settings.clubName}`,
          paidAt: start,
          periodEndDate: at(HELENA_DAYS_LEFT),
          confirmationEmailAt: start,
          createdAt: start,
          updatedAt: clock.now(),
        })
        .run();
    }

    REFERRED.forEach((person, index) => {
      if (
        db.select({ id: subscribers.id }).from(subscribers).where(eq(subscribers.email, person.email)).get()
      )
        return;
      created++;
      const when = at(-40 + index * 7);
      const paid = person.status !== 'pending';
      db.transaction(() => {
        const referred = db
          .insert(subscribers)
          .values({
            id: newId(),
            name: person.name,
            email: person.email,
            phone: `1192222${String(1000 + index).slice(-4)}`,
            status:
              person.status === 'pending'
                ? 'pending_payment'
                : person.status === 'cancelled'
                  ? 'cancelled'
                  : 'pending',
            paymentStatus:
              person.status === 'pending' ? 'pending' : person.status === 'cancelled' ? 'refunded' : 'paid',
            subscriptionPrice: settings.priceAnnual,
            subscriptionStartDate: paid ? when : null,
            subscriptionEndDate: paid ? new Date(when.getTime() + 365 * DAY_MS) : null,
            billingData: billing(person.name, person.email),
            referralCode: newReferralCode(),
            referredBy: helena.id,
            createdAt: when,
            updatedAt: clock.now(),
          })
          .returning()
          .get();
        const paymentId = paid ? newId() : null;
        if (paymentId) {
          db.insert(payments)
            .values({
              id: paymentId,
              transactionId: `sbx_ch_${paymentId}`,
              subscriberId: referred.id,
              planType: 'annual',
              amount: settings.priceAnnual,
              status: person.status === 'cancelled' ? 'refunded' : 'paid',
              method: 'pix',
              provider: 'sandbox',
              providerChargeId: `sbx_ch_${paymentId}`,
              description: `Assinatura anual - ${settings.clubName}`,
              paidAt: when,
              refundReason: person.status === 'cancelled' ? 'Desistência dentro do prazo' : null,
              refundedAt: person.status === 'cancelled' ? new Date(when.getTime() + 3 * DAY_MS) : null,
              refundedBy: person.status === 'cancelled' ? admin : null,
              createdAt: when,
              updatedAt: clock.now(),
            })
            .run();
        }
        db.insert(referrals)
          .values({
            id: newId(),
            referrerId: helena.id,
            referredId: referred.id,
            referralCode: HELENA_CODE,
            paymentId,
            commissionAmount: commissionOf(settings.priceAnnual),
            status: person.status,
            confirmedAt: paid ? when : null,
            paidAt: person.status === 'paid' ? new Date(when.getTime() + 5 * DAY_MS) : null,
            paidBy: person.status === 'paid' ? admin : null,
            cancelledAt: person.status === 'cancelled' ? new Date(when.getTime() + 3 * DAY_MS) : null,
            createdAt: when,
            updatedAt: clock.now(),
          })
          .run();
      });
    });

    ctx.report(
      `portal do confrade: ${created} registros criados (Helena: renovação em ${HELENA_DAYS_LEFT} dias, indicações em todos os status, código ${HELENA_CODE})`,
    );
  },
};
