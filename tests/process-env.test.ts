/**
 * Configuration is read once, in src/server/env.ts; every other module receives an `Env`. That
 * holds for all of src/ and for the scripts that run the product (admin:create, seed:demo,
 * backup…, i.e. those importing the server). Dev tools that never touch the server (icon
 * rendering, Playwright's config) are outside the rule.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../src/server/env';

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const read = (file: string) => fs.readFileSync(file, 'utf8');

describe('process.env', () => {
  it('is read by src/server/env.ts only', () => {
    const productScripts = sourceFiles(path.join(PROJECT_ROOT, 'scripts')).filter((file) =>
      /from '\.\.\/src\/server\//.test(read(file)),
    );
    expect(productScripts.map((file) => path.basename(file))).toEqual(
      expect.arrayContaining(['admin-create.ts', 'seed-demo.ts', 'backup.ts']),
    );
    const readers = [...sourceFiles(path.join(PROJECT_ROOT, 'src')), ...productScripts]
      .filter((file) => /process\.env\b/.test(read(file)))
      .map((file) => path.relative(PROJECT_ROOT, file));
    expect(readers).toEqual(['src/server/env.ts']);
  });
});
