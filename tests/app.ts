/**
 * Test helpers: an app on a fresh temporary database (a copy of a migrated template, thrown away
 * after the test), a movable clock,
 * and a way to sign in as a given role.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterEach, beforeEach } from 'vitest';
import { databaseFile, openDatabase } from '../src/server/db/client';
import { parseEnv, type Env } from '../src/server/env';
import { buildApp, type BuiltApp } from '../src/server/http/app';
import type { Clock } from '../src/server/lib/deps';
import type { Role } from '../src/shared/roles';
import { detachedCallContext } from '../src/server/http/call-context';
import { createRateLimits } from '../src/server/operations/rate-limits';
import { createCaller } from '../src/server/trpc/root';
import { anonymous } from '../src/server/identity/request-auth';
import { createAccount, createOrPromoteAdmin } from '../src/server/identity/accounts/create-account';
import { resendVerification } from '../src/server/identity/accounts/account-links';
import { login as accountsLogin } from '../src/server/identity/accounts/sign-in';

/** The header a REST call carries for the session of `token` (what `signIn` answers). */
export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export class TestClock implements Clock {
  constructor(private current = new Date('2026-11-22T12:00:00.000Z')) {}
  now() {
    return new Date(this.current);
  }
  set(date: Date | string) {
    this.current = new Date(date);
  }
  advance(ms: number) {
    this.current = new Date(this.current.getTime() + ms);
  }
}

export interface TestApp extends BuiltApp {
  env: Env;
  clock: TestClock;
  dataDir: string;
  /** `app.inject` with JSON defaults. */
  request(options: InjectOptions): Promise<LightMyRequestResponse>;
  /**
   * Creates an account with the role and returns its Bearer token. The e-mail counts as proven
   * (as after its confirmation link) unless `verified: false`.
   */
  signIn(
    role: Role,
    email?: string,
    options?: { verified?: boolean },
  ): Promise<{ token: string; userId: string; email: string }>;
  /** A tRPC caller as the given session token's owner (or anonymous). */
  caller(token?: string): ReturnType<typeof createCaller>;
  close(): Promise<void>;
}

let counter = 0;

/**
 * A migrated empty database, made once per migrations folder and test worker's machine, that every
 * test copies instead of running the migrations again. Keyed by the migrations' content, written
 * under a temporary name and renamed, so parallel workers never see half a file.
 */
function templateDatabase(migrationsDir: string): string {
  const hash = createHash('sha256');
  for (const file of fs.readdirSync(migrationsDir, { recursive: true }).map(String).sort()) {
    const full = path.join(migrationsDir, file);
    if (fs.statSync(full).isFile()) hash.update(file).update(fs.readFileSync(full));
  }
  const template = path.join(os.tmpdir(), `confraria-template-${hash.digest('hex').slice(0, 16)}.db`);
  if (!fs.existsSync(template)) {
    const building = `${template}.${process.pid}.tmp`;
    const { sqlite, close } = openDatabase(building, migrationsDir);
    sqlite.pragma('wal_checkpoint(TRUNCATE)');
    sqlite.pragma('journal_mode = DELETE');
    close();
    fs.renameSync(building, template);
  }
  return template;
}

export async function createTestApp(envOverrides: Record<string, string> = {}): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'confraria-test-'));
  const env = parseEnv({ NODE_ENV: 'test', JOBS: 'false', DATA_DIR: dataDir, PORT: '3000', ...envOverrides });
  fs.copyFileSync(templateDatabase(env.MIGRATIONS_DIR), databaseFile(dataDir));
  const database = openDatabase(databaseFile(dataDir), env.MIGRATIONS_DIR);
  const clock = new TestClock();
  const built = await buildApp({ env, database, clock });

  // One allowance per test app, like the server's; callers share it.
  const callerLimits = createRateLimits(env);
  let closed = false;
  const testApp: TestApp = {
    ...built,
    env,
    clock,
    dataDir,
    request: (options) => built.app.inject(options),
    async signIn(role, email = `${role}${++counter}@teste.com.br`, { verified = true } = {}) {
      const account = { name: `Pessoa ${role}`, email, password: 'segredo123' };
      // Verified: as if its confirmation link had been used (no message queued). Unverified: a
      // plain registration, which queues the confirmation e-mail.
      // (createAccount takes the fixed test password as it is; registration would refuse it as guessable.)
      const user = await createAccount(built.services.accounts, { ...account, emailVerified: verified });
      if (!verified) resendVerification(built.services.accounts, user.id);
      if (role === 'admin') await createOrPromoteAdmin(built.services.accounts, { email });
      const login = await accountsLogin(built.services.accounts, { email, password: 'segredo123' });
      return { token: login.token, userId: user.id, email };
    },
    caller(token) {
      const auth = token
        ? (() => {
            const found = built.services.sessions.validate(token);
            return found ? { ...found, via: 'bearer' as const } : anonymous;
          })()
        : anonymous;
      return createCaller(detachedCallContext(built.services, callerLimits, auth));
    },
    // Once: a test that swaps its app closes the first one itself before the file's hook does.
    async close() {
      if (closed) return;
      closed = true;
      await built.app.close();
      database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return testApp;
}

/**
 * A fresh app for each test of the file, closed after it; `ready` hands it to the file's own
 * variable: `useTestApp((app) => (t = app))`.
 */
export function useTestApp(ready: (t: TestApp) => void, envOverrides?: Record<string, string>): void {
  let t: TestApp | undefined;
  beforeEach(async () => {
    t = await createTestApp(envOverrides);
    ready(t);
  });
  afterEach(async () => {
    await t?.close();
  });
}

/**
 * A fresh app for each test of the file with an admin signed in (the back office's tests); `ready`
 * hands both to the file's own variables.
 */
export function useAdminApp(
  ready: (app: { t: TestApp; admin: { token: string; userId: string; email: string } }) => void,
): void {
  let t: TestApp;
  useTestApp((app) => (t = app));
  beforeEach(async () => {
    ready({ t, admin: await t.signIn('admin') });
  });
}
