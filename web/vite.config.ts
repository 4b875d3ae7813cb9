import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { precompressDir } from './precompress.ts';

/** The web console: `vite build --config web/vite.config.ts` writes web/dist. */
const root = fileURLToPath(new URL('.', import.meta.url));
const apiTarget = process.env.VITE_API_TARGET ?? 'http://127.0.0.1:3000';

export default defineConfig({
  root,
  plugins: [
    react(),
    tailwindcss(),
    // .br and .gz copies of every asset, served as they are by the server (preCompressed).
    { name: 'precompress', apply: 'build', closeBundle() { precompressDir(fileURLToPath(new URL('./dist', import.meta.url))); } },
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    target: 'es2022',
    chunkSizeWarningLimit: 600,
  },
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/uploads': { target: apiTarget, changeOrigin: false },
    },
  },
});
