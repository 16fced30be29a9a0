import { defineConfig } from 'vitest/config';

/**
 * Suites that start @hono/node-server in this process: it replaces the global Response with its
 * own, whose in-place header changes a copied answer does not keep, so every suite after them in
 * the same worker would see answers without their headers. They get a fresh module graph each.
 */
const REPLACE_GLOBALS = ['test/api/edge.test.ts', 'test/security/api-headers.test.ts'];

export default defineConfig({
  test: {
    globalSetup: ['test/support/global-setup.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Three workers on two cores: the suites that wait on a child process (a server, a browser) leave
    // a core idle about a twentieth of the time with two; a third fills it (167 s, now 156 s).
    maxWorkers: 3,
    reporters: ['default', './scripts/reporters/vitest-slowest.ts'],
    projects: [
      // The suites share each worker's loaded modules: importing the server and its schemas once
      // per worker, not once per file, takes about a quarter off the run (the API suites' half).
      // A suite must not leave global state behind.
      {
        extends: true,
        test: {
          name: 'shared',
          include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
          exclude: REPLACE_GLOBALS,
          isolate: false,
        },
      },
      { extends: true, test: { name: 'isolated', include: REPLACE_GLOBALS } },
    ],
  },
});
