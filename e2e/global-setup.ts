/**
 * Starts the real server (built client, migrated temporary database, background jobs on) on a free
 * loopback port, and tells the test workers where it is through environment variables.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseEnv } from '../src/server/env';
import { buildApp } from '../src/server/http/app';
import { startBackgroundJobs } from '../src/server/jobs';
import { startFakeViaCep } from '../tests/fakes/viacep-server';
import { createOrPromoteAdmin } from '../src/server/identity/accounts/create-account';

/** The admin every spec can sign in as (also exported to workers as E2E_ADMIN_EMAIL/PASSWORD). */
const E2E_ADMIN = { email: 'admin@e2e.local', password: 'Rolha-Taca-Adega-2026', name: 'Admin E2E' };

export default async function globalSetup() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'confraria-e2e-'));
  // The CEP lookup never leaves the machine: a fake ViaCEP on loopback answers with the recorded
  // fixtures (01001-000 is the real "Praça da Sé" answer; others are "not found").
  const viacep = await startFakeViaCep();
  // Every spec signs in from the same loopback address: lift the per-IP auth limit (tested in vitest).
  const env = parseEnv({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    PORT: '0',
    JOBS: 'true',
    AUTH_RATE_LIMIT: '1000',
    CHECKOUT_RATE_LIMIT: '1000',
    PROFILE_UPDATE_RATE_LIMIT: '1000',
    VIACEP_URL: viacep.url,
    // The built-in invoice sandbox: "Emissão de notas fiscais" can be turned on (it stays off by
    // default, so the public texts promise receipts only until a spec turns it on).
    INVOICE_PROVIDER: 'sandbox',
  });
  const { app, services } = await buildApp({ env });
  await createOrPromoteAdmin(services.accounts, {
    email: E2E_ADMIN.email,
    password: E2E_ADMIN.password,
    name: E2E_ADMIN.name,
  });
  const stopJobs = startBackgroundJobs(services);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('server has no port');
  const baseURL = `http://127.0.0.1:${address.port}`;
  // The server builds links from PUBLIC_URL; point it at the port we actually got.
  env.publicUrl = baseURL;
  process.env.E2E_BASE_URL = baseURL;
  process.env.E2E_DATA_DIR = dataDir;
  process.env.E2E_ADMIN_EMAIL = E2E_ADMIN.email;
  process.env.E2E_ADMIN_PASSWORD = E2E_ADMIN.password;
  return async () => {
    stopJobs();
    await app.close();
    await viacep.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
