/**
 * Demo data of proven contacts (ADR 027): Helena proved her WhatsApp number with a code a week ago;
 * Mariana asked to change her sign-in address and the new one has not confirmed yet (her profile
 * shows it "aguardando confirmação", and the link waits in DATA_DIR/mailbox). Runs after the
 * modules that create their records; skips whatever exists.
 */
import { eq } from 'drizzle-orm';
import { accountPhones, subscribers } from '../db/schema';
import { HELENA_EMAIL } from './member-portal';
import type { SeedModule } from './types';
import { DAY_MS } from '../../shared/sao-paulo-time';
import { getUser } from '../identity/accounts/account-reads';
import { pending, request } from '../identity/email-changes/request';

export const MARIANA_NEW_EMAIL = 'mariana.costa@exemplo.com.br';

export const contactsSeed: SeedModule = {
  name: 'contatos comprovados',
  run(services, ctx) {
    const { db, clock } = services;
    let created = 0;
    let existing = 0;

    const helena = ctx.users.helena;
    const record = db.select().from(subscribers).where(eq(subscribers.email, HELENA_EMAIL)).get();
    if (helena && record?.phone) {
      const proven = db.select().from(accountPhones).where(eq(accountPhones.userId, helena.id)).get();
      if (proven) existing++;
      else {
        db.insert(accountPhones)
          .values({
            userId: helena.id,
            phone: record.phone,
            provenAt: new Date(clock.now().getTime() - 7 * DAY_MS),
          })
          .run();
        created++;
      }
    }

    const mariana = ctx.users.mariana;
    if (mariana) {
      const target = {
        userId: mariana.id,
        subscriberId: services.subscribers.findForUser(mariana)?.id ?? null,
      };
      const account = getUser(services.accounts, mariana.id);
      if (pending(services.emailChanges, target) || account?.email !== mariana.email) existing++;
      else {
        request(services.emailChanges, {
          target,
          newEmail: MARIANA_NEW_EMAIL,
          name: mariana.name,
          requestedBy: 'member',
          requestedById: mariana.id,
        });
        created++;
      }
    }
    ctx.report(`contatos comprovados: ${created} criados, ${existing} já existiam`);
  },
};
