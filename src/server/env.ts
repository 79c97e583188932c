/**
 * The process configuration, parsed once with zod. This is the only module that reads
 * `process.env`; everything else receives an `Env` value, which is what lets tests build
 * an app with any configuration in-process.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** Project root, derived once here so no other module depends on where it is loaded from. */
export const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const optionalString = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

export const envSchema = z.object({
  NODE_ENV: z
    .enum(['development', 'production', 'test'])
    .default('production')
    .describe('production for a real server; development is what `npm run dev` sets'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000).describe('HTTP port the server listens on'),
  HOST: z
    .string()
    .min(1)
    .default('0.0.0.0')
    .describe('address to listen on (127.0.0.1 behind a reverse proxy on the same machine)'),
  DATA_DIR: z
    .string()
    .min(1)
    .default(path.join(PROJECT_ROOT, 'data'))
    .describe('folder of the database (club.db), the drive files, the local mailbox and the backups'),
  PUBLIC_URL: z
    .url()
    .optional()
    .describe('address members use (https://…); links in e-mails and WhatsApp messages are built from it'),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
    .default('info')
    .describe('log level (JSON lines, or readable lines in a terminal)'),
  CLIENT_DIR: z
    .string()
    .min(1)
    .default(path.join(PROJECT_ROOT, 'dist/client'))
    .describe('built web client served by the server (npm run build writes it)'),
  MIGRATIONS_DIR: z
    .string()
    .min(1)
    .default(path.join(PROJECT_ROOT, 'drizzle'))
    .describe('SQL migrations applied at start'),
  ADMIN_EMAIL: optionalString
    .pipe(z.email().optional())
    .describe('first admin, created at start when no admin exists (with ADMIN_PASSWORD)'),
  ADMIN_PASSWORD: optionalString
    .pipe(z.string().min(6).optional())
    .describe('password of the first admin (at least 6 characters); remove it after the first start'),
  ADMIN_NAME: optionalString.describe('name of the first admin'),
  AUTH_RATE_LIMIT: z.coerce
    .number()
    .int()
    .positive()
    .default(10)
    .describe('login, registration and password-reset calls per IP per minute'),
  /**
   * Whether to believe X-Forwarded-For for the client's IP (Fastify `trustProxy`): `false` (the
   * default: the socket's address, so nobody can pick their own IP to dodge the rate limits),
   * `true` (any proxy), or the number of proxies in front of the server.
   */
  TRUST_PROXY: z
    .string()
    .trim()
    .regex(/^(true|false|\d+)$/, 'use true, false ou o número de proxies à frente do servidor')
    .transform((value) => (value === 'true' ? true : value === 'false' ? false : Number(value)))
    .default(false)
    .describe(
      'number of reverse proxies in front (1 behind Caddy or nginx): their X-Forwarded-* are believed',
    ),
  CHECKOUT_RATE_LIMIT: z.coerce
    .number()
    .int()
    .positive()
    .default(60)
    .describe('checkout calls (link creation, in-page payment, payment e-mails) per IP per minute'),
  PROFILE_UPDATE_RATE_LIMIT: z.coerce
    .number()
    .int()
    .positive()
    .default(10)
    .describe('profile-update wizard calls (lookup, code, save) per IP per minute'),
  SMTP_URL: optionalString
    .pipe(z.url().optional())
    .describe(
      'send e-mail through SMTP (smtp://user:pass@host:587); unset: e-mails go to the log and DATA_DIR/mailbox',
    ),
  /**
   * The SMTP password on its own, taken as it is: a password with `#`, `@`, `:` or `/` would have
   * to be %-escaped inside SMTP_URL, which is easy to get wrong. Not trimmed (spaces may be part of
   * it); it replaces a password written in SMTP_URL.
   */
  SMTP_PASSWORD: z
    .string()
    .transform((value) => (value === '' ? undefined : value))
    .optional()
    .describe(
      "password of SMTP_URL's user, as it is (#, @ and : need no %-escaping; in a settings file, between single quotes)",
    ),
  MAIL_FROM: z
    .string()
    .min(3)
    .default('Confraria <nao-responda@confraria.local>')
    .describe('sender of the e-mails'),
  WHATSAPP_TOKEN: optionalString.describe(
    'WhatsApp Cloud API token; with WHATSAPP_PHONE_ID sends real messages, unset: to the log and DATA_DIR/mailbox',
  ),
  WHATSAPP_PHONE_ID: optionalString.describe('WhatsApp Cloud API phone number id'),
  WHATSAPP_API_URL: z
    .url()
    .default('https://graph.facebook.com/v21.0')
    .describe('WhatsApp Cloud API base URL'),
  /**
   * `pagarme` or `sandbox`; unset: Pagar.me when its secret key is set, otherwise the built-in
   * sandbox. Setting `sandbox` says the sandbox is wanted on purpose (a public demo): without it, a
   * server with a public address refuses to start on the sandbox (src/server/startup-checks.ts).
   */
  PAYMENT_PROVIDER: z
    .enum(['pagarme', 'sandbox'])
    .optional()
    .describe('pagarme or sandbox; unset: Pagar.me when PAGARME_SECRET_KEY is set, otherwise the sandbox'),
  PAGARME_SECRET_KEY: optionalString.describe('Pagar.me v5 secret key (sk_…): real payments'),
  PAGARME_PUBLIC_KEY: optionalString
    .pipe(
      z
        .string()
        .regex(/^pk_\w+$/, 'use a chave pública do Pagar.me (pk_…)')
        .optional(),
    )
    .describe(
      'Pagar.me public key (pk_…): the browser turns cards into tokens with it; without it, no card payments with Pagar.me',
    ),
  PAGARME_API_URL: z.url().default('https://api.pagar.me/core/v5').describe('Pagar.me API base URL'),
  PAGARME_WEBHOOK_USER: optionalString.describe('user of the Basic credentials Pagar.me webhooks must carry'),
  PAGARME_WEBHOOK_PASSWORD: optionalString.describe(
    'password of the Basic credentials Pagar.me webhooks must carry',
  ),
  SANDBOX_PIX_CONFIRM_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .max(3600)
    .default(0)
    .describe(
      'seconds after which a PIX shown on the sandbox page confirms itself (0: only its button confirms)',
    ),
  SANDBOX_WEBHOOK_SECRET: optionalString.describe(
    'secret the sandbox provider signs its webhooks with; random per process when unset',
  ),
  /**
   * `focusnfe` or `sandbox`; unset: Focus NFe when FOCUSNFE_TOKEN is set, otherwise no invoices
   * (docs/decisions/053-service-invoices.md). Off by default: the public texts then promise receipts only.
   */
  INVOICE_PROVIDER: z
    .enum(['focusnfe', 'sandbox'])
    .optional()
    .describe('focusnfe or sandbox; unset: Focus NFe when FOCUSNFE_TOKEN is set, otherwise no invoices'),
  FOCUSNFE_TOKEN: optionalString.describe(
    "Focus NFe token (the company's, homologação or produção): service invoices",
  ),
  FOCUSNFE_API_URL: z
    .url()
    .default('https://api.focusnfe.com.br')
    .describe('Focus NFe API base URL (https://homologacao.focusnfe.com.br for test invoices)'),
  INVOICE_MUNICIPAL_REGISTRATION: optionalString.describe("the club's inscrição municipal, on its invoices"),
  INVOICE_CITY_CODE: optionalString
    .pipe(
      z
        .string()
        .regex(/^\d{7}$/, 'use o código IBGE do município (7 algarismos)')
        .optional(),
    )
    .describe("IBGE code of the club's city (7 digits), on its invoices"),
  INVOICE_SERVICE_ITEM: optionalString.describe("the service's item in the city's list (item_lista_servico)"),
  INVOICE_TAX_RATE: z.coerce
    .number()
    .min(0)
    .max(5)
    .default(2)
    .describe('ISS rate of the invoices, in percent (2 to 5)'),
  VIACEP_URL: z.url().default('https://viacep.com.br').describe('CEP (postal code) lookup service'),
  DRIVE_MAX_UPLOAD_MB: z.coerce
    .number()
    .int()
    .min(1)
    .max(10_240)
    .default(500)
    .describe('largest file the drive accepts, in MB (streamed to DATA_DIR/drive, never held in memory)'),
  JOBS: booleanFlag
    .default(true)
    .describe(
      'run the background jobs (outbox worker, reconciliation, daily jobs, backups) in the server process',
    ),
  BACKUP_DIR: optionalString.describe('folder of the automatic backups; unset: DATA_DIR/backups'),
  BACKUP_TIME: z
    .string()
    .trim()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'use HH:MM (horário de Brasília)')
    .default('03:30')
    .describe('time of the daily automatic backup, HH:MM in São Paulo time'),
  BACKUP_KEEP: z.coerce
    .number()
    .int()
    .min(0)
    .default(14)
    .describe('how many automatic backups to keep (0: no automatic backups)'),
});

export type Env = z.infer<typeof envSchema> & {
  publicUrl: string;
  /** The payment provider in use, resolved from PAYMENT_PROVIDER and PAGARME_SECRET_KEY. */
  paymentProvider: 'pagarme' | 'sandbox';
  /** BACKUP_DIR, or DATA_DIR/backups. */
  backupDir: string;
  /** The invoice provider in use, from INVOICE_PROVIDER and FOCUSNFE_TOKEN; null: no invoices. */
  invoiceProvider: 'focusnfe' | 'sandbox' | null;
};

/** Parses a raw environment; throws an Error whose message is one line naming the variable. */
export function parseEnv(raw: Record<string, string | undefined>): Env {
  // For the operator: zod's own detail ("expected number…"), not the people-facing "Dados inválidos".
  const result = envSchema.safeParse(raw, { error: (issue) => z.config().localeError?.(issue) });
  if (!result.success) {
    const issue = result.error.issues[0];
    const name = issue?.path.join('.') ?? 'configuração';
    throw new Error(`Configuração inválida: ${name}: ${issue?.message ?? 'valor inválido'}`);
  }
  const env = result.data;
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
  const paymentProvider = env.PAYMENT_PROVIDER ?? (env.PAGARME_SECRET_KEY ? 'pagarme' : 'sandbox');
  if (paymentProvider === 'pagarme' && !env.PAGARME_SECRET_KEY) {
    throw new Error('Configuração inválida: PAYMENT_PROVIDER=pagarme exige PAGARME_SECRET_KEY');
  }
  if (env.SMTP_PASSWORD !== undefined && !(env.SMTP_URL && new URL(env.SMTP_URL).username)) {
    // Never the password itself in the message: it reaches the journal.
    throw new Error(
      'Configuração inválida: SMTP_PASSWORD exige SMTP_URL com o usuário (smtp://usuario@servidor:587)',
    );
  }
  const backupDir = env.BACKUP_DIR ?? path.join(env.DATA_DIR, 'backups');
  const invoiceProvider = env.INVOICE_PROVIDER ?? (env.FOCUSNFE_TOKEN ? 'focusnfe' : null);
  if (invoiceProvider === 'focusnfe') {
    const missing = (
      [
        'FOCUSNFE_TOKEN',
        'INVOICE_MUNICIPAL_REGISTRATION',
        'INVOICE_CITY_CODE',
        'INVOICE_SERVICE_ITEM',
      ] as const
    ).find((name) => !env[name]);
    if (missing) throw new Error(`Configuração inválida: as notas fiscais pela Focus NFe exigem ${missing}`);
  }
  return { ...env, publicUrl, paymentProvider, backupDir, invoiceProvider };
}

/** Reads `process.env` once; on a bad value prints one line and exits. */
export function loadEnv(): Env {
  try {
    return parseEnv(process.env);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}

/**
 * How the operator starts a command here, for its usage texts: `confraria restore` on a server (the
 * `confraria` command of docs/deploy sets CONFRARIA_COMMAND=confraria), `npm run restore --` in a
 * checkout.
 */
export function commandLine(npmScript: string, serverCommand: string): string {
  return process.env.CONFRARIA_COMMAND === 'confraria'
    ? `confraria ${serverCommand}`
    : `npm run ${npmScript} --`;
}

/** How the server is started here, for the commands that say to start it. */
export function serverStartLine(): string {
  return process.env.CONFRARIA_COMMAND === 'confraria' ? 'systemctl start confraria' : 'npm start';
}
