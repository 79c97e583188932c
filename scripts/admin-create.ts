/**
 * `npm run admin:create -- --email a@b.c --password '…' --name '…'` creates an admin, or promotes
 * the existing account of that e-mail (docs/product/decisions.md §2). Without flags it asks for each value.
 * Honours DATA_DIR like every command.
 */
import { parseArgs } from 'node:util';
import { MSG } from '../src/shared/messages';
import { createPrompter, fail, openCli } from '../src/server/cli';
import { AppError } from '../src/server/errors';

const USAGE = "Uso: npm run admin:create -- --email admin@exemplo.com --password 'senha' [--name 'Nome']";

function readFlags() {
  try {
    return parseArgs({
      options: {
        email: { type: 'string' },
        password: { type: 'string' },
        name: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }).values;
  } catch {
    fail(`opção inválida. ${USAGE}`);
  }
}

const flags = readFlags();
if (flags.help) {
  console.log(USAGE);
  process.exit(0);
}

const cli = openCli();
try {
  const interactive = flags.email === undefined && flags.password === undefined && flags.name === undefined;
  const input = interactive
    ? await ask()
    : { email: flags.email ?? '', password: flags.password, name: flags.name };
  const { user, created } = await cli.services.accounts.createOrPromoteAdmin(input);
  console.log(
    created
      ? `Admin criado: ${user.name} <${user.email}>`
      : `Conta promovida a admin: ${user.name} <${user.email}>${input.password ? ' (senha atualizada)' : ''}`,
  );
} catch (error) {
  if (error instanceof AppError) fail(error.message);
  throw error;
} finally {
  cli.close();
}

/** Asks for each value; an existing account may keep its password (empty answer). */
async function ask() {
  const prompt = createPrompter();
  try {
    const email = await prompt.ask('Email: ');
    const existing = cli.services.accounts.findByEmail(email);
    const name = await prompt.ask(existing ? `Nome [${existing.name}]: ` : 'Nome [Admin]: ');
    const password = await prompt.askSecret(existing ? 'Senha (vazio mantém a atual): ' : 'Senha: ');
    if (password) {
      const confirmation = await prompt.askSecret('Confirme a senha: ');
      if (confirmation !== password) fail(MSG.passwordsDontMatch);
    }
    return { email, name: name || undefined, password: password || undefined };
  } finally {
    prompt.close();
  }
}
