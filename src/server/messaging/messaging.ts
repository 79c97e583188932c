/**
 * Messaging: the e-mail and WhatsApp transports chosen from the configuration (each on its own, so
 * SMTP can carry e-mail while WhatsApp stays on the log), the delivery of one outbox message, and
 * the providers' health for the admin and /test-api panels.
 */
import { createEmailTransport, type EmailProvider } from './providers/email';
import type { ProviderStatus } from '../lib/provider-status';
import { createWhatsAppTransport, type WhatsAppProvider } from './providers/whatsapp';
import type { ServiceDeps } from '../lib/deps';
import type { OutboxMessage } from './outbox';

export interface MessagingStatus {
  email: ProviderStatus<EmailProvider>;
  whatsapp: ProviderStatus<WhatsAppProvider>;
}

/**
 * The status is public (the /test-api panel): checking the real providers on every call would
 * let anyone make the server open SMTP connections at will, so an answer is reused briefly and
 * concurrent callers share one check.
 */
const STATUS_CACHE_MS = 15_000;

export function createMessagingService({ env, log, clock }: ServiceDeps) {
  const email = createEmailTransport(env, log);
  const whatsapp = createWhatsAppTransport(env, log);
  let cached: { at: number; status: Promise<MessagingStatus> } | null = null;

  return {
    providers: { email: email.provider, whatsapp: whatsapp.provider },

    /** Hands one stored message to its channel's transport; rejects with a storable error text. */
    async deliver(message: Pick<OutboxMessage, 'channel' | 'recipient' | 'subject' | 'body'>): Promise<void> {
      if (message.channel === 'email') {
        await email.send({ to: message.recipient, subject: message.subject ?? '', text: message.body });
      } else {
        await whatsapp.send({ to: message.recipient, text: message.body });
      }
    },

    status(): Promise<MessagingStatus> {
      const now = clock.now().getTime();
      if (!cached || now - cached.at >= STATUS_CACHE_MS) {
        const status = Promise.all([email.check(), whatsapp.check()]).then(([e, w]) => ({
          email: e,
          whatsapp: w,
        }));
        cached = { at: now, status };
      }
      return cached.status;
    },
  };
}

export type MessagingService = ReturnType<typeof createMessagingService>;
