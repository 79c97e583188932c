/**
 * WhatsApp transports: one interface, chosen once from the configuration. With `WHATSAPP_TOKEN`
 * and `WHATSAPP_PHONE_ID` the messages go out through the WhatsApp Cloud API; otherwise they are
 * written to the server log and to DATA_DIR/mailbox (docs/product/decisions.md §6).
 */
import path from 'node:path';
import type { Logger } from 'pino';
import type { Env } from '../../../env';
import type { ProviderStatus } from '../../../lib/provider-status';
import { createCloudApiWhatsAppTransport } from './cloud-api';
import { createLogWhatsAppTransport } from './log';

export interface WhatsAppMessage {
  /** The phone number as stored (any punctuation); transports normalise it. */
  to: string;
  text: string;
}

export type WhatsAppProvider = 'log' | 'cloud-api';

export interface WhatsAppTransport {
  readonly provider: WhatsAppProvider;
  /** Resolves when the message was accepted; rejects with an error whose message is safe to store. */
  send(message: WhatsAppMessage): Promise<void>;
  /** Checks the connection (with a short timeout); never rejects. */
  check(): Promise<ProviderStatus<WhatsAppProvider>>;
}

export function createWhatsAppTransport(env: Env, log: Logger): WhatsAppTransport {
  if (env.WHATSAPP_TOKEN && env.WHATSAPP_PHONE_ID) {
    return createCloudApiWhatsAppTransport({
      apiUrl: env.WHATSAPP_API_URL,
      token: env.WHATSAPP_TOKEN,
      phoneId: env.WHATSAPP_PHONE_ID,
    });
  }
  const missing = env.WHATSAPP_TOKEN ? 'WHATSAPP_PHONE_ID' : env.WHATSAPP_PHONE_ID ? 'WHATSAPP_TOKEN' : null;
  if (missing) log.warn(`${missing} não definido: as mensagens de WhatsApp vão para o log`);
  return createLogWhatsAppTransport(log, missing, path.join(env.DATA_DIR, 'mailbox'));
}
