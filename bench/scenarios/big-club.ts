/**
 * The write paths and the health poll on a big club (ADR 036, ADR 043): checkout creation and webhook
 * confirmation with 100,000 subscribers, 150,000 payments and 10,000 pending links already there,
 * and `/api/health` with 10,000 messages waiting in the outbox (jobs are off in the bench, so they
 * stay queued). These run in a server of their own (`club: 'big'`), started on the club that
 * bench/write-club.ts wrote beforehand.
 */
import type Database from 'better-sqlite3';
import { bulkInsert } from '../admin/generate';
import { defineScenario } from '../scenario';
import { linkCreation, webhookConfirmation } from './payments';
import { DAY_MS } from '../../src/shared/sao-paulo-time';

export const PENDING_LINKS = 10_000;
export const QUEUED_MESSAGES = 10_000;
const LINK_COLUMNS = `id, subscriber_id, plan_type, amount, status, provider, url, customer_name, customer_email,
  billing_data, expires_at, created_at, updated_at`;
const MESSAGE_COLUMNS =
  'id, channel, recipient, template, body, status, next_attempt_at, created_at, updated_at';

/**
 * The big club's own rows on top of the generated club: its pending links (spread over the last
 * 48 h) and the outbox backlog. Written by bench/write-club.ts before the server starts.
 */
export function writeBigClubBacklog(sqlite: Database.Database): void {
  const now = Date.now();
  sqlite.transaction(() => {
    bulkInsert(sqlite, 'payment_links', LINK_COLUMNS, (link) => {
      for (let i = 0; i < PENDING_LINKS; i++) {
        const created = now - Math.floor((i / PENDING_LINKS) * 2 * DAY_MS) + 1;
        link(
          `bpl${i}`,
          `bsub${i * 7}`,
          'annual',
          149700,
          'pending',
          'sandbox',
          `https://bench/l/${i}`,
          'Cliente',
          `b${i}@exemplo.com.br`,
          '{}',
          created + 2 * DAY_MS,
          created,
          created,
        );
      }
    });
    bulkInsert(sqlite, 'outbox', MESSAGE_COLUMNS, (message) => {
      for (let i = 0; i < QUEUED_MESSAGES; i++) {
        const at = now - (QUEUED_MESSAGES - i) * 1000;
        message(`bmsg${i}`, 'email', `fila${i}@exemplo.com.br`, 'contact', 'Olá', 'queued', at, at, at);
      }
    });
  })();
}

export const bigClubHealth = defineScenario({
  name: `GET /api/health, ${QUEUED_MESSAGES.toLocaleString('en-US')} queued messages (big club)`,
  description: 'the health poll while the outbox has a backlog (SMTP or WhatsApp down)',
  target: 0.45,
  club: 'big',
  request: () => ({ path: '/api/health' }),
});

export const bigClubLinkCreation = defineScenario({
  ...linkCreation,
  name: 'payment link creation (big club)',
  description: `${linkCreation.description}, with ${PENDING_LINKS.toLocaleString('en-US')} pending links from others`,
  club: 'big',
});

export const bigClubWebhookConfirmation = defineScenario({
  ...webhookConfirmation,
  name: 'webhook confirmation (big club)',
  club: 'big',
});

export const bigClubScenarios = [bigClubHealth, bigClubLinkCreation, bigClubWebhookConfirmation];
