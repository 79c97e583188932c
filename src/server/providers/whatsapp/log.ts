import type { Logger } from 'pino';
import { redactMessageBody } from '../../redact';
import type { WhatsAppTransport } from './index';

/** The default WhatsApp transport: the message goes to the log, which is the development inbox. */
export function createLogWhatsAppTransport(log: Logger, missingVariable: string | null): WhatsAppTransport {
  return {
    provider: 'log',
    async send({ to, text }) {
      log.info({ channel: 'whatsapp', to, body: redactMessageBody(text) }, 'WhatsApp entregue ao log');
    },
    async check() {
      return {
        provider: 'log',
        configured: false,
        ok: true,
        detail: missingVariable
          ? `${missingVariable} não definido: as mensagens de WhatsApp são gravadas no log do servidor`
          : 'WhatsApp Cloud API não configurada: as mensagens são gravadas no log do servidor',
      };
    },
  };
}
