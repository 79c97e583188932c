import type { Logger } from 'pino';
import { redactSecrets } from '../../redact';
import type { EmailTransport } from './index';

/**
 * The default e-mail transport: the message goes to the log at info level, because without SMTP
 * the log is the mailbox. Tokens in links are masked there (no secret in a log line); the full
 * message, set-password link included, is in the outbox that admins read at /admin/outbox.
 */
export function createLogEmailTransport(log: Logger): EmailTransport {
  return {
    provider: 'log',
    async send({ to, subject, text }) {
      log.info({ channel: 'email', to, subject, body: redactSecrets(text) }, 'e-mail entregue ao log');
    },
    async check() {
      return {
        provider: 'log',
        configured: false,
        ok: true,
        detail: 'SMTP_URL não definido: os e-mails são gravados no log do servidor',
      };
    },
  };
}
