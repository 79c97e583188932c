/**
 * `npm run seed:demo`: fills DATA_DIR's database with a demo club (every domain adds its module in
 * src/server/seed/index.ts) and prints what it did and the demo credentials. Safe to run twice.
 * Refuses a production configuration always, and a database that holds people it did not create
 * (admins included) unless run with `--force` (src/server/seed/refusal.ts).
 */
import { parseArgs } from 'node:util';
import { fail, openCli } from '../src/server/cli';
import { loadEnv } from '../src/server/env';
import { AppError } from '../src/server/lib/errors';
import { demoConfigRefusal, demoSeedRefusal, runSeed } from '../src/server/seed';

const { values: args } = parseArgs({ options: { force: { type: 'boolean', default: false } } });
const env = loadEnv();
// A production configuration is refused before its database is opened (and possibly migrated).
const configRefusal = demoConfigRefusal(env);
if (configRefusal) fail(configRefusal);
const cli = openCli(env);
try {
  const refusal = demoSeedRefusal(cli.env, cli.services, { force: args.force });
  if (refusal) fail(refusal);
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
