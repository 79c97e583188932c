/** Starts the server: configuration, database, first admin, background jobs, listener. */
import { loadEnv } from './env';
import { buildApp } from './http/app';
import { drainOnSignals } from './http/shutdown';
import { startBackgroundJobs } from './jobs';
import { runningServerPid, writePidFile } from './pid-file';
import { isAddressInUse, portInUseMessage, startupBanner } from './startup-banner';
import { dataFolderRefusal, startupRefusal } from './startup-checks';
import { ensureFirstAdmin } from './identity/accounts/create-account';
import { hasAdmin as accountsHasAdmin } from './identity/accounts/account-reads';

const env = loadEnv();
const refusal = startupRefusal(env) ?? dataFolderRefusal(env);
if (refusal) {
  console.error(refusal);
  process.exit(1);
}
// Two servers on one data folder would both write to it, and a restore must know one is running.
const other = runningServerPid(env.DATA_DIR);
if (other !== null) {
  console.error(`Outro servidor (pid ${other}) já usa ${env.DATA_DIR}: pare-o antes de iniciar este.`);
  process.exit(1);
}
writePidFile(env.DATA_DIR);
const { app, services } = await buildApp({ env });

await ensureFirstAdmin(services.accounts);

const stopJobs = env.JOBS ? startBackgroundJobs(services) : () => {};
drainOnSignals(app, { onClosed: stopJobs });

// Fastify logs a "listening at" line per address: the block below says it once, for a person.
const level = app.log.level;
app.log.level = 'warn';
try {
  await app.listen({ port: env.PORT, host: env.HOST });
} catch (error) {
  if (!isAddressInUse(error)) throw error;
  console.error(portInUseMessage(env));
  process.exit(1);
} finally {
  app.log.level = level;
}
const hasAdmin = accountsHasAdmin(services.accounts);
if (process.stdout.isTTY) console.log(`\n${startupBanner(env, { hasAdmin })}\n`);
else app.log.info({ url: env.publicUrl, hasAdmin }, 'listening');
