/**
 * An unsupported Node says so before anything runs: `npm install` (preinstall), `npm start`, every
 * npm script and the server's `confraria` command stop with one line naming the Node needed, the one
 * running and how to get the right one, instead of 25 EBADENGINE warnings and a segmentation fault.
 * The old Node is Node 20 from the npm registry (.ci/node, as CI installs it) or the machine's own.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../src/server/env';

const CHECK = 'node scripts/check-node.cjs';

function oldNode(): { bin: string; version: string } {
  const candidates = [path.join(PROJECT_ROOT, '.ci/node/node_modules/node20/bin/node'), '/usr/bin/node'];
  for (const bin of candidates) {
    if (!fs.existsSync(bin)) continue;
    const version = spawnSync(bin, ['--version'], { encoding: 'utf8' }).stdout.trim().replace(/^v/, '');
    if (Number(version.split('.')[0]) < 22) return { bin, version };
  }
  throw new Error('Nenhum Node antigo para o teste: rode `npm ci --prefix .ci/node` (instala o Node 20).');
}

const DEVELOPMENT_LINE = (version: string) =>
  `A Confraria precisa do Node.js 22.14.0 ou mais novo (o 24 LTS), e este é o Node ${version}: ` +
  'npm ci --prefix .ci/node && export PATH="$PWD/.ci/node/node_modules/node24/bin:$PATH" (docs/development.md)';

/** Runs with the old Node first on the path (npm itself then runs on it too). */
function runWithOldNode(
  command: string,
  args: string[],
  cwd = PROJECT_ROOT,
  env: Record<string, string> = {},
) {
  const old = oldNode();
  const result = spawnSync(command, args, {
    cwd,
    encoding: 'utf8',
    env: {
      PATH: `${path.dirname(old.bin)}:${process.env.PATH}`,
      HOME: process.env.HOME ?? os.tmpdir(),
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'confraria-node-check-')),
      ...env,
    },
    timeout: 60_000,
  });
  return { ...result, old };
}

describe('an unsupported Node', () => {
  it('the check prints one line: the Node needed, the one running, the two commands that fix it', () => {
    const { status, stdout, stderr, old } = runWithOldNode(oldNode().bin, ['scripts/check-node.cjs']);
    expect(status).toBe(1);
    expect(stdout).toBe('');
    expect(stderr).toBe(`${DEVELOPMENT_LINE(old.version)}\n`);
  });

  it('npm start stops at the check: nothing is built and nothing crashes', () => {
    const { status, stdout, stderr, old } = runWithOldNode('npm', ['start']);
    expect(status).not.toBe(0);
    expect(stderr).toContain(`${DEVELOPMENT_LINE(old.version)}\n`);
    expect(stdout + stderr).not.toContain('gerando o build');
    expect(stdout + stderr).not.toMatch(/Segmentation|EBADENGINE/);
  });

  it('npm install stops at the preinstall check', () => {
    // A folder with the project's engines and preinstall but no dependencies: the install itself
    // is all that runs, so the project's node_modules stays untouched.
    const manifest = JSON.parse(fs.readFileSync(path.join(PROJECT_ROOT, 'package.json'), 'utf8')) as {
      engines: Record<string, string>;
      scripts: Record<string, string>;
    };
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'confraria-preinstall-'));
    fs.mkdirSync(path.join(folder, 'scripts'));
    fs.copyFileSync(
      path.join(PROJECT_ROOT, 'scripts/check-node.cjs'),
      path.join(folder, 'scripts/check-node.cjs'),
    );
    fs.writeFileSync(
      path.join(folder, 'package.json'),
      JSON.stringify({
        name: 'preinstall-check',
        private: true,
        engines: manifest.engines,
        scripts: { preinstall: manifest.scripts.preinstall },
      }),
    );
    const { status, stderr, old } = runWithOldNode(
      'npm',
      ['install', '--offline', '--no-audit', '--no-fund'],
      folder,
    );
    expect(status).not.toBe(0);
    expect(stderr).toContain(`${DEVELOPMENT_LINE(old.version)}\n`);
  });

  it('the confraria command on a server points at the deployment guide', () => {
    const old = oldNode();
    const result = spawnSync('sh', [path.join(PROJECT_ROOT, 'docs/deploy/confraria'), 'backup'], {
      encoding: 'utf8',
      env: { PATH: process.env.PATH, CONFRARIA_APP: PROJECT_ROOT, CONFRARIA_NODE: old.bin },
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toBe(
      `A Confraria precisa do Node.js 22.14.0 ou mais novo (o 24 LTS), e este é o Node ${old.version}: ` +
        'instale o Node 24 como no passo 1 de docs/deploy.md\n',
    );
  });

  it('every npm script runs the check first, itself or in its pre-script', () => {
    const { scripts } = JSON.parse(fs.readFileSync(path.join(PROJECT_ROOT, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(scripts.preinstall).toBe(CHECK);
    const unchecked = Object.keys(scripts).filter(
      (name) => !(scripts[name] ?? '').startsWith(CHECK) && !scripts[`pre${name}`]?.startsWith(CHECK),
    );
    expect(unchecked).toEqual([]);
  });

  it('the check passes silently on the Node running the tests', () => {
    const result = spawnSync(process.execPath, ['scripts/check-node.cjs'], {
      cwd: PROJECT_ROOT,
      encoding: 'utf8',
    });
    expect([result.status, result.stdout, result.stderr]).toEqual([0, '', '']);
  });
});
