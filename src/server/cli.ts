/**
 * What the operator scripts (admin:create, seed:demo, backup) share: the same configuration and
 * database the server uses (DATA_DIR honoured, migrations applied), the services, and prompts.
 * Scripts print their own one-line results on stdout; the log goes to stderr.
 */
import { stdin, stdout } from 'node:process';
import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import pino from 'pino';
import { databaseFile, openDatabase, type OpenDatabase } from './db/client';
import { loadEnv, type Env } from './env';
import { loggerOptions } from './http/logging';
import { createServices, type Services } from './services';
import { dataFolderRefusal } from './startup-checks';

export interface CliContext {
  env: Env;
  database: OpenDatabase;
  services: Services;
  close(): void;
}

export function openCli(env: Env = loadEnv()): CliContext {
  // The same one line as the server's (and as a bad setting's, from loadEnv).
  const folders = dataFolderRefusal(env);
  if (folders) {
    console.error(folders);
    process.exit(1);
  }
  const database = openDatabase(databaseFile(env.DATA_DIR), env.MIGRATIONS_DIR, {
    backupDirBeforeMigrating: env.backupDir,
    onBackup: (file) => console.error(`Backup antes das migrações: ${file}`),
  });
  // Routine `info` lines would bury the script's own answer; LOG_LEVEL=debug|trace still shows them.
  const level = env.LOG_LEVEL === 'info' ? 'warn' : env.LOG_LEVEL;
  const log = pino({ ...loggerOptions(env), level }, pino.destination(2));
  const services = createServices({ db: database.db, env, log });
  return { env, database, services, close: () => database.close() };
}

/** Ends a script with a Portuguese message on stderr and a non-zero exit code. */
export function fail(message: string): never {
  console.error(`Erro: ${message}`);
  process.exit(1);
}

export interface Prompter {
  ask(question: string): Promise<string>;
  /** Like `ask`, without echoing what is typed (when stdin is a terminal). */
  askSecret(question: string): Promise<string>;
  close(): void;
}

/**
 * Line prompts over stdin. Lines are read through the interface's async iterator, which buffers
 * them, so answers piped in all at once (`printf 'a\nb\n' | npm run …`) are not lost between
 * questions. Echo is muted by dropping readline's writes while a secret is typed.
 */
export function createPrompter(): Prompter {
  let muted = false;
  const output = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      if (!muted) stdout.write(chunk);
      callback();
    },
  });
  const rl = createInterface({ input: stdin, output, terminal: stdin.isTTY === true });
  // In raw mode Ctrl+C reaches readline, not the process: without this it would only pause input.
  rl.on('SIGINT', () => {
    stdout.write('\n');
    process.exit(130);
  });
  const lines = rl[Symbol.asyncIterator]();
  const next = async () => {
    const line = await lines.next();
    if (line.done) fail('entrada encerrada antes da resposta');
    return line.value;
  };
  return {
    async ask(question) {
      stdout.write(question);
      return (await next()).trim();
    },
    async askSecret(question) {
      stdout.write(question);
      muted = true;
      try {
        return await next();
      } finally {
        muted = false;
        if (stdin.isTTY) stdout.write('\n');
      }
    },
    close: () => rl.close(),
  };
}
