import { fileURLToPath } from 'node:url';
import { constants } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression } from 'vite-plugin-compression2';

const coreSrc = fileURLToPath(new URL('../core/src', import.meta.url));

/** Below this a file is sent as it is: compressing it would save next to nothing (scripts/bundle-budgets.mjs agrees). */
const PRECOMPRESS_THRESHOLD_BYTES = 1024;

export default defineConfig({
  base: '/encuestas/',
  plugins: [
    react(),
    // Each asset also as .br and .gz beside it, at the strongest settings: the
    // server picks one by Accept-Encoding (packages/server/src/http/web-app.ts)
    // and never compresses at request time. index.html is left out: the server
    // rewrites it per deployment.
    compression({
      algorithms: [
        ['brotliCompress', { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }],
        ['gzip', { level: 9 }],
      ],
      include: /\.(js|mjs|css|svg|json|txt|webmanifest)$/,
      exclude: /\.vite\//,
      threshold: PRECOMPRESS_THRESHOLD_BYTES,
      deleteOriginalAssets: false,
    }),
  ],
  resolve: {
    // core is used from source (no build step); the alias keeps that true even
    // where the workspace symlink is missing.
    alias: [{ find: /^@encuestas\/core\/(.*)$/, replacement: `${coreSrc}/$1.ts` }],
  },
  server: {
    port: 5173,
    proxy: {
      '/encuestas/api': { target: 'http://localhost:8080', changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // scripts/bundle-budgets.mjs walks it to find what each page loads.
    manifest: true,
    chunkSizeWarningLimit: 700,
  },
});
