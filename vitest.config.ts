import { defineConfig } from 'vitest/config';

// Kept apart from vite.config.ts so the router plugin does not run under tests.
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'tests/**/*.test.ts'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 30_000,
    pool: 'forks',
  },
});
