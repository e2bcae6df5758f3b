import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const coreSrc = fileURLToPath(new URL('../core/src', import.meta.url));

export default defineConfig({
  base: '/encuestas/',
  plugins: [react()],
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
    chunkSizeWarningLimit: 700,
  },
});
