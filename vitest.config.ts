import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: 'forks',
    // Every temporary file of the run in one folder, removed at its end (test/global-setup.ts).
    globalSetup: ['test/global-setup.ts'],
    // The JSON report feeds scripts/test-summary.mjs, which prints the plain "N passed, N failed" line.
    reporters: ['default', ['json', { outputFile: 'dist/test-results.json' }]],
    maxWorkers: 2,
    // Colour, CI and credentials from the developer's shell must not leak into assertions.
    env: { NO_COLOR: '', FORCE_COLOR: '', OPS_PROFILE: '', OPS_OUTPUT: '' },
  },
});
