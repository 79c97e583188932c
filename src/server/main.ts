/** Starts the server: configuration, database, first admin, background jobs, listener. */
import { loadEnv } from './env';
import { buildApp } from './http/app';
import { startBackgroundJobs } from './jobs';

const env = loadEnv();
const { app, services } = await buildApp({ env });

if (env.ADMIN_EMAIL && env.ADMIN_PASSWORD && !services.accounts.hasAdmin()) {
  await services.accounts.createOrPromoteAdmin({
    email: env.ADMIN_EMAIL,
    password: env.ADMIN_PASSWORD,
    name: env.ADMIN_NAME,
  });
  app.log.info('first admin created from ADMIN_EMAIL');
}

const stopJobs = env.JOBS ? startBackgroundJobs(services) : () => {};

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    stopJobs();
    void app.close().then(() => process.exit(0));
  });
}

await app.listen({ port: env.PORT, host: env.HOST });
