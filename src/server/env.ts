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
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default(path.join(PROJECT_ROOT, 'data')),
  PUBLIC_URL: z.url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  CLIENT_DIR: z.string().min(1).default(path.join(PROJECT_ROOT, 'dist/client')),
  MIGRATIONS_DIR: z.string().min(1).default(path.join(PROJECT_ROOT, 'drizzle')),
  /** Create the first admin at start when no admin exists. */
  ADMIN_EMAIL: optionalString.pipe(z.email().optional()),
  ADMIN_PASSWORD: optionalString.pipe(z.string().min(6).optional()),
  ADMIN_NAME: optionalString,
  /** Rate limit for login/register, per IP per minute. */
  AUTH_RATE_LIMIT: z.coerce.number().int().positive().default(10),
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
    .default(false),
  /** Checkout calls (link creation, in-page payment, payment e-mails) per IP per minute. */
  CHECKOUT_RATE_LIMIT: z.coerce.number().int().positive().default(60),
  /** E-mail: SMTP when set, otherwise messages are delivered to the log. */
  SMTP_URL: optionalString.pipe(z.url().optional()),
  MAIL_FROM: z.string().min(3).default('Confraria <nao-responda@confraria.local>'),
  /** WhatsApp Cloud API when both are set, otherwise delivered to the log. */
  WHATSAPP_TOKEN: optionalString,
  WHATSAPP_PHONE_ID: optionalString,
  WHATSAPP_API_URL: z.url().default('https://graph.facebook.com/v21.0'),
  /**
   * `pagarme` or `sandbox`; unset: Pagar.me when its secret key is set, otherwise the built-in
   * sandbox. Setting `sandbox` says the sandbox is wanted on purpose (a public demo): without it, a
   * server with a public address refuses to start on the sandbox (src/server/startup-checks.ts).
   */
  PAYMENT_PROVIDER: z.enum(['pagarme', 'sandbox']).optional(),
  PAGARME_SECRET_KEY: optionalString,
  /**
   * Public key (`pk_…`): the browser sends card data to Pagar.me's `POST /tokens?appId=` with it and
   * our server receives only the token. Without it, card payments are unavailable with Pagar.me.
   */
  PAGARME_PUBLIC_KEY: optionalString.pipe(
    z
      .string()
      .regex(/^pk_\w+$/, 'use a chave pública do Pagar.me (pk_…)')
      .optional(),
  ),
  PAGARME_API_URL: z.url().default('https://api.pagar.me/core/v5'),
  PAGARME_WEBHOOK_USER: optionalString,
  PAGARME_WEBHOOK_PASSWORD: optionalString,
  /**
   * Seconds after which a PIX shown on the sandbox's page confirms itself, as if the payer's bank
   * had paid (0: only the "Simular pagamento recebido" button confirms it).
   */
  SANDBOX_PIX_CONFIRM_SECONDS: z.coerce.number().int().min(0).max(3600).default(0),
  /** Secret the sandbox provider signs its webhooks with; random per process when unset. */
  SANDBOX_WEBHOOK_SECRET: optionalString,
  VIACEP_URL: z.url().default('https://viacep.com.br'),
  /** Background jobs (outbox worker, daily jobs). Tests turn them off and drive them by hand. */
  JOBS: booleanFlag.default(true),
});

export type Env = z.infer<typeof envSchema> & {
  publicUrl: string;
  /** The payment provider in use, resolved from PAYMENT_PROVIDER and PAGARME_SECRET_KEY. */
  paymentProvider: 'pagarme' | 'sandbox';
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
  return { ...env, publicUrl, paymentProvider };
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
