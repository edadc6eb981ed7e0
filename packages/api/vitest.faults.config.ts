import { defineConfig } from 'vitest/config';

// The fault suite (src/faults/, `pnpm test:faults`): it starts its own PostgreSQL, Redis and API
// processes and kills them, so its files run one at a time and apart from the unit suite.
export default defineConfig({
  test: {
    include: ['src/faults/**/*.faults.ts'],
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
