import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { isDriverTypeFetchFailure } from './db/driver-type-fetch';

const alias = { '@': path.dirname(fileURLToPath(import.meta.url)) };

// CI asks for JSON reports beside the console output (scripts/ci-summary.mjs adds them up).
const jsonDir = process.env.VITEST_JSON_DIR;
const projectArg = process.argv.indexOf('--project');
const runName = projectArg > 0 ? process.argv[projectArg + 1] : 'all';

export default defineConfig({
  resolve: { alias },
  test: {
    // Vitest's default is one worker fewer than the cores: a single one on CI's 2 cores, where the
    // integration files mostly wait on PostgreSQL, child processes and timers: one runs while another waits.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    // The fault tests cut PostgreSQL connections while they start: postgres.js's dropped
    // array-type query is the driver's known unhandled rejection (db/driver-type-fetch.ts).
    onUnhandledError: (error) => (isDriverTypeFetchFailure(error) ? false : undefined),
    reporters: jsonDir ? ['default', ['json', { outputFile: `${jsonDir}/vitest-${runName}.json` }]] : ['default'],
    projects: [
      {
        resolve: { alias },
        // A per-test timeout is a backstop for a hang, never a speed check (those compare sizes:
        // tests/fixtures/growth.ts). A shared 2-core machine under load ran the heaviest unit tests
        // (a 110 MB padded workbook, a 20,000-row sheet) ten times slower than a quiet one.
        test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node', testTimeout: 120_000 },
      },
      {
        resolve: { alias },
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/fixtures/global-setup.ts'],
          // Backstops for a hang, as above: child processes and servers start ten times slower on a loaded machine.
          testTimeout: 180_000,
          hookTimeout: 240_000,
          pool: 'forks',
          env: { AUTH_SECRET: 'test-secret-test-secret-test-secret-0123456789' },
        },
      },
    ],
  },
});
