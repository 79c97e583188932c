/**
 * The server half of the drive upload bench (bench/drive-upload.ts): the real app on the DATA_DIR
 * the parent chose, an admin session, and the process's resident memory sampled every 20 ms so the
 * parent can ask for the peak around an upload.
 */
import { loadEnv } from '../src/server/env';
import { buildApp } from '../src/server/http/app';
import { createAccount, createOrPromoteAdmin } from '../src/server/identity/accounts/create-account';
import { login } from '../src/server/identity/accounts/sign-in';

export type DriveBenchMessage =
  { type: 'ready'; port: number; token: string } | { type: 'memory'; rss: number; peak: number };

const env = loadEnv();
const { app, services } = await buildApp({ env });
const email = 'bench-drive@confraria.local';
await createAccount(services.accounts, {
  name: 'Bench',
  email,
  password: 'bench-senha-123',
  emailVerified: true,
});
await createOrPromoteAdmin(services.accounts, { email });
const { token } = await login(services.accounts, { email, password: 'bench-senha-123' });

let peak = 0;
const sampler = setInterval(() => {
  peak = Math.max(peak, process.memoryUsage.rss());
}, 20);

await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
if (!address || typeof address === 'string') throw new Error('no port');
process.send?.({ type: 'ready', port: address.port, token } satisfies DriveBenchMessage);

process.on('message', (message: { type: string }) => {
  if (message.type === 'reset') {
    globalThis.gc?.();
    peak = process.memoryUsage.rss();
    process.send?.({ type: 'memory', rss: peak, peak } satisfies DriveBenchMessage);
  } else if (message.type === 'memory') {
    const rss = process.memoryUsage.rss();
    process.send?.({ type: 'memory', rss, peak: Math.max(peak, rss) } satisfies DriveBenchMessage);
  } else if (message.type === 'stop') {
    clearInterval(sampler);
    void app.close().then(() => process.exit(0));
  }
});
