import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    // What happens "eventually" (a change notice from the database, a background broadcast, a
    // socket closing) gets 5 s rather than Vitest's 1 s: CI machines run two test files beside
    // PostgreSQL on two cores, and a busy second there is not a bug.
    expect: { poll: { timeout: 5_000 } },
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
