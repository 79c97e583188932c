/**
 * `npm run release`: the archive a server installs (docs/deploy.md, steps 3 and 9), so that a
 * server never builds. `release/confraria-<version>.tar.gz` holds one folder, `confraria-<version>/`,
 * with what runs and nothing else: the build (dist/), the migrations, package.json and its lockfile
 * (the server runs `npm ci --omit=dev` on them), the four small scripts package.json's own scripts
 * name, and the service's files (docs/deploy/). Beside it, `confraria-<version>.tar.gz.sha256` in
 * `sha256sum -c` form, which the guide checks before unpacking.
 *
 * `npm run release` checks the build first (scripts/ensure-build.mjs: rebuilt when the sources
 * changed), so the archive is always the build of the sources beside it.
 * .ci/production-install.sh installs and starts this archive in an empty folder with the npm of
 * the Node 24 archive.
 *
 * Plain JavaScript: it runs with nothing but Node and the system's `tar`.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** What a server needs, relative to the project: everything the installed tree reads. */
const RELEASE_FILES = [
  'dist',
  'drizzle',
  'package.json',
  'package-lock.json',
  // preinstall, prestart and the commands' pre-scripts run these two (and the second imports the third).
  'scripts/check-node.cjs',
  'scripts/ensure-build.mjs',
  'scripts/bundled-commands.mjs',
  // The SQLite driver's check, which a server can run after its install.
  'scripts/sqlite-driver-check.mjs',
  'docs/deploy',
  'README.md',
];

const { version } = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
const name = `confraria-${version}`;
const outDir = path.join(ROOT, 'release');
const archive = path.join(outDir, `${name}.tar.gz`);

const staging = fs.mkdtempSync(path.join(os.tmpdir(), 'confraria-release-'));
try {
  for (const entry of RELEASE_FILES) {
    const from = path.join(ROOT, entry);
    if (!fs.existsSync(from)) throw new Error(`${entry} is missing: run npm run build first`);
    fs.cpSync(from, path.join(staging, name, entry), { recursive: true });
  }
  fs.mkdirSync(outDir, { recursive: true });
  fs.rmSync(archive, { force: true });
  // (The guide unpacks with --no-same-owner: the files belong to whoever unpacks, root on a server.)
  execFileSync('tar', ['-czf', archive, '-C', staging, name]);
} finally {
  fs.rmSync(staging, { recursive: true, force: true });
}

const sum = createHash('sha256').update(fs.readFileSync(archive)).digest('hex');
fs.writeFileSync(`${archive}.sha256`, `${sum}  ${name}.tar.gz\n`);
const size = (fs.statSync(archive).size / 1024 / 1024).toFixed(1);
console.log(`${path.relative(ROOT, archive)} (${size} MB), sha256 ${sum}`);
