import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}'],
          exclude: ['src/**/*.db.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'db',
          include: ['src/**/*.db.test.ts'],
          environment: 'node',
          globalSetup: ['src/test-support/global-setup.ts'],
          // One migrated template per worker, cloned per file: PGlite starts slowly on 2 cores.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
