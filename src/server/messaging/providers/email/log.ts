import fs from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from 'pino';
import type { EmailTransport } from './index';

/**
 * The default e-mail transport when no SMTP server is configured. The log line says that a message
 * went, to whom, with which subject and where its copy is, never its body: a body carries names,
 * phones, addresses and links, and a server log is kept, copied and shipped where an erasure
 * cannot reach. The whole message, a set-password link included, is written to a file of its own
 * in `mailboxDir` (DATA_DIR/mailbox, readable by the server's user only): the machine's owner
 * reads it there, as a person reads a mailbox. The outbox that admins read keeps only a
 * placeholder for such links (ADR 008).
 */
export function createLogEmailTransport(log: Logger, mailboxDir: string): EmailTransport {
  let sequence = 0;
  return {
    provider: 'log',
    async send({ to, subject, text }) {
      await fs.mkdir(mailboxDir, { recursive: true, mode: 0o700 });
      const name = `${Date.now()}-${String(++sequence).padStart(4, '0')}-${to.replace(/[^\w.@-]/g, '_')}.txt`;
      const file = path.join(mailboxDir, name);
      await fs.writeFile(file, `Para: ${to}\nAssunto: ${subject}\n\n${text}\n`, { mode: 0o600 });
      log.info(
        { channel: 'email', to, subject, file },
        'e-mail entregue à caixa local (SMTP_URL não definido)',
      );
    },
    async check() {
      return {
        provider: 'log',
        configured: false,
        ok: true,
        detail: 'SMTP_URL não definido: os e-mails são gravados no log e em DATA_DIR/mailbox',
      };
    },
  };
}
