import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { routerGeneratorConfig } from './src/client/router-config';

export default defineConfig({
  root: 'src/client',
  publicDir: 'public',
  plugins: [
    tanstackRouter({
      ...routerGeneratorConfig,
      // Absolute: the plugin resolves relative paths against Vite's root (src/client), not the repo.
      routesDirectory: fileURLToPath(new URL('./src/client/routes', import.meta.url)),
      generatedRouteTree: fileURLToPath(new URL('./src/client/routeTree.gen.ts', import.meta.url)),
      autoCodeSplitting: true,
    }),
    react(),
  ],
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    sourcemap: false,
    // Read by scripts/prerender-landing.ts (each pre-rendered page's CSS and code), then removed.
    manifest: true,
    rolldownOptions: {
      // The app, and the landing's template with its small script (scripts/prerender-landing.ts).
      input: {
        main: fileURLToPath(new URL('./src/client/index.html', import.meta.url)),
        landing: fileURLToPath(new URL('./src/client/landing/template.html', import.meta.url)),
      },
    },
  },
});
