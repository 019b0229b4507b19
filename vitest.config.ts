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
          // A few start a worker thread or a child process (the encoder loads its model): 5 s was too
          // little on a busy 2-core machine. Timing is measured in bench/, never by these limits.
          testTimeout: 30_000,
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
