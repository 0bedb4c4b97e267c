import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { availableParallelism } from 'node:os';

/**
 * What the projects that run the server in-process share: each test file in a worker thread of its own (a fresh
 * module graph, as a process gives, for less than starting one), and the run's database copies
 * (tests/support/dbTemplates.ts): the servers copy one migrated (and one seeded) database instead of migrating each.
 */
const IN_PROCESS = { pool: 'threads' as const, globalSetup: ['tests/support/dbTemplates.ts'] };
/**
 * The test files a worker runs one after another share its modules (`isolate: false`): the app, Mantine and the
 * server are evaluated once per worker, not once per file (import 98 s and set-up 28 s of worker time in a run
 * before, 20 s and 3 s after; the in-process tests 366 s to about 250 s). What the files share is reset between
 * tests where it matters: jsdom's document and storage (tests/setup/dom.ts), the notifications (renderApp), and every server
 * is a new one on a fresh database. A test must not leave module state behind (docs/decisions.md, "Test files share
 * their worker's modules").
 */
const SHARED_MODULES = { isolate: false };

// One project per test folder; `npm test` runs them all (see scripts/test.ts).
export default defineConfig({
  test: {
    // Two test files at once even on two cores (vitest's default leaves one core to itself): a test file keeps one
    // core only partly busy.
    maxWorkers: Math.max(availableParallelism() - 1, 2),
    projects: [
      // Property tests (fast-check) run hundreds of brackets: give them room on a small, busy machine.
      { test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node', testTimeout: 20_000, ...IN_PROCESS } },
      {
        plugins: [react()],
        test: {
          name: 'machines',
          ...SHARED_MODULES,
          include: ['tests/machines/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['tests/setup/dom.ts'],
          // @pixi/react's ESM build imports 'react-reconciler/constants' without an extension: Vite resolves it.
          server: { deps: { inline: ['@pixi/react'] } },
          ...IN_PROCESS,
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'server',
          ...SHARED_MODULES,
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          ...IN_PROCESS,
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'views',
          ...SHARED_MODULES,
          include: ['tests/views/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['tests/setup/dom.ts'],
          // @pixi/react's ESM build imports 'react-reconciler/constants' without an extension: Vite resolves it.
          server: { deps: { inline: ['@pixi/react'] } },
          ...IN_PROCESS,
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 240_000,
          fileParallelism: false,
          globalSetup: ['tests/e2e/globalSetup.ts'],
        },
      },
    ],
  },
});
