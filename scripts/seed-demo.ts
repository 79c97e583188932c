/**
 * `npm run seed:demo`: fills DATA_DIR's database with a demo club (every domain adds its module in
 * src/server/seed/index.ts) and prints what it did and the demo credentials. Safe to run twice.
 * Refuses a database that holds real members unless run with `--force`.
 */
import { parseArgs } from 'node:util';
import { fail, openCli } from '../src/server/cli';
import { AppError } from '../src/server/errors';
import { countRealMembers, runSeed, SEED_MSG } from '../src/server/seed';

const { values: args } = parseArgs({ options: { force: { type: 'boolean', default: false } } });
const cli = openCli();
try {
  const real = countRealMembers(cli.services);
  if (real > 0 && !args.force) fail(SEED_MSG.realMembers(real));
  const { ctx, lines } = await runSeed(cli.services);
  console.log(`Clube de demonstração pronto em ${cli.env.DATA_DIR}`);
  for (const line of lines) console.log(`- ${line}`);
  console.log('\nAcesso (senhas de demonstração):');
  for (const user of Object.values(ctx.users)) {
    const role = user.role === 'admin' ? 'admin' : 'confrade';
    const note = user.created ? '' : ' (já existia: senha inalterada)';
    console.log(`  ${role.padEnd(8)} ${user.email.padEnd(28)} ${user.password}${note}`);
  }
  console.log(`\nEntre em ${cli.env.publicUrl}/login`);
} catch (error) {
  if (error instanceof AppError) fail(error.message);
  throw error;
} finally {
  cli.close();
}
