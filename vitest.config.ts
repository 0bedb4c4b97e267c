import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// The projects that start servers copy one migrated (and one seeded) database made once per run
// (tests/support/dbTemplates.ts).
const DB_TEMPLATES = 'tests/support/dbTemplates.ts';

// One project per test folder; `npm test` runs them all (see scripts/test.ts).
export default defineConfig({
  test: {
    projects: [
      // Property tests (fast-check) run hundreds of brackets: give them room on a small, busy machine.
      { test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node', testTimeout: 20_000, globalSetup: [DB_TEMPLATES] } },
      {
        plugins: [react()],
        test: {
          name: 'machines',
          include: ['tests/machines/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['tests/setup/dom.ts'],
          globalSetup: [DB_TEMPLATES],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          globalSetup: [DB_TEMPLATES],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'views',
          include: ['tests/views/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['tests/setup/dom.ts'],
          globalSetup: [DB_TEMPLATES],
          testTimeout: 30_000,
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
