/** Starts the server: configuration, database, first admin, background jobs, listener. */
import { loadEnv } from './env';
import { buildApp } from './http/app';
import { drainOnSignals } from './http/shutdown';
import { startBackgroundJobs } from './jobs';
import { startupRefusal } from './startup-checks';

const env = loadEnv();
const refusal = startupRefusal(env);
if (refusal) {
  console.error(refusal);
  process.exit(1);
}
const { app, services } = await buildApp({ env });

await services.accounts.ensureFirstAdmin();

const stopJobs = env.JOBS ? startBackgroundJobs(services) : () => {};
drainOnSignals(app, { onClosed: stopJobs });

await app.listen({ port: env.PORT, host: env.HOST });
