/**
 * How the server's code is bundled, shared by `npm run build:server` (scripts/build-server.mjs) and
 * the bench's server (bench/run.ts), so the bench measures the code `npm start` runs.
 *
 * The dependencies stay in node_modules and load at run time, except the ones in BUNDLED_PACKAGES.
 * drizzle-orm is there for memory: its package.json is 179 KB, almost all of it the `exports` map,
 * and Node's ES module loader hands that map to JavaScript as a fresh string every time it resolves
 * one of drizzle's ~1,000 files; the strings stay reachable until the whole module graph is linked.
 * Loaded from node_modules, drizzle alone allocated ~150 MB at start-up, V8 grew the young
 * generation to its maximum to hold it (128 MB on a 24 GB machine) and never gave it back: the
 * idle server's RSS was 309 MiB (docs/performance.md, "Memory of an idle server"). Bundled, the
 * server resolves none of drizzle's files at run time and esbuild keeps only what we use.
 */

/** Packages compiled into the bundle instead of loaded from node_modules. */
export const BUNDLED_PACKAGES = ['drizzle-orm'];

/** `drizzle-orm/sqlite-core` → `drizzle-orm`, `@scope/name/x` → `@scope/name`. */
function packageOf(specifier) {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** Every bare import is external (node: built-ins included) but those of BUNDLED_PACKAGES. */
const externalPackages = {
  name: 'external-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.kind === 'entry-point' || BUNDLED_PACKAGES.includes(packageOf(args.path))) return undefined;
      return { path: args.path, external: true };
    });
  },
};

/** esbuild's options for a server-side bundle (entry points and output are the caller's). */
export const SERVER_BUNDLE_OPTIONS = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22.14',
  plugins: [externalPackages],
  logLevel: 'warning',
};
