import type { Logger } from 'pino';
import type { EmailTransport } from './index';

/**
 * The default e-mail transport: the whole message goes to the log at info level, because without
 * SMTP the log is the mailbox (set-password links included, so a developer can follow them).
 */
export function createLogEmailTransport(log: Logger): EmailTransport {
  return {
    provider: 'log',
    async send({ to, subject, text }) {
      log.info({ channel: 'email', to, subject, body: text }, 'e-mail entregue ao log');
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
