import { defineConfig } from 'vitest/config';

// The fault suite (src/faults/, `pnpm test:faults`): it starts its own PostgreSQL, Redis and API
// processes and kills them, so its files run one at a time and apart from the unit suite.
export default defineConfig({
  test: {
    include: ['src/faults/**/*.faults.ts'],
    fileParallelism: false,
    // Bounds for a failure only: a passing run takes about a minute on a quiet 2-core machine,
    // but starting the API alone can take 20 s when other builds load the machine.
    testTimeout: 240_000,
    hookTimeout: 180_000,
  },
});
