/**
 * `npm run build:server`: the server and the operational commands, each bundled into one file of
 * plain JavaScript under dist/ (dependencies stay in node_modules, but drizzle-orm: see
 * scripts/server-bundle.mjs). `npm start`, `admin:create`,
 * `seed:demo`, `backup`, `restore`, `jobs:run`, `env:example` and `pagarme:check` run these
 * bundles, so a production install (`npm ci --omit=dev`) needs neither tsx nor any other
 * development tool.
 *
 * No shared chunks on purpose: the server locates its folders from its own file's place
 * (PROJECT_ROOT in src/server/env.ts), which a chunk at another depth would get wrong.
 */
import { build } from 'esbuild';
import { COMMANDS } from './bundled-commands.mjs';
import { SERVER_BUNDLE_OPTIONS } from './server-bundle.mjs';

await build({
  entryPoints: [
    { in: 'src/server/main.ts', out: 'server/main' },
    ...COMMANDS.map((name) => ({ in: `scripts/${name}.ts`, out: `scripts/${name}` })),
  ],
  outdir: 'dist',
  ...SERVER_BUNDLE_OPTIONS,
  sourcemap: true,
});
