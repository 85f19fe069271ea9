import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { machineDescriptionsOut, reactRouterProduction } from './scripts/vite/bundleTrims.ts';
import { inlineShellStyles } from './scripts/vite/inlineShellStyles.ts';
import { prerenderHome } from './scripts/vite/prerenderHome.ts';
import { webManifests } from './scripts/vite/webManifests.ts';
import { VitePWA } from 'vite-plugin-pwa';

// The API the dev server forwards to (scripts/dev.mjs runs it on this port).
const devApiPort = Number(process.env.DEV_API_PORT ?? 3001);

export default defineConfig({
  plugins: [
    react(),
    // Trims of library code the home page cannot reach: scripts/vite/bundleTrims.ts.
    reactRouterProduction(),
    machineDescriptionsOut(),
    // The home route's first frame written into index.html: scripts/vite/prerenderHome.ts.
    prerenderHome(),
    // Its stylesheet inside index.html too, no second round trip: scripts/vite/inlineShellStyles.ts.
    inlineShellStyles(),
    // The web app manifests, one per language (src/pwa/manifest.ts).
    webManifests(),
    // The service worker, src/pwa/sw.ts, built as /sw.js with the list of files it precaches
    // (docs/app.md). Registered by src/pwa/start.ts after the page has loaded, not by the plugin;
    // the manifests are ours (above), one per language.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/pwa',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: false,
      injectManifest: {
        globPatterns: ['index.html', 'assets/*.{js,css}', 'media/**/*.svg', 'icons/*.png', 'favicon.svg', 'manifest.*.webmanifest'],
        // Never cached: the staff console and the waiting room's display (their chunks), and
        // cross-fetch's fallback for browsers without fetch (none that runs a service worker).
        globIgnores: ['assets/StaffRoute-*', 'assets/DisplayPage-*', 'assets/browser-ponyfill-*'],
        maximumFileSizeToCacheInBytes: 1024 * 1024,
      },
    }),
    // Precompressed copies next to every asset; the server sends them as they are.
    compression({
      algorithms: [defineAlgorithm('gzip', { level: 9 }), defineAlgorithm('brotliCompress')],
      threshold: 512,
    }),
  ],
  resolve: {
    alias: [
      // contract/ and server/ import the CommonJS builds Node can load; the browser gets the ES builds.
      { find: /^fp-ts\/lib\/(.*)\.js$/, replacement: 'fp-ts/es6/$1.js' },
      { find: /^io-ts\/lib\/(.*)\.js$/, replacement: 'io-ts/es6/$1.js' },
      // @xstate/react imports use-sync-external-store's shims, for Reacts before 18; React 19 has
      // useSyncExternalStore, so the build takes it from React (the with-selector helper stays).
      { find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/, replacement: 'use-sync-external-store/with-selector.js' },
      {
        find: /^use-sync-external-store\/shim(\/index\.js)?$/,
        replacement: fileURLToPath(new URL('./src/app/useSyncExternalStoreShim.ts', import.meta.url)),
      },
    ],
  },
  define: {
    // Where the client finds the API; the same origin unless a build says otherwise.
    'import.meta.env.VITE_API_BASE': JSON.stringify(process.env.VITE_API_BASE ?? '/api'),
  },
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    sourcemap: false,
    target: 'es2022',
    // A browser without <link rel="modulepreload"> (Safari before 17) still loads every module,
    // only without fetching it early; the polyfill would cost every visitor its bytes.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // The prerender (scripts/vite/prerenderHome.ts) takes a second or two inside the HTML step by
      // design: no warning about slow plugins on every build.
      checks: { bundlerTimings: false },
      output: {
        codeSplitting: {
          groups: [
            // Everything the entry needs at once in one file (rolldown otherwise splits React and
            // the catalog into a second one, which compresses worse and costs a request).
            { name: 'shell', tags: ['$initial'] },
            // The API client and what the site-options load needs, in one chunk that main.tsx
            // starts fetching while the first frame renders (src/app/liveSiteOptions.ts). The
            // account calls (src/api/auth.ts) stay apart: only a stored token or a login needs them.
            {
              name: 'api',
              test: /[\\/](src[\\/]api[\\/](client|site)\.ts|contract[\\/](site|primitives|mediaLink|errors|report)\.ts|node_modules[\\/](io-ts|fp-ts)[\\/])/,
            },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': `http://127.0.0.1:${devApiPort}` },
  },
});
