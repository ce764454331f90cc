/// <reference types="vitest/config" />
import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { i18nCatalogs } from './i18nCatalogs.plugin';
import { unitTestProjects } from '../shared/vitest-projects';

/**
 * Inlines the entry stylesheet (≈3 KB gzip) into index.html: one render-blocking request less on
 * every first visit. The backend's CSP allows inline styles ('unsafe-inline' in style-src).
 */
function inlineEntryCss(): Plugin {
  return {
    name: 'classlane-inline-entry-css',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!ctx.bundle) return html;
        return html.replace(/<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g, (tag, file: string) => {
          const asset = ctx.bundle?.[file];
          if (!asset || asset.type !== 'asset') return tag;
          return `<style>${String(asset.source)}</style>`;
        });
      },
    },
  };
}

// Public site: a small React app served by the backend from public-site/dist
// (index.html fallback for every public route). See
// docs/decisions/fastify-adapter-plus-fast-path-one-hot-read.md.
export default defineConfig({
  base: '/',
  plugins: [react(), inlineEntryCss(), i18nCatalogs(fileURLToPath(new URL('../shared/i18n', import.meta.url)))],
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
    target: 'es2022',
    sourcemap: false,
  },
  server: {
    port: 5174,
    proxy: { '/api': 'http://localhost:3002' },
  },
  test: {
    environment: 'jsdom',
    // Every English catalog loaded before each test file (components read their texts synchronously), and the
    // Testing Library's wait for elements lengthened for a loaded machine (src/testing/setup.ts says why).
    setupFiles: ['src/lib/i18n/testSetup.ts', 'src/testing/setup.ts'],
    // Page tests render in jsdom: well under the default 5 s alone, over it beside the API and end-to-end tests.
    testTimeout: 30_000,
    // One module registry per worker for most files, a file of its own for those that replace a module (see there).
    projects: unitTestProjects(fileURLToPath(new URL('.', import.meta.url))),
  },
});
