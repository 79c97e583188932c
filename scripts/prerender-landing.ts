/**
 * The second half of `npm run build`, after `vite build`: renders the landing's React components
 * (src/client/landing/prerender-entry.tsx) to static HTML inside the template Vite built
 * (dist/client/landing/template.html, which already links the landing's own CSS and small script),
 * and writes dist/client/landing.html: the page the server answers at / (ADR 006). The club's
 * settings and the year are slot tokens in it, filled by the server on each answer.
 *
 * Then builds the renderer of the other public pages for Node (src/client/prerender/render-page.tsx
 * → dist/prerender/render-page.js): the server renders those pages with it, with the club's
 * current settings, and the app takes them over in the browser (ADR 024).
 *
 *   node --import tsx scripts/prerender-landing.ts
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import { PROJECT_ROOT } from '../src/server/env';
import {
  PAGE_ASSETS_FILE,
  PAGE_RENDERER_FILE,
  PRERENDERED_PATHS,
  type PageAssets,
} from '../src/shared/prerender';

const MARKER = '<!--prerendered-landing-->';
const clientRoot = path.join(PROJECT_ROOT, 'src/client');
const clientOut = path.join(PROJECT_ROOT, 'dist/client');
const templateDir = path.join(clientOut, 'landing');
const templateFile = path.join(templateDir, 'template.html');
const ssrOut = path.join(PROJECT_ROOT, 'dist/ssr');

if (!fs.existsSync(templateFile)) {
  console.error(`${path.relative(PROJECT_ROOT, templateFile)} is missing: run \`vite build\` first.`);
  process.exit(1);
}

// The components as a Node module (CSS imports are dropped; the template links the built CSS).
await build({
  configFile: false,
  root: clientRoot,
  publicDir: false,
  logLevel: 'warn',
  plugins: [react()],
  build: {
    ssr: path.join(clientRoot, 'landing/prerender-entry.tsx'),
    outDir: ssrOut,
    emptyOutDir: true,
  },
});

try {
  const entry = fs.readdirSync(ssrOut).find((name) => /^prerender-entry\.m?js$/.test(name));
  if (!entry) throw new Error(`no prerender-entry module in ${ssrOut}`);
  const { renderLandingBody } = (await import(pathToFileURL(path.join(ssrOut, entry)).href)) as {
    renderLandingBody: () => string;
  };
  const template = fs.readFileSync(templateFile, 'utf8');
  if (!template.includes(MARKER)) throw new Error(`${templateFile} has no ${MARKER}`);
  const body = renderLandingBody();
  // React puts resource hints (<link rel="preload"> for the first images) before the markup:
  // they belong in the <head>.
  const hints = /^(?:<link [^>]*>)*/.exec(body)?.[0] ?? '';
  const html = template.replace('</head>', `${hints}</head>`).replace(MARKER, body.slice(hints.length));
  fs.writeFileSync(path.join(clientOut, 'landing.html'), html);
  // The bare template is not a page: it must not be served.
  fs.rmSync(templateFile);
  if (fs.readdirSync(templateDir).length === 0) fs.rmdirSync(templateDir);
  console.log(`landing pre-rendered: dist/client/landing.html (${(html.length / 1024).toFixed(1)} KB)`);
} finally {
  fs.rmSync(ssrOut, { recursive: true, force: true });
}

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
interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  css?: string[];
  imports?: string[];
}
const manifestFile = path.join(clientOut, '.vite/manifest.json');
const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
const closure = (keys: string[], seen = new Set<string>()): Set<string> => {
  for (const key of keys) {
    if (seen.has(key) || !manifest[key]) continue;
    seen.add(key);
    closure(manifest[key].imports ?? [], seen);
  }
  return seen;
};
const entry = closure(['index.html']);
const bootChunk = Object.values(manifest).find((chunk) => chunk.src === 'prerender/boot.ts');
if (!bootChunk) throw new Error(`no prerender/boot.ts chunk in ${manifestFile}`);
const pageAssets: PageAssets = {
  boot: `/${bootChunk.file}`,
  entry: `/${manifest['index.html']!.file}`,
  entryCss: [...new Set([...entry].flatMap((key) => manifest[key]!.css ?? []))].map((file) => `/${file}`),
  entryImports: [...entry].filter((key) => key !== 'index.html').map((key) => `/${manifest[key]!.file}`),
  // The library chunks split off in vite.config.ts, React DOM first (the others need React).
  entryStages: ['react-dom', 'query', 'router'].map((name) => {
    const chunk = [...entry].map((key) => manifest[key]!).find((item) => item.name === name);
    if (!chunk) throw new Error(`no ${name} chunk in the app's entry (vite.config.ts)`);
    return `/${chunk.file}`;
  }),
  pages: {},
};
for (const page of PRERENDERED_PATHS) {
  const sources = [`routes${page}.tsx`, `routes${page}/index.tsx`];
  const roots = Object.keys(manifest).filter((key) => sources.includes(key.replace(/\?.*$/, '')));
  if (roots.length === 0) throw new Error(`no chunk of the route ${page} in ${manifestFile}`);
  const chunks = [...closure(roots)].filter((key) => !entry.has(key)).map((key) => manifest[key]!);
  pageAssets.pages[page] = {
    css: [...new Set(chunks.flatMap((chunk) => chunk.css ?? []))].map((file) => `/${file}`),
    js: chunks.map((chunk) => `/${chunk.file}`),
  };
}
fs.writeFileSync(path.join(PROJECT_ROOT, 'dist', PAGE_ASSETS_FILE), JSON.stringify(pageAssets, null, 2));
// The manifest is the build's bookkeeping, not something to serve.
fs.rmSync(path.dirname(manifestFile), { recursive: true, force: true });
