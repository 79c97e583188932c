/**
 * The operator scripts as an operator runs them (`npm run admin:create | seed:demo | backup`):
 * real processes on a temporary DATA_DIR, checking what they print, their exit codes and the
 * database they leave behind.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { databaseFile, openDatabase } from '../src/server/db/client';
import { parseEnv, PROJECT_ROOT } from '../src/server/env';
import { createServices } from '../src/server/services';
import { COMMAND_FLAGS, spawnCommand } from './command-flags';
import { login } from '../src/server/identity/accounts/sign-in';
import { hasAdmin } from '../src/server/identity/accounts/account-reads';
import { createAccount } from '../src/server/identity/accounts/create-account';

let dataDir: string;
beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'confraria-scripts-'));
});
afterEach(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
});

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function run(
  script: string,
  args: string[] = [],
  stdin?: string,
  env: Record<string, string> = {},
): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawnCommand(script, args, { DATA_DIR: dataDir, NODE_ENV: 'production', ...env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(stdin ?? '');
  });
}

/** The services over the DATA_DIR the scripts wrote to. */
function openServices() {
  const env = parseEnv({ NODE_ENV: 'test', DATA_DIR: dataDir });
  const database = openDatabase(databaseFile(dataDir), env.MIGRATIONS_DIR);
  const services = createServices({ db: database.db, env, log: pino({ level: 'silent' }) });
  return { services, close: () => database.close() };
}

async function canLogIn(email: string, password: string) {
  const { services, close } = openServices();
  try {
    return (await login(services.accounts, { email, password })).user;
  } finally {
    close();
  }
}

// Each test spawns the commands as processes (through tsx): slow on a busy machine.
describe('npm run admin:create', { timeout: 90_000 }, () => {
  it('creates an admin from flags, then promotes/updates it on a second run', async () => {
    const created = await run('admin-create.ts', [
      '--email',
      'Chefe@Confraria.com.br',
      '--password',
      'Malbec-Serra-42',
      '--name',
      'Chefe',
    ]);
    expect(created).toMatchObject({ code: 0, stdout: 'Admin criado: Chefe <chefe@confraria.com.br>\n' });
    expect(fs.existsSync(path.join(dataDir, 'club.db'))).toBe(true);
    expect(await canLogIn('chefe@confraria.com.br', 'Malbec-Serra-42')).toMatchObject({
      role: 'admin',
      name: 'Chefe',
    });

    const updated = await run('admin-create.ts', [
      '--email',
      'chefe@confraria.com.br',
      '--password',
      'nova-senha',
    ]);
    expect(updated).toMatchObject({
      code: 0,
      stdout: 'Conta promovida a admin: Chefe <chefe@confraria.com.br> (senha atualizada)\n',
    });
    expect(await canLogIn('chefe@confraria.com.br', 'nova-senha')).toMatchObject({ role: 'admin' });
  });

  it('fails with a Portuguese message and a non-zero code on bad input, creating nothing', async () => {
    const badEmail = await run('admin-create.ts', ['--email', 'nao-e-email', '--password', 'segredo123']);
    expect(badEmail.code).not.toBe(0);
    expect(badEmail.stderr).toBe('Erro: Email inválido\n');

    const shortPassword = await run('admin-create.ts', ['--email', 'a@b.com.br', '--password', '123']);
    expect(shortPassword.code).not.toBe(0);
    expect(shortPassword.stderr).toBe('Erro: A senha deve ter pelo menos 8 caracteres\n');

    const guessable = await run('admin-create.ts', ['--email', 'a@b.com.br', '--password', 'admin123']);
    expect(guessable.code).not.toBe(0);
    expect(guessable.stderr).toBe(
      'Erro: Esta é uma das senhas mais usadas. Escolha outra: junte três ou quatro palavras sem ' +
        'relação entre si, ou use uma senha mais longa com letras, números e símbolos.\n',
    );

    const unknownFlag = await run('admin-create.ts', ['--mail', 'a@b.com.br']);
    expect(unknownFlag.code).not.toBe(0);
    expect(unknownFlag.stderr).toMatch(/^Erro: opção inválida\. Uso: npm run admin:create -- --email/);

    const { services, close } = openServices();
    expect(hasAdmin(services.accounts)).toBe(false);
    close();
  });

  it('asks for each value when run without flags', async () => {
    const answers = 'Dona@Confraria.com.br\nDona da Casa\nsenha-forte\nsenha-forte\n';
    const res = await run('admin-create.ts', [], answers);
    expect(res.code).toBe(0);
    expect(res.stdout).toContain('Email: ');
    expect(res.stdout).toContain('Admin criado: Dona da Casa <dona@confraria.com.br>');
    expect(res.stdout).not.toContain('senha-forte');
    expect(await canLogIn('dona@confraria.com.br', 'senha-forte')).toMatchObject({ role: 'admin' });
  });

  it('checks each answer as it is given and asks that question again', async () => {
    const answers = [
      'nao-e-email',
      'outra@confraria.com.br',
      '',
      'admin123', // among the most used passwords
      'Safra-de-Malbec-2026!',
      'Safra-de-Malbec-2025!', // the confirmation differs: the password is asked again
      'Safra-de-Malbec-2026!',
      'Safra-de-Malbec-2026!',
    ];
    const res = await run('admin-create.ts', [], `${answers.join('\n')}\n`);
    expect(res.code).toBe(0);
    expect(res.stderr).toBe(
      'Email inválido\n' +
        'Esta é uma das senhas mais usadas. Escolha outra: junte três ou quatro palavras sem relação ' +
        'entre si, ou use uma senha mais longa com letras, números e símbolos.\n' +
        'As senhas não coincidem\n',
    );
    expect(res.stdout.match(/Email: /g)).toHaveLength(2);
    expect(res.stdout.match(/Senha: /g)).toHaveLength(3);
    expect(res.stdout).toContain('Admin criado: Admin <outra@confraria.com.br>');
    expect(await canLogIn('outra@confraria.com.br', 'Safra-de-Malbec-2026!')).toMatchObject({
      role: 'admin',
    });

    // Input that ends before a good answer: one line, nothing created.
    const ended = await run('admin-create.ts', [], 'terceira@confraria.com.br\n\nadmin123\n');
    expect(ended.code).not.toBe(0);
    expect(ended.stderr).toMatch(/\nErro: entrada encerrada antes da resposta\n$/);
    await expect(canLogIn('terceira@confraria.com.br', 'admin123')).rejects.toThrow(
      'Email ou senha inválidos',
    );
  });
});

/** `npm run seed:demo` on a developer's copy: NODE_ENV=development unless set (package.json). */
const seedDemo = (args: string[] = [], env: Record<string, string> = {}) =>
  run('seed-demo.ts', args, undefined, { NODE_ENV: 'development', ...env });

// Each test spawns the commands as processes (through tsx): slow on a busy machine.
describe('npm run seed:demo', { timeout: 90_000 }, () => {
  it('fills the demo club, prints the credentials, and can run twice', async () => {
    const first = await seedDemo();
    expect(first.code).toBe(0);
    expect(first.stdout).toContain('contas: 7 criadas, 0 já existiam');
    expect(first.stdout).toMatch(/admin\s+admin@confraria\.local\s+admin123/);
    expect(first.stdout).toMatch(/confrade\s+mariana@confraria\.local\s+confrade123/);
    expect(await canLogIn('admin@confraria.local', 'admin123')).toMatchObject({ role: 'admin' });

    const second = await seedDemo();
    expect(second.code).toBe(0);
    expect(second.stdout).toContain('contas: 0 criadas, 7 já existiam');
  });

  it('refuses a database with real members, changing nothing, unless --force', async () => {
    const { services, close } = openServices();
    await createAccount(services.accounts, {
      name: 'Ana Real',
      email: 'ana@gmail.com',
      password: 'segredo1',
    });
    close();

    const refused = await seedDemo();
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe(
      'Erro: Este banco de dados já tem 1 pessoa real (contas, administradores incluídos, ou assinantes ' +
        'fora da demonstração): os dados de demonstração não foram gravados. Use um DATA_DIR vazio, ou ' +
        'rode `npm run seed:demo -- --force` numa cópia de desenvolvimento para gravar mesmo assim.\n',
    );
    await expect(canLogIn('admin@confraria.local', 'admin123')).rejects.toThrow('Email ou senha inválidos');

    const forced = await seedDemo(['--force']);
    expect(forced.code).toBe(0);
    expect(await canLogIn('admin@confraria.local', 'admin123')).toMatchObject({ role: 'admin' });
  });

  it('refuses a database whose only account is a real administrator', async () => {
    const admin = await run('admin-create.ts', [
      '--email',
      'dona@clube-exemplo.com.br',
      '--password',
      'Safra-de-Malbec-2026!',
      '--name',
      'Dona do Clube',
    ]);
    expect(admin.code).toBe(0);

    const refused = await seedDemo();
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(
      /^Erro: Este banco de dados já tem 1 pessoa real \(contas, administradores incluídos/,
    );
    await expect(canLogIn('admin@confraria.local', 'admin123')).rejects.toThrow('Email ou senha inválidos');
  });

  it('never runs under a production configuration, not even forced, and leaves the folder untouched', async () => {
    const production = await run('seed-demo.ts', ['--force']);
    expect(production.code).toBe(1);
    expect(production.stderr).toBe(
      'Erro: O clube de demonstração não é gravado com NODE_ENV=production: ele cria o admin ' +
        'admin@confraria.local com a senha admin123, que qualquer um adivinha. Rode-o numa cópia de ' +
        'desenvolvimento, com um DATA_DIR próprio.\n',
    );
    const publicUrl = await seedDemo(['--force'], { PUBLIC_URL: 'https://clube.confraria.com.br' });
    expect(publicUrl.code).toBe(1);
    expect(publicUrl.stderr).toBe(
      'Erro: O clube de demonstração não é gravado com um PUBLIC_URL público (https://clube.confraria.com.br): ' +
        'ele cria o admin admin@confraria.local com a senha admin123, que qualquer um adivinha. Rode-o numa ' +
        'cópia de desenvolvimento, com um DATA_DIR próprio.\n',
    );
    // Refused before the database is opened: no club.db, no migration, no snapshot.
    expect(fs.readdirSync(dataDir)).toEqual([]);
  });
});

// Each test spawns the commands as processes (through tsx): slow on a busy machine.
describe('npm run backup', { timeout: 90_000 }, () => {
  it('writes DATA_DIR/backups/club-YYYYMMDD-HHMMSS.db, copies the drive files, and prints its path', async () => {
    await seedDemo();
    const res = await run('backup.ts');
    expect(res.code).toBe(0);
    // The demo club's drive files (and their thumbnails): the first backup mirrors them all.
    const [, file, copied] =
      res.stdout.match(/^Backup salvo em (\S+) \((\d+) arquivo\(s\) do drive copiados\)\n$/) ?? [];
    expect(Number(copied)).toBe(
      fs.readdirSync(path.join(dataDir, 'drive')).filter((name) => !name.startsWith('.')).length,
    );
    expect(fs.readdirSync(path.join(dataDir, 'backups', 'drive')).length).toBe(Number(copied));
    expect(file).toMatch(new RegExp(`^${dataDir}/backups/club-\\d{8}-\\d{6}\\.db$`));
    expect(fs.statSync(file!).size).toBeGreaterThan(0);
  });

  it('says so when there is no database yet', async () => {
    const res = await run('backup.ts');
    expect(res.code).not.toBe(0);
    expect(res.stderr).toBe(`Erro: banco de dados não encontrado em ${path.join(dataDir, 'club.db')}\n`);
  });
});

describe('how the commands are started', () => {
  it('every command, through npm or the server wrapper, runs without the background compilers', () => {
    const scripts = (
      JSON.parse(fs.readFileSync(path.join(PROJECT_ROOT, 'package.json'), 'utf8')) as {
        scripts: Record<string, string>;
      }
    ).scripts;
    const commands = Object.entries(scripts).filter(([, line]) => line.includes('dist/scripts/'));
    expect(commands.map(([name]) => name).sort()).toEqual(
      ['admin:create', 'backup', 'env:example', 'jobs:run', 'pagarme:check', 'restore', 'seed:demo'].sort(),
    );
    for (const [name, line] of commands) {
      const words = line.split(' ');
      const node = words.indexOf('node');
      expect(
        words.slice(0, node).every((word) => /^[A-Z_]+=/.test(word)),
        name,
      ).toBe(true);
      expect(words.slice(node + 1, node + 1 + COMMAND_FLAGS.length), name).toEqual([...COMMAND_FLAGS]);
    }
    // The demo runs as development unless NODE_ENV says otherwise (a server's settings say production).
    expect(scripts['seed:demo']).toMatch(/^NODE_ENV=\$\{NODE_ENV:-development\} node /);
    const wrapper = fs.readFileSync(path.join(PROJECT_ROOT, 'docs/deploy/confraria'), 'utf8');
    expect(wrapper).toContain(`"$node" ${COMMAND_FLAGS.join(' ')} --env-file=`);
  });
});
