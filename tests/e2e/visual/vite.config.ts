import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

// The visual test's page (tests/e2e/bracketVisual.test.ts builds it here and serves it statically).
const here = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root: here,
  base: './',
  logLevel: 'warn',
  build: {
    outDir: resolve(here, '../.artifacts/visual'),
    emptyOutDir: true,
    chunkSizeWarningLimit: 4000,
    // The font stays a file of its own, as a real page would load it.
    assetsInlineLimit: 0,
  },
});
