import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

// The API the dev server forwards to (scripts/dev.mjs runs it on this port).
const devApiPort = Number(process.env.DEV_API_PORT ?? 3001);

export default defineConfig({
  plugins: [
    react(),
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
  },
  server: {
    port: 5173,
    proxy: { '/api': `http://127.0.0.1:${devApiPort}` },
  },
});
