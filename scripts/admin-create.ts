/**
 * `npm run admin:create -- --email a@b.c --password '…' --name '…'` creates an admin, or promotes
 * the existing account of that e-mail (docs/product/decisions.md §2). Without flags it asks for each
 * value (e-mail, name, password), checking each answer as it is given.
 * Honours DATA_DIR like every command.
 */
import { parseArgs } from 'node:util';
import { MSG } from '../src/shared/messages';
import { createPrompter, fail, openCli } from '../src/server/cli';
import { commandLine } from '../src/server/env';
import { AppError } from '../src/server/lib/errors';
import { createOrPromoteAdmin, adminAnswerProblem } from '../src/server/identity/accounts/create-account';
import { findByEmail } from '../src/server/identity/accounts/account-reads';

const USAGE = `Uso: ${commandLine('admin:create', 'admin-create')} --email admin@exemplo.com --password 'senha' [--name 'Nome']`;

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
  const { user, created } = await createOrPromoteAdmin(cli.services.accounts, input);
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

/**
 * Asks for each value and checks each answer as it is given (the same rules as with flags), asking
 * again after a wrong one, so a weak password does not mean typing everything again. An existing
 * account may keep its name and password (empty answers).
 */
async function ask() {
  const prompt = createPrompter();
  const check = adminAnswerProblem;
  /** Asks until `problem` finds nothing to say about the answer. */
  const until = async (
    question: () => Promise<string>,
    problem: (answer: string) => string | null | Promise<string | null>,
  ) => {
    for (;;) {
      const answer = await question();
      const message = await problem(answer);
      if (!message) return answer;
      console.error(message);
    }
  };
  try {
    const email = await until(() => prompt.ask('Email: '), check.email);
    const existing = findByEmail(cli.services.accounts, email);
    const name = await until(
      () => prompt.ask(existing ? `Nome [${existing.name}]: ` : 'Nome [Admin]: '),
      check.name,
    );
    const person = { email, name: name || existing?.name, existing: Boolean(existing) };
    for (;;) {
      const password = await until(
        () => prompt.askSecret(existing ? 'Senha (vazio mantém a atual): ' : 'Senha: '),
        (answer) => check.password(answer, person),
      );
      if (password && (await prompt.askSecret('Confirme a senha: ')) !== password) {
        console.error(MSG.passwordsDontMatch);
        continue;
      }
      return { email, name: name || undefined, password: password || undefined };
    }
  } finally {
    prompt.close();
  }
}
