/**
 * What the built server loads at start and what it leaves for first use: the password estimator
 * and its dictionaries (~9 MB of memory) are imported with the first password checked, never with
 * the server (docs/performance.md, "Memory of the server"). Read from esbuild's account of the
 * bundle `npm run build:server` makes (scripts/server-bundle.mjs), without writing it.
 */
import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../src/server/env';
import { SERVER_BUNDLE_OPTIONS } from '../scripts/server-bundle.mjs';

/** Each package the server's bundle imports, with how: at start (`import-statement`) or on demand. */
async function serverImports(): Promise<Map<string, Set<string>>> {
  const result = await build({
    ...SERVER_BUNDLE_OPTIONS,
    entryPoints: [path.join(PROJECT_ROOT, 'src/server/main.ts')],
    outdir: path.join(os.tmpdir(), 'confraria-server-bundle'),
    absWorkingDir: PROJECT_ROOT,
    write: false,
    metafile: true,
  });
  const kinds = new Map<string, Set<string>>();
  for (const output of Object.values(result.metafile.outputs)) {
    for (const { path: imported, kind } of output.imports) {
      if (!kinds.has(imported)) kinds.set(imported, new Set());
      kinds.get(imported)!.add(kind);
    }
  }
  return kinds;
}

describe("the server's bundle", () => {
  it('imports the password estimator and its dictionaries only on demand', async () => {
    const kinds = await serverImports();
    for (const name of ['@zxcvbn-ts/core', '@zxcvbn-ts/language-common', '@zxcvbn-ts/language-pt-br']) {
      expect([...(kinds.get(name) ?? [])], name).toEqual(['dynamic-import']);
    }
  }, 30_000);
});
