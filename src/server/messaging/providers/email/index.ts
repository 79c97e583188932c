/**
 * E-mail transports: one interface, chosen once from the configuration. With `SMTP_URL` the
 * messages go out through SMTP; without it they are written to the server log (tokens masked) and,
 * whole, to DATA_DIR/mailbox, the local mailbox (docs/product/decisions.md §6).
 */
import path from 'node:path';
import type { Logger } from 'pino';
import type { Env } from '../../../env';
import type { ProviderStatus } from '../../../lib/provider-status';
import { createLogEmailTransport } from './log';
import { createSmtpEmailTransport } from './smtp';

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
}

export type EmailProvider = 'log' | 'smtp';

export interface EmailTransport {
  readonly provider: EmailProvider;
  /** Resolves when the message was accepted; rejects with an error whose message is safe to store. */
  send(message: EmailMessage): Promise<void>;
  /** Checks the connection (with a short timeout); never rejects. */
  check(): Promise<ProviderStatus<EmailProvider>>;
}

export function createEmailTransport(env: Env, log: Logger): EmailTransport {
  return env.SMTP_URL
    ? createSmtpEmailTransport({ url: env.SMTP_URL, password: env.SMTP_PASSWORD, from: env.MAIL_FROM })
    : createLogEmailTransport(log, path.join(env.DATA_DIR, 'mailbox'));
}
