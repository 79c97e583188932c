import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { filesOf, importClosure, keyOfSource, readClientManifest } from './scripts/client-manifest.ts';
import { documentHeadPlugin } from './src/client/document-head.ts';
import { routerGeneratorConfig } from './src/client/router-config.ts';

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
    // index.html's meta, manifest and icons, from the one list the server's pages use too.
    documentHeadPlugin(),
    // The service worker (src/client/service-worker/sw.ts, ADR 057), built after the app with the
    // list of files it keeps at install.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'service-worker',
      filename: 'sw.ts',
      // Registered by src/client/components/public/pwa.ts, which the static pages' script uses too.
      injectRegister: false,
      // public/manifest.webmanifest, whose head tags documentHeadPlugin writes.
      manifest: false,
      // The worker's own build says only what goes wrong, as the app's does in `npm run build`.
      integration: {
        configureCustomSWViteBuild: (config) => {
          config.logLevel = 'warn';
        },
      },
      injectManifest: {
        // A classic worker, as pwa.ts registers it.
        rollupFormat: 'iife',
        globPatterns: ['assets/**/*.{js,css}', 'manifest.webmanifest', 'icons/*.{png,svg}'],
        // Of the build's code, only what the two documents load first (the app's index.html and the
        // landing's script), as the documents name it: the other pages' code and the password
        // dictionaries are fetched when a page needs them, not on a phone's first visit.
        manifestTransforms: [
          (entries) => {
            const manifest = readClientManifest(fileURLToPath(new URL('./dist/client', import.meta.url)));
            const entryKeys = ['index.html', keyOfSource(manifest, 'static-page/enhance.ts')];
            const firstLoad = filesOf(manifest, importClosure(manifest, entryKeys));
            return {
              manifest: entries.filter(
                (entry) => !entry.url.startsWith('assets/') || firstLoad.has(entry.url),
              ),
              warnings: [],
            };
          },
        ],
      },
    }),
  ],
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    sourcemap: false,
    // Read by scripts/build-page-renderer.ts (each rendered page's CSS and code), then removed.
    manifest: true,
    rolldownOptions: {
      // The largest libraries of the app's entry in chunks of their own: on a pre-rendered page the
      // starter (src/client/prerender/boot.ts) runs them one task at a time, so the phone's main
      // thread is never held by the whole entry at once (ADR 024). The router in one chunk, not
      // the seven small ones it would otherwise be split into (each request costs its headers).
      output: {
        codeSplitting: {
          groups: [
            { name: 'react-dom', test: /node_modules[\\/](react-dom|scheduler)[\\/]/ },
            // The data layer (ADR 055), in one file: TanStack Query, tRPC's client and React bindings,
            // the app's client and cache (lib/trpc.ts), their providers and the session watch, loaded
            // by the pages that use it. Without its dependencies: React's JSX runtime stays where it is.
            {
              name: 'query',
              test: /node_modules[\\/](@tanstack[\\/](query-core|react-query|router-ssr-query-core|react-router-ssr-query)|@trpc[\\/](react-query|client|server))[\\/]|src[\\/]client[\\/](browser-data-layer\.tsx|app\.tsx|lib[\\/](trpc|carry-query-cache)\.ts)$/,
              includeDependenciesRecursively: false,
            },
            // Loaded with a masked field's first focus (src/client/lib/load-imask.ts), named for the tests.
            { name: 'imask', test: /node_modules[\\/]imask[\\/]/ },
            // What the static pages' script (ADR 040) shares with the app's public pages, in one chunk:
            // a content page loads three files (with the entry's small pwa.ts chunk), not one per
            // small module (the landing a fourth, its carousel); the app's entry does not import it.
            {
              name: 'static-site',
              test: /src[\\/](client[\\/]components[\\/]public[\\/](phone-menu|faq-filter)|shared[\\/]content[\\/]faq-search)\.ts$/,
            },
            // The password-strength dictionaries (loaded with a password field's first focus, ADR 028)
            // in three chunks, each under Vite's 500 kB warning: the common list, Portuguese words,
            // and the Portuguese Wikipedia list (first group that matches takes a module).
            {
              name: 'password-dictionary-common',
              test: /node_modules[\\/]@zxcvbn-ts[\\/]language-common[\\/]/,
            },
            {
              name: 'password-dictionary-pt-br-wikipedia',
              test: /node_modules[\\/]@zxcvbn-ts[\\/]language-pt-br[\\/].*wikipedia/,
            },
            {
              name: 'password-dictionary-pt-br',
              test: /node_modules[\\/]@zxcvbn-ts[\\/]language-pt-br[\\/]/,
            },
            // The app entry's small shared modules (constants, messages, the title, Vite's preload
            // helper): one file instead of six, each of which cost its response headers on every
            // page's first load (docs/performance.md, "Page weight"). The helper must be here: the
            // form kit below imports it, and left to that group it would take the form kit into
            // every page's entry.
            {
              name: 'app-shared',
              test: /vite[\\/]preload-helper|src[\\/](shared[\\/](messages|plans|drive-types|notifications|sao-paulo-time|format)\.ts|client[\\/]lib[\\/](document-title\.tsx|search-params\.ts))$/,
            },
            // What every form page needs (react-hook-form, the fields, the field rules, the resolver
            // that loads the checks on first use): one file, not one each, on /contato, /checkout,
            // /login and /register.
            {
              name: 'form-kit',
              test: /node_modules[\\/]react-hook-form[\\/]|src[\\/]client[\\/](lib[\\/](lazy-resolver|served-page)\.ts|components[\\/]ui[\\/](TextField\.tsx|Alert\.tsx|field-of\.ts))$|src[\\/]shared[\\/](fields[\\/]rules|cpf)\.ts$/,
            },
            {
              name: 'router',
              test: /node_modules[\\/](@tanstack[\\/](react-router|router-core|history|store|react-store)|use-sync-external-store)[\\/]/,
            },
            // The public pages' frame (layout, head, settings, the FAQ's accordion) and the checkout
            // form's own modules, each in one file: /contato and /checkout loaded them as 4 and 9
            // files of a few hundred bytes, each costing its headers (docs/performance.md, "Page
            // weight"). Only what those pages' first load uses, without their dependencies (left to
            // these groups, the data layer and the router would follow): the payment steps keep
            // their own chunks.
            {
              name: 'public-frame',
              test: /src[\\/]client[\\/]components[\\/]public[\\/](PublicLayout|PublicFrame|SiteLink|SocialLinks|PageHead|settings|FaqAccordion)\.tsx?$/,
              includeDependenciesRecursively: false,
            },
            {
              name: 'checkout-form',
              test: /src[\\/](shared[\\/](checkout-rules|brazil)\.ts|client[\\/](lib[\\/]load-imask\.ts|components[\\/](checkout[\\/](CheckoutShell|ErrorList|prefill|useFormErrors|texts|checkout-api|SummaryLines|OrderSummary)\.tsx?|address[\\/]StateSelectField\.tsx|ui[\\/](MaskedFormField|MaskedTextField|Options)\.tsx)))$/,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
      // The app, the static pages' small script (the landing's and the content pages' documents
      // load it instead of the app), and the app's starter on the other rendered pages (ADR 024, ADR 040).
      input: {
        main: fileURLToPath(new URL('./src/client/index.html', import.meta.url)),
        'static-page': fileURLToPath(new URL('./src/client/static-page/enhance.ts', import.meta.url)),
        // Starts the app on the pages the server renders (src/server/http/prerendered-pages.ts).
        boot: fileURLToPath(new URL('./src/client/prerender/boot.ts', import.meta.url)),
      },
    },
  },
});
