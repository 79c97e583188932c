/**
 * SMTP delivery through nodemailer (`SMTP_URL`, e.g. `smtps://user:pass@smtp.example.com`, or
 * `smtps://user@smtp.example.com` with the password as it is in `SMTP_PASSWORD`).
 * One connection per message: the club sends a handful of messages a day, and no pooled
 * connection is left to go stale between them.
 */
import nodemailer from 'nodemailer';
import { errorText, providerText } from '../../../lib/provider-status';
import type { EmailTransport } from './index';

/** Sending may wait on a slow server; the status check must answer quickly. */
const SEND_TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 30_000 };
const CHECK_TIMEOUTS = { connectionTimeout: 5_000, greetingTimeout: 5_000, socketTimeout: 5_000 };

export function createSmtpEmailTransport({
  url: configuredUrl,
  password,
  from,
}: {
  url: string;
  /** SMTP_PASSWORD: replaces the URL's own password. */
  password?: string;
  from: string;
}): EmailTransport {
  const url = withPassword(configuredUrl, password);
  const parsed = new URL(url);
  // Whatever the server or nodemailer says, the credentials never reach `lastError` or a panel.
  const secrets = [
    configuredUrl,
    url,
    password,
    parsed.password,
    safeDecode(parsed.password),
    parsed.username,
    safeDecode(parsed.username),
  ];
  const clean = (error: unknown) => providerText(errorText(error), secrets);
  const where = `${parsed.hostname}:${parsed.port || (parsed.protocol === 'smtps:' ? '465' : '587')}`;

  // Options given in the URL's query string win over these defaults (nodemailer merges them last).
  const sender = nodemailer.createTransport({ url, ...SEND_TIMEOUTS }, { from });

  return {
    provider: 'smtp',
    async send({ to, subject, text }) {
      try {
        await sender.sendMail({ to, subject, text });
      } catch (error) {
        throw new Error(clean(error), { cause: error });
      }
    },
    async check() {
      const checker = nodemailer.createTransport({ url, ...CHECK_TIMEOUTS });
      try {
        await checker.verify();
        return { provider: 'smtp', configured: true, ok: true, detail: `Servidor SMTP ${where} respondeu` };
      } catch (error) {
        return { provider: 'smtp', configured: true, ok: false, detail: `SMTP ${where}: ${clean(error)}` };
      } finally {
        checker.close();
      }
    },
  };
}

/**
 * The URL nodemailer reads, with `password` in it %-escaped: nodemailer decodes the URL's password,
 * so `#`, `@`, `:`, `/` and `%` reach the server as they were written in SMTP_PASSWORD.
 */
function withPassword(url: string, password: string | undefined): string {
  if (password === undefined) return url;
  const parsed = new URL(url);
  parsed.password = encodeURIComponent(password);
  return parsed.href;
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
