import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath, URL } from 'node:url';

// The backend serves the built app: assets under /admin-ui/, index.html for /admin, /teacher, /login ...
export default defineConfig({
  base: '/admin-ui/',
  plugins: [react()],
  resolve: {
    // @shared: the rule files both front ends use (class sessions, US phone):
    // docs/decisions/one-rule-file-both-front-ends-shared.md.
    alias: {
      '@shared': fileURLToPath(new URL('../shared', import.meta.url)),
      '@': fileURLToPath(new URL('./src', import.meta.url)),
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1200,
  },
  server: {
    port: 5174,
    proxy: { '/api': process.env.API_PROXY ?? 'http://localhost:3002' },
  },
});
