/**
 * A fake SMTP server on loopback for the outbox tests: it accepts (or, when told to, rejects with
 * a temporary error such as 451) every message and keeps what it received, decoded, so tests can
 * check recipient, subject and body exactly as a mailbox would show them.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string | undefined;
  to: string[];
  subject: string;
  text: string;
  raw: string;
}

export interface FakeSmtpServer {
  /** `smtp://[user:password@]127.0.0.1:port`, ready for `SMTP_URL`. */
  url: string;
  port: number;
  /** Messages accepted, in order. */
  received: ReceivedMail[];
  /** Number of DATA commands seen, accepted or not. */
  attempts: number;
  /** Rejects the next `times` messages (Infinity: until `recover()`) with this SMTP reply. */
  reject(times?: number, code?: number, message?: string): void;
  recover(): void;
  close(): Promise<void>;
}

export async function startFakeSmtpServer(
  options: { auth?: { user: string; password: string }; port?: number } = {},
): Promise<FakeSmtpServer> {
  const { auth } = options;
  let rejections = 0;
  let rejection = { code: 451, message: 'Servidor temporariamente indisponível' };
  const received: ReceivedMail[] = [];
  const state = { attempts: 0 };

  const server = new SMTPServer({
    logger: false,
    disabledCommands: auth ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
    authOptional: !auth,
    allowInsecureAuth: true,
    onAuth(credentials, _session, callback) {
      if (auth && credentials.username === auth.user && credentials.password === auth.password) {
        callback(null, { user: credentials.username });
      } else {
        callback(Object.assign(new Error('Authentication failed'), { responseCode: 535 }));
      }
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        state.attempts++;
        if (rejections > 0) {
          rejections--;
          callback(Object.assign(new Error(rejection.message), { responseCode: rejection.code }));
          return;
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        const mailFrom = session.envelope.mailFrom;
        received.push({
          ...parseMessage(raw),
          from: mailFrom ? mailFrom.address : undefined,
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw,
        });
        callback(null, 'OK: mensagem recebida');
      });
    },
  });

  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  const credentials = auth ? `${encodeURIComponent(auth.user)}:${encodeURIComponent(auth.password)}@` : '';

  return {
    url: `smtp://${credentials}127.0.0.1:${port}`,
    port,
    received,
    get attempts() {
      return state.attempts;
    },
    reject(times = Infinity, code = 451, message = 'Servidor temporariamente indisponível') {
      rejections = times;
      rejection = { code, message };
    },
    recover() {
      rejections = 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Just enough MIME for nodemailer's plain-text messages: encoded-word headers, QP/base64 body. */
function parseMessage(raw: string): { subject: string; text: string } {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const body = raw.slice(split + 4);
  const headers = new Map<string, string>();
  for (const line of head.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  const text =
    encoding === 'quoted-printable'
      ? decodeQuotedPrintable(body.replace(/=\r\n/g, ''))
      : encoding === 'base64'
        ? Buffer.from(body, 'base64').toString('utf8')
        : body;
  return {
    subject: decodeWords(headers.get('subject') ?? ''),
    text: text.replace(/\r\n/g, '\n').replace(/\n$/, ''),
  };
}

function decodeWords(value: string): string {
  return value
    .replace(/(\?=)\s+(=\?)/g, '$1$2')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_whole, _charset: string, kind: string, data: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')),
    );
}

function decodeQuotedPrintable(value: string): string {
  const bytes: number[] = [];
  for (let i = 0; i < value.length; i++) {
    const hex = value.slice(i + 1, i + 3);
    if (value[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(value[i] ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}
