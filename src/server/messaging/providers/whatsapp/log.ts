import fs from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from 'pino';
import type { WhatsAppTransport } from './index';

/**
 * The default WhatsApp transport: the log line says that a message went, to which number and where
 * its copy is, never its body (names, codes, links: see the e-mail's log transport); the message
 * goes whole to a file of its own in `mailboxDir` (DATA_DIR/mailbox, readable by the server's user only), the
 * development inbox of both channels: without a WhatsApp provider, that file is where the owner of
 * the machine reads a code sent to prove a number (ADR 027).
 */
export function createLogWhatsAppTransport(
  log: Logger,
  missingVariable: string | null,
  mailboxDir: string,
): WhatsAppTransport {
  let sequence = 0;
  return {
    provider: 'log',
    async send({ to, text }) {
      await fs.mkdir(mailboxDir, { recursive: true, mode: 0o700 });
      const digits = to.replace(/\D/g, '');
      const name = `${Date.now()}-${String(++sequence).padStart(4, '0')}-whatsapp-${digits}.txt`;
      const file = path.join(mailboxDir, name);
      await fs.writeFile(file, `WhatsApp para: ${to}\n\n${text}\n`, { mode: 0o600 });
      log.info({ channel: 'whatsapp', to, file }, 'WhatsApp entregue ao log');
    },
    async check() {
      return {
        provider: 'log',
        configured: false,
        ok: true,
        detail: missingVariable
          ? `${missingVariable} não definido: as mensagens de WhatsApp são gravadas no log do servidor e em DATA_DIR/mailbox`
          : 'WhatsApp Cloud API não configurada: as mensagens são gravadas no log do servidor e em DATA_DIR/mailbox',
      };
    },
  };
}
