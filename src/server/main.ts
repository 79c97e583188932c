/** Starts the server: configuration, database, first admin, background jobs, listener. */
import { loadEnv } from './env';
import { buildApp } from './http/app';
import { startBackgroundJobs } from './jobs';

const env = loadEnv();
const { app, services } = await buildApp({ env });

await services.accounts.ensureFirstAdmin();

const stopJobs = env.JOBS ? startBackgroundJobs(services) : () => {};

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    stopJobs();
    void app.close().then(() => process.exit(0));
  });
}

await app.listen({ port: env.PORT, host: env.HOST });
