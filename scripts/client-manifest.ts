/**
 * The client build's manifest (Vite's `.vite/manifest.json` in dist/client): which files a chunk
 * loads with it. Read by scripts/build-page-renderer.ts (each rendered page's CSS and code) and by
 * vite.config.ts (what the service worker keeps at install); removed by the first once both ran.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Manifest } from 'vite';

/** Where Vite writes the manifest in the client build's folder. */
export const clientManifestFile = (clientOut: string) => path.join(clientOut, '.vite/manifest.json');

export function readClientManifest(clientOut: string): Manifest {
  return JSON.parse(fs.readFileSync(clientManifestFile(clientOut), 'utf8')) as Manifest;
}

/** The manifest's keys of these chunks and of every chunk they import statically, at any depth. */
export function importClosure(manifest: Manifest, keys: string[], seen = new Set<string>()): Set<string> {
  for (const key of keys) {
    if (seen.has(key) || !manifest[key]) continue;
    seen.add(key);
    importClosure(manifest, manifest[key].imports ?? [], seen);
  }
  return seen;
}

/** The key of the chunk built from this source (relative to src/client), e.g. `static-page/enhance.ts`. */
export function keyOfSource(manifest: Manifest, source: string): string {
  const key = Object.keys(manifest).find((candidate) => manifest[candidate]!.src === source);
  if (!key) throw new Error(`no chunk of ${source} in the client build's manifest`);
  return key;
}

/** The CSS files (paths relative to dist/client) these chunks bring, each once, in their order. */
export function cssOf(manifest: Manifest, keys: Iterable<string>): string[] {
  return [...new Set([...keys].flatMap((key) => manifest[key]!.css ?? []))];
}

/** The files (paths relative to dist/client) of these chunks and of the CSS they bring. */
export function filesOf(manifest: Manifest, keys: Iterable<string>): Set<string> {
  return new Set([...[...keys].map((key) => manifest[key]!.file), ...cssOf(manifest, keys)]);
}
