/** The system domain: health for monitors, and the /test-api panel's provider checks (docs/product/public-site-and-checkout.md §2, §7). */
import { z } from 'zod';
import { APP_VERSION } from '../version';
import { procedureFor } from '../operations/procedure';

const providerStatus = <P extends [string, ...string[]]>(providers: P) =>
  z.object({
    provider: z.enum(providers),
    configured: z.boolean().describe('O provedor real está configurado (senão: sandbox / registro em log)'),
    ok: z.boolean().describe('O provedor respondeu à verificação'),
    detail: z.string().optional(),
  });

const TOO_MANY_CHECKS = 'Muitas verificações em pouco tempo';

export const paymentProviderStatus = providerStatus(['sandbox', 'pagarme']).extend({ checkedAt: z.string() });

export const messagingStatus = z.object({
  whatsapp: providerStatus(['log', 'cloud-api']),
  email: providerStatus(['log', 'smtp']),
  checkedAt: z.string(),
});

const healthAnswer = z.object({
  status: z.enum(['ok', 'degraded']),
  version: z.string(),
  database: z
    .enum(['ok', 'error'])
    .describe(
      'error: o banco não responde, ou não consegue gravar (uma gravação recusada por falta de espaço no último minuto, ou pouco espaço livre na pasta de dados; ver storage)',
    ),
  storage: z
    .object({
      freeBytes: z
        .number()
        .int()
        .nullable()
        .describe('Espaço livre na pasta de dados (DATA_DIR), em bytes; null se não foi possível ler'),
      lowSpace: z.boolean().describe('Menos de 100 MB livres na pasta de dados'),
      lastWriteErrorAt: z
        .string()
        .nullable()
        .describe('Última gravação recusada por falta de espaço, se foi no último minuto'),
    })
    .describe('Se o banco consegue gravar: espaço livre e a última gravação recusada'),
  paymentProvider: z
    .enum(['pagarme', 'sandbox'])
    .describe('sandbox: pagamentos simulados, nenhuma cobrança real'),
  providers: z
    .object({
      payment: z.enum(['pagarme', 'sandbox']),
      email: z.enum(['smtp', 'log']),
      whatsapp: z.enum(['cloud-api', 'log']),
      invoices: z.enum(['focusnfe', 'sandbox', 'off']),
    })
    .describe(
      'Provedores em uso: os reais ou os substitutos embutidos (sandbox, registro em log); notas fiscais "off" sem emissor configurado',
    ),
  lastBackupAt: z.string().nullable().describe('Último backup bom (automático, manual ou antes de migrar)'),
  outbox: z
    .object({ waiting: z.number().int(), oldestWaitingSince: z.string().nullable() })
    .describe('Mensagens ainda não entregues e desde quando espera a mais antiga'),
  jobs: z
    .record(z.string(), z.object({ lastRunAt: z.string(), ok: z.boolean() }))
    .describe('Última execução de cada tarefa agendada desde o início do processo'),
  uptime: z.number(),
  timestamp: z.string(),
});

/** REST only: monitors and the /test-api panel call the documented paths. */
export const systemRestProcedures = {
  health: procedureFor('public')
    .meta({
      // Monitors read the status code: a server without its database, or unable to write, is not healthy.
      statusOf: (answer: z.output<typeof healthAnswer>) => (answer.database === 'ok' ? 200 : 503),
      fastSerialize: true,
      openapi: {
        method: 'GET',
        path: '/health',
        tags: ['sistema'],
        summary:
          'Estado do servidor para monitores: banco de dados, provedores em uso, último backup, fila de mensagens e tarefas agendadas',
      },
    })
    .output(healthAnswer)
    .query(({ ctx: { services } }) => {
      // The backlog's reads are also the database check: no other query per poll (ADR 049).
      const waiting = services.health.outboxWaiting();
      // A database that answers but cannot write is not healthy: it would refuse every payment.
      const storage = services.health.storage();
      const database = waiting && storage.writable ? ('ok' as const) : ('error' as const);
      const lastBackupAt = services.backups.lastGoodAt();
      return {
        status: database === 'ok' ? ('ok' as const) : ('degraded' as const),
        version: APP_VERSION,
        database,
        paymentProvider: services.env.paymentProvider,
        providers: {
          payment: services.env.paymentProvider,
          email: services.messaging.providers.email,
          whatsapp: services.messaging.providers.whatsapp,
          invoices: services.env.invoiceProvider ?? ('off' as const),
        },
        storage: {
          freeBytes: storage.freeBytes,
          lowSpace: storage.lowSpace,
          lastWriteErrorAt: storage.lastWriteErrorAt?.toISOString() ?? null,
        },
        lastBackupAt: lastBackupAt?.toISOString() ?? null,
        outbox: {
          waiting: waiting?.count ?? 0,
          oldestWaitingSince: waiting?.oldest?.toISOString() ?? null,
        },
        jobs: Object.fromEntries(
          [...services.health.jobRuns()].map(([name, run]) => [
            name,
            { lastRunAt: run.at.toISOString(), ok: run.ok },
          ]),
        ),
        uptime: Math.round(process.uptime()),
        timestamp: services.clock.now().toISOString(),
      };
    }),

  /** Public like the /test-api panel; each call may reach the real provider, hence the limit. */
  paymentProvider: procedureFor('public')
    .meta({
      rateLimit: 'diagnostics',
      openapi: {
        method: 'GET',
        path: '/test/pagarme',
        tags: ['sistema'],
        summary: 'Teste do provedor de pagamentos (cartão/PIX): qual está configurado e se responde',
        errorResponses: { 429: TOO_MANY_CHECKS },
      },
    })
    .output(paymentProviderStatus)
    .query(({ ctx: { services } }) => services.diagnostics.paymentProvider()),

  messaging: procedureFor('public')
    .meta({
      rateLimit: 'diagnostics',
      openapi: {
        method: 'GET',
        path: '/test/whatsapp',
        tags: ['sistema'],
        summary:
          'Teste da mensageria (WhatsApp e e-mail): quais provedores estão configurados e se respondem',
        errorResponses: { 429: TOO_MANY_CHECKS },
      },
    })
    .output(messagingStatus)
    .query(({ ctx: { services } }) => services.diagnostics.messaging()),
};
