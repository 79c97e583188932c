/**
 * The second half of `npm run build`, after `vite build`: builds the renderer of the public pages
 * for Node (src/client/prerender/render-page.tsx → dist/prerender/render-page.js): the server
 * renders those pages with it, with the club's current settings (ADR 040); and writes which files
 * of the client build each page's document names (dist/prerender/page-assets.json).
 *
 *   node --import tsx scripts/build-page-renderer.ts
 */
import fs from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { PROJECT_ROOT } from '../src/server/env';
import {
  LANDING_PATH,
  PAGE_ASSETS_FILE,
  PAGE_RENDERER_FILE,
  PRERENDERED_PATHS,
  type PageAssets,
} from '../src/shared/prerender';
import { clientManifestFile, cssOf, importClosure, keyOfSource, readClientManifest } from './client-manifest';

const clientRoot = path.join(PROJECT_ROOT, 'src/client');
const clientOut = path.join(PROJECT_ROOT, 'dist/client');

// The public pages' renderer, kept in dist/ for the server (its packages stay in node_modules).
const rendererFile = path.join(PROJECT_ROOT, 'dist', PAGE_RENDERER_FILE);
await build({
  configFile: false,
  root: clientRoot,
  publicDir: false,
  logLevel: 'warn',
  plugins: [react()],
  build: {
    ssr: path.join(clientRoot, 'prerender/render-page.tsx'),
    outDir: path.dirname(rendererFile),
    emptyOutDir: true,
    rolldownOptions: { output: { entryFileNames: path.basename(rendererFile) } },
  },
});
console.log(`page renderer built: ${path.relative(PROJECT_ROOT, rendererFile)}`);

// The app's and each rendered page's own CSS and code (its route's chunks, beyond the entry's): the
// page's document (src/client/prerender/Document.tsx) links the CSS in its <head>, so the markup is
// styled at first paint, and its starter preloads the code.
const manifest = readClientManifest(clientOut);
const manifestFile = clientManifestFile(clientOut);
const closure = (keys: string[]) => importClosure(manifest, keys);
const entry = closure(['index.html']);
const bootChunk = manifest[keyOfSource(manifest, 'prerender/boot.ts')]!;
// The static pages' script and, with the modules it imports, its CSS (vite.config.ts's `static-page` input).
const staticKey = keyOfSource(manifest, 'static-page/enhance.ts');
const staticChunk = manifest[staticKey]!;
const staticKeys = closure([staticKey]);
const pageAssets: PageAssets = {
  boot: `/${bootChunk.file}`,
  entry: `/${manifest['index.html']!.file}`,
  entryCss: cssOf(manifest, entry).map((file) => `/${file}`),
  entryImports: [...entry].filter((key) => key !== 'index.html').map((key) => `/${manifest[key]!.file}`),
  // The library chunks split off in vite.config.ts, React DOM first (the others need React).
  entryStages: ['react-dom', 'router'].map((name) => {
    const chunk = [...entry].map((key) => manifest[key]!).find((item) => item.name === name);
    if (!chunk) throw new Error(`no ${name} chunk in the app's entry (vite.config.ts)`);
    return `/${chunk.file}`;
  }),
  staticPage: {
    js: `/${staticChunk.file}`,
    css: cssOf(manifest, staticKeys).map((file) => `/${file}`),
  },
  pages: {},
};
// The data layer (TanStack Query, tRPC's React bindings: ADR 055) is not in the entry; main.tsx loads
// it before adopting a page that uses it. Such a page (its code imports the `query` chunk) fetches it
// with its own code; a page without it (/contato) does not.
const queryKey = Object.keys(manifest).find((key) => manifest[key]!.name === 'query');
if (!queryKey || entry.has(queryKey))
  throw new Error(`no query chunk apart from the entry in ${manifestFile}`);
const dataLayer = [...closure([queryKey])].filter((key) => !entry.has(key));
for (const page of PRERENDERED_PATHS) {
  // The landing has no route file of its own here; its CSS is the static pages' (`staticPage` above).
  if (page === LANDING_PATH) continue;
  const sources = [`routes${page}.tsx`, `routes${page}/index.tsx`];
  const roots = Object.keys(manifest).filter((key) => sources.includes(key.replace(/\?.*$/, '')));
  if (roots.length === 0) throw new Error(`no chunk of the route ${page} in ${manifestFile}`);
  const own = closure(roots);
  const keys = own.has(queryKey) ? new Set([...dataLayer, ...own]) : own;
  const pageKeys = [...keys].filter((key) => !entry.has(key));
  pageAssets.pages[page] = {
    css: cssOf(manifest, pageKeys).map((file) => `/${file}`),
    js: pageKeys.map((key) => `/${manifest[key]!.file}`),
  };
}
fs.writeFileSync(path.join(PROJECT_ROOT, 'dist', PAGE_ASSETS_FILE), JSON.stringify(pageAssets, null, 2));
// The manifest is the build's bookkeeping, not something to serve.
fs.rmSync(path.dirname(manifestFile), { recursive: true, force: true });
