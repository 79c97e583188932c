/**
 * Background work that runs inside the server process: the outbox worker, an hourly housekeeping
 * pass, the daily renewal reminders and the payment reconciliation. Returns a function that stops
 * it all. `npm run jobs:run` runs the same scheduled jobs by hand (scripts/jobs-run.ts).
 */
import { HOUR_MS, saoPauloHour } from '../shared/sao-paulo-time';
import { optimizeDatabase } from './db/client';
import type { Services } from './services';
import type { JobName } from './system/health';
import { nextBackupAt } from './system/backups';
import { runRenewalPass, type RenewalPassResult } from './payments/automatic-renewal/pass';
import { expireOverdue } from './payments/links/link-status';
import { runDue } from './membership/renewal-reminders/remind';
import { reconcile as reconcilePayments, type ReconciliationReport } from './payments/reconciliation/run';
import { start as startOutboxWorker, stop as stopOutboxWorker } from './messaging/outbox-worker/loop';
import type { RemindersResult } from './membership/renewal-reminders/context';
import { runInvoicePass, type InvoicePassResult } from './invoices/pass';

const HOUSEKEEPING_EVERY_MS = HOUR_MS;
/** Pending payments are re-read from the provider this often (webhooks are the main path). */
const RECONCILIATION_EVERY_MS = 5 * 60 * 1000;
/** Invoices due are taken to the provider this often (each waits its own retry delay besides). */
const INVOICES_EVERY_MS = 15 * 1000;

/**
 * Hourly upkeep. Links past their 48 h are expired once the provider says they were not paid (a
 * paid one is confirmed; an unreachable provider leaves them "em verificação" for the next pass,
 * ADR 030); the tracking page and reconciliation ask too. Then the query planner's statistics.
 * In-page PIX attempts past their deadline are not cancelled here: reconciliation cancels them
 * once the provider says they are unpaid (ADR 030). Memberships whose paid period ended move through
 * the status machine (expired, or cancelled when a cancellation was asked for); running it more
 * often than daily only makes that happen sooner, and a second run finds nothing to do.
 */
export async function runHousekeeping(services: Services): Promise<{
  expiredLinks: number;
  expiredMembers: number;
  cancelledMembers: number;
}> {
  const expiredLinks = await expireOverdue(services.paymentLinks);
  if (expiredLinks > 0) services.log.info({ expiredLinks }, 'overdue payment links expired');
  const ended = services.lifecycle.endPeriods();
  if (ended.expired + ended.cancelled > 0) services.log.info(ended, 'memberships whose period ended moved');
  optimizeDatabase(services.db.$client);
  return {
    expiredLinks,
    expiredMembers: ended.expired,
    cancelledMembers: ended.cancelled,
  };
}

/**
 * Automatic reminders go out during the day in Brazil (a WhatsApp at 3 a.m. is not a service). The
 * hourly tick tries them; what was sent is in the database, so each member gets one per threshold
 * and period however often the pass runs: in effect, a daily job.
 */
const SENDING_HOURS = { from: 9, to: 20 } as const;

export function isSendingHour(now: Date): boolean {
  const hour = saoPauloHour(now);
  return hour >= SENDING_HOURS.from && hour <= SENDING_HOURS.to;
}

export interface ScheduledJobsResult {
  expiredLinks: number;
  expiredMembers: number;
  cancelledMembers: number;
  /** Null when automatic reminders are off in the settings (or outside the sending hours). */
  reminders: RemindersResult | null;
  /** Automatic annual renewal (ADR 052); null when off for the club (or outside the sending hours). */
  automaticRenewal: RenewalPassResult | null;
}

/**
 * The scheduled jobs once: periods that ended (expired / cancellation completed, through the
 * status machine), overdue links, and — when turned on in the settings — renewal reminders at 30
 * and 7 days left and the automatic renewal pass. Safe to run any number of times.
 */
export async function runScheduledJobs(
  services: Services,
  options: { respectSendingHours?: boolean } = {},
): Promise<ScheduledJobsResult> {
  const housekeeping = await runHousekeeping(services);
  const remindersDue =
    services.settings.get().renewalAutomation &&
    (!options.respectSendingHours || isSendingHour(services.clock.now()));
  const reminders = remindersDue ? await runDue(services.renewalReminders) : null;
  // Charges and their notices go out during the day too (a refusal's e-mail at 3 a.m. is no
  // service); the charge day is the day before the end, so the period never lapses meanwhile.
  const renewalDue = !options.respectSendingHours || isSendingHour(services.clock.now());
  const automaticRenewal = renewalDue ? await runRenewalPass(services.automaticRenewal) : null;
  return { ...housekeeping, reminders, automaticRenewal };
}

/** The wall clock of the background timers (`jobs:run` uses the services' clock, which tests move). */
const realNow = () => new Date();

/**
 * Runs one job, records its run for `/api/health` and logs a failure with the job's name; answers
 * its result, or null when it failed (the other jobs still run).
 */
async function runRecorded<T>(
  services: Services,
  name: JobName,
  now: () => Date,
  work: () => Promise<T>,
): Promise<T | null> {
  try {
    const result = await work();
    services.health.recordJobRun(name, true, now());
    return result;
  } catch (error) {
    services.health.recordJobRun(name, false, now());
    services.log.error({ err: error }, `${name} failed`);
    return null;
  }
}

/** What `npm run jobs:run` did: the scheduled jobs, one reconciliation pass and the messages sent. */
export interface JobsByHandResult extends ScheduledJobsResult {
  /** Null when the pass could not run (its error is logged; the rest still ran). */
  reconciliation: ReconciliationReport | null;
  /** Null when invoices are off or the pass could not run. */
  invoices: InvoicePassResult | null;
}

/**
 * `npm run jobs:run`: the scheduled jobs once and one reconciliation pass — what the server does
 * every hour and every five minutes — so an owner (or a test) can settle by hand what a lost
 * webhook left open (a refund whose answer was lost, a paid charge not yet recorded).
 */
export async function runJobsByHand(services: Services): Promise<JobsByHandResult> {
  const scheduled = await runScheduledJobs(services);
  const now = () => services.clock.now();
  const reconciliation = await runRecorded(services, 'reconciliation', now, () =>
    reconcilePayments(services.reconciliation),
  );
  const invoices = services.invoices.provider
    ? await runRecorded(services, 'invoices', now, () => runInvoicePass(services.invoices))
    : null;
  return { ...scheduled, reconciliation, invoices };
}

export function startBackgroundJobs(services: Services): () => void {
  const stops: (() => void)[] = [];
  startOutboxWorker(services.outboxWorker);
  stops.push(() => void stopOutboxWorker(services.outboxWorker));

  const housekeeping = () => {
    void runRecorded(services, 'housekeeping', realNow, () =>
      runScheduledJobs(services, { respectSendingHours: true }),
    );
  };
  housekeeping();
  const timer = setInterval(housekeeping, HOUSEKEEPING_EVERY_MS);
  timer.unref();
  stops.push(() => clearInterval(timer));

  let reconciling = false;
  const reconcile = () => {
    if (reconciling) return;
    reconciling = true;
    void runRecorded(services, 'reconciliation', realNow, () =>
      reconcilePayments(services.reconciliation),
    ).finally(() => {
      reconciling = false;
    });
  };
  const reconcileTimer = setInterval(reconcile, RECONCILIATION_EVERY_MS);
  reconcileTimer.unref();
  stops.push(() => clearInterval(reconcileTimer));

  if (services.invoices.provider) stops.push(scheduleInvoicePasses(services));
  if (services.backups.enabled) stops.push(scheduleDailyBackups(services));

  return () => {
    for (const stop of stops) stop();
  };
}

/** The invoice pass every few seconds, never two at once; a failure is logged and the next tick tries again. */
function scheduleInvoicePasses(services: Services): () => void {
  let running = false;
  const tick = () => {
    if (running) return;
    running = true;
    void runRecorded(services, 'invoices', realNow, () => runInvoicePass(services.invoices)).finally(() => {
      running = false;
    });
  };
  const timer = setInterval(tick, INVOICES_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}

/** The daily backup at BACKUP_TIME; a failure is logged and the next day tries again. */
function scheduleDailyBackups(services: Services): () => void {
  let timer: NodeJS.Timeout | undefined;
  const schedule = () => {
    const delay = nextBackupAt(new Date(), services.env.BACKUP_TIME).getTime() - Date.now();
    timer = setTimeout(() => {
      void runRecorded(services, 'backup', realNow, () => services.backups.runAutomatic()).finally(schedule);
    }, delay);
    timer.unref();
  };
  schedule();
  return () => clearTimeout(timer);
}
